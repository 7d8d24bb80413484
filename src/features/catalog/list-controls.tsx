import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import type { ItemSort } from '@contract/entities/catalog';
import { ITEM_SORTS } from '@contract/entities/catalog';
import { normalizeDigits } from '@contract/digits';
import { currencyName } from '@contract/money';
import { priceRangeProblem, type PriceRangeProblem } from '@contract/rules/price-range';
import { useLanguage, useSystemActor } from '@/ui/actor-system';

export interface ListQuery {
  sort: ItemSort;
  /** in the shop's currency, as typed */
  from: string;
  to: string;
}

const bound = (typed: string) => (typed === '' ? undefined : Number(typed));

/** What is wrong with a range as the URL holds it (digits only); the server refuses the same ranges. */
export const rangeProblemOf = (query: Pick<ListQuery, 'from' | 'to'>): PriceRangeProblem | null => priceRangeProblem(bound(query.from), bound(query.to));

/** Sort menu and price range (in the shop's currency) of a category page; a range the server would refuse marks the fields. */
export function ListControls({ query, onChange }: { query: ListQuery; onChange: (query: ListQuery) => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  const currency = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.shop?.currency ?? 'IRT');
  const [from, setFrom] = useState(query.from);
  const [to, setTo] = useState(query.to);
  // An inverted range (also one arriving in the URL) marks the fields; it is never sent.
  const [problem, setProblem] = useState(() => rangeProblemOf(query));
  const labels: Record<ItemSort, string> = {
    default: t`Suggested`,
    newest: t`Newest`,
    price_up: t`Price: low to high`,
    price_down: t`Price: high to low`,
    best_selling: t`Best selling`,
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = { ...query, from: normalizeDigits(from).replace(/\D/g, ''), to: normalizeDigits(to).replace(/\D/g, '') };
    const found = rangeProblemOf(next);
    setProblem(found);
    if (!found) onChange(next);
  };
  const problemText = problem === 'price_range_reversed' ? t`The minimum price cannot be above the maximum price.` : problem ? t`A price cannot be negative.` : null;
  const described = problemText ? { 'aria-describedby': 'price-range-problem' } : {};
  const unit = currencyName(currency, language);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={t`Sort by`}
        value={query.sort}
        onChange={(event) => onChange({ ...query, sort: event.target.value as ItemSort })}
        slotProps={{ htmlInput: { 'data-testid': 'sort-select' } }}
        sx={{ minWidth: 180 }}
      >
        {ITEM_SORTS.map((sort) => (
          <MenuItem key={sort} value={sort} data-testid={`sort-${sort}`}>
            {labels[sort]}
          </MenuItem>
        ))}
      </TextField>
      <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, alignItems: 'center' }} aria-label={t`Price range`}>
        <TextField size="small" label={t`From (${unit})`} value={from} error={problem !== null} onChange={(event) => setFrom(event.target.value)} slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'price-from', ...described } }} sx={{ width: 130 }} />
        <TextField size="small" label={t`To (${unit})`} value={to} error={problem !== null} onChange={(event) => setTo(event.target.value)} slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'price-to', ...described } }} sx={{ width: 130 }} />
        <Button type="submit" variant="outlined" data-testid="price-apply">
          <Trans>Apply</Trans>
        </Button>
      </Box>
      {problemText ? (
        <FormHelperText error id="price-range-problem" role="alert" data-testid="price-range-problem" sx={{ flexBasis: '100%', m: 0 }}>
          {problemText}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
