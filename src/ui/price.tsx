import Typography, { type TypographyProps } from '@mui/material/Typography';
import { formatMoney } from '@contract/money';
import type { Unit } from '@contract/entities/catalog';
import { unitLabel } from '@contract/units';
import { useAppSelector, useLanguage } from './app-actor';

/** A rial amount in the shop's currency (toman or rial), Persian digits in fa; optionally 'per unit'. */
export function Price({ rial, unit, ...props }: { rial: number; unit?: Unit } & TypographyProps) {
  const language = useLanguage();
  const currency = useAppSelector((snapshot) => snapshot.context.shop?.currency ?? 'IRT');
  const perUnit = unit && unit !== 'number' ? ` / ${unitLabel(unit, language)}` : '';
  return (
    <Typography component="span" data-testid="price" {...props}>
      {formatMoney(rial, currency, language)}
      {perUnit}
    </Typography>
  );
}
