import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import type { Unit } from '@contract/entities/catalog';
import { priceWithUnit } from '@contract/units';
import { useLanguage, useSystemActor } from '@/ui/actor-system';

/** A rial amount in the shop's currency (toman or rial), Persian digits in fa; optionally 'per unit' ('/ کیلوگرم', '/ ۱۰۰ گرم'). */
export function Price({ rial, unit, step = 1, ...props }: { rial: number; unit?: Unit; step?: number } & TypographyProps) {
  const language = useLanguage();
  const currency = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.shop?.currency ?? 'IRT');
  return (
    <Typography component="span" data-testid="price" {...props}>
      {priceWithUnit(rial, currency, language, unit ? { unit, step } : null)}
    </Typography>
  );
}
