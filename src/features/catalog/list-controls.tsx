import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import type { ItemSort } from '@contract/entities/catalog';
import { ITEM_SORTS } from '@contract/entities/catalog';
import { normalizeDigits } from '@contract/digits';
import { currencyName } from '@contract/money';
import { useAppSelector, useLanguage } from '@/ui/app-actor';

export interface ListQuery {
  sort: ItemSort;
  /** in the shop's currency, as typed */
  from: string;
  to: string;
}

/** Sort menu and price range (in the shop's currency) of a category page. */
export function ListControls({ query, onChange }: { query: ListQuery; onChange: (query: ListQuery) => void }) {
  const { t } = useLingui();
  const language = useLanguage();
  const currency = useAppSelector((snapshot) => snapshot.context.shop?.currency ?? 'IRT');
  const [from, setFrom] = useState(query.from);
  const [to, setTo] = useState(query.to);
  const labels: Record<ItemSort, string> = {
    default: t`Suggested`,
    newest: t`Newest`,
    price_up: t`Price: low to high`,
    price_down: t`Price: high to low`,
    best_selling: t`Best selling`,
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...query, from: normalizeDigits(from).replace(/\D/g, ''), to: normalizeDigits(to).replace(/\D/g, '') });
  };
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
        <TextField size="small" label={t`From (${unit})`} value={from} onChange={(event) => setFrom(event.target.value)} slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'price-from' } }} sx={{ width: 130 }} />
        <TextField size="small" label={t`To (${unit})`} value={to} onChange={(event) => setTo(event.target.value)} slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'price-to' } }} sx={{ width: 130 }} />
        <Button type="submit" variant="outlined" data-testid="price-apply">
          <Trans>Apply</Trans>
        </Button>
      </Box>
    </Box>
  );
}
