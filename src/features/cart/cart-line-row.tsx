import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import type { CartLine } from '@contract/index';
import { lineMeasure, quantityText } from '@contract/units';
import { useLanguage } from '@/ui/actor-system';
import { formatNumber, localized } from '@/ui/format';
import { Price } from '@/ui/price';

export interface LineControls {
  canUp: boolean;
  canDown: boolean;
  canRemove: boolean;
  onCount: (count: number) => void;
  onRemove: () => void;
}

/** One cart line: name, chosen feature/color/size, priced extras, the server's price, count and remove. */
export function CartLineRow({ line, controls }: { line: CartLine; controls: LineControls }) {
  const { t } = useLingui();
  const language = useLanguage();
  const name = localized(language, line.name, line.name_en);
  const choices = [line.feature, line.color, line.size?.name].filter((choice): choice is string => Boolean(choice));
  // A line of almonds sold by the 100 g reads '۲۰۰ گرم', of walnuts '۱ کیلوگرم' (the unit stored with the line).
  const measure = lineMeasure(line.item_data);
  return (
    <Box component="li" data-testid="cart-line" data-item-id={line.item_id} sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography fontWeight={700}>{name}</Typography>
        {choices.length > 0 ? (
          <Typography variant="body2" color="text.secondary">
            {choices.join(' · ')}
          </Typography>
        ) : null}
        {line.comment.length > 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="line-extras">
            <Trans>Extras:</Trans> {line.comment.map((extra) => `${extra.name} × ${formatNumber(extra.count, language)}`).join('، ')}
          </Typography>
        ) : null}
        <Price rial={line.price} unit={line.size ? undefined : measure.unit} step={measure.step} variant="body2" data-testid="line-price" />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center' }} role="group" aria-label={t`Count of ${name}`}>
        <CountButton label={t`One more ${name}`} enabled={controls.canUp} onPress={() => controls.onCount(line.item_count + 1)}>
          <AddIcon />
        </CountButton>
        <Typography data-testid="line-count" aria-live="polite" sx={{ minWidth: 24, textAlign: 'center', whiteSpace: 'nowrap' }}>
          {quantityText(line.item_count, measure, language)}
        </Typography>
        <CountButton label={t`One less ${name}`} enabled={controls.canDown} onPress={() => controls.onCount(line.item_count - 1)}>
          <RemoveIcon />
        </CountButton>
        <CountButton label={t`Remove ${name}`} enabled={controls.canRemove} onPress={controls.onRemove} color="error">
          <DeleteOutlineIcon />
        </CountButton>
      </Box>
    </Box>
  );
}

/**
 * A line's button that keeps the keyboard focus while it cannot act: it is aria-disabled, not
 * disabled, because the line is busy during every count change and a disabled button hands the
 * focus to the page (issue 10, defect 6). A press while it cannot act does nothing.
 */
function CountButton({ label, enabled, onPress, color, children }: { label: string; enabled: boolean; onPress: () => void; color?: 'error'; children: ReactNode }) {
  return (
    <IconButton
      aria-label={label}
      aria-disabled={!enabled}
      disableRipple={!enabled}
      color={color}
      onClick={() => {
        if (enabled) onPress();
      }}
      sx={enabled ? undefined : { color: 'action.disabled', cursor: 'default', '&:hover': { bgcolor: 'transparent' } }}
    >
      {children}
    </IconButton>
  );
}
