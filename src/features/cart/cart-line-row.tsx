import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import RemoveIcon from '@mui/icons-material/Remove';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import type { CartLine } from '@contract/index';
import { useLanguage } from '@/ui/app-actor';
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
        <Price rial={line.price} variant="body2" data-testid="line-price" />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center' }} role="group" aria-label={t`Count of ${name}`}>
        <IconButton aria-label={t`One more ${name}`} disabled={!controls.canUp} onClick={() => controls.onCount(line.item_count + 1)}>
          <AddIcon />
        </IconButton>
        <Typography data-testid="line-count" aria-live="polite" sx={{ minWidth: 24, textAlign: 'center' }}>
          {formatNumber(line.item_count, language)}
        </Typography>
        <IconButton aria-label={t`One less ${name}`} disabled={!controls.canDown} onClick={() => controls.onCount(line.item_count - 1)}>
          <RemoveIcon />
        </IconButton>
        <IconButton aria-label={t`Remove ${name}`} disabled={!controls.canRemove} onClick={controls.onRemove} color="error">
          <DeleteOutlineIcon />
        </IconButton>
      </Box>
    </Box>
  );
}
