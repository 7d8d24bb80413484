import { useId } from 'react';
import { useLingui } from '@lingui/react/macro';
import { msg } from '@lingui/core/macro';
import { jalaaliMonthLength, toJalaali } from 'jalaali-js';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { Language } from '@contract/enums';
import { formatNumber } from '@/ui/format';

export interface JalaliDate {
  year: number | null;
  month: number | null;
  day: number | null;
}

const MONTHS = [
  msg`Farvardin`, msg`Ordibehesht`, msg`Khordad`, msg`Tir`, msg`Mordad`, msg`Shahrivar`,
  msg`Mehr`, msg`Aban`, msg`Azar`, msg`Dey`, msg`Bahman`, msg`Esfand`,
];

/** A Jalali date as three selects (year, month, day); days follow the month's real length. */
export function JalaliDateField({ label, value, onChange, language, error }: { label: string; value: JalaliDate; onChange: (value: JalaliDate) => void; language: Language; error?: string | null }) {
  const { i18n, t } = useLingui();
  const id = useId();
  const thisYear = toJalaali(new Date()).jy;
  const years = Array.from({ length: 100 }, (_, index) => thisYear - index);
  const days = value.year && value.month ? jalaaliMonthLength(value.year, value.month) : 31;
  const set = (part: keyof JalaliDate, raw: string) => {
    const next = { ...value, [part]: raw === '' ? null : Number(raw) };
    if (next.year && next.month && next.day && next.day > jalaaliMonthLength(next.year, next.month)) next.day = null;
    onChange(next);
  };
  const select = (part: keyof JalaliDate, partLabel: string, options: { value: number; text: string }[]) => (
    <TextField
      select
      size="small"
      label={partLabel}
      value={value[part] ?? ''}
      onChange={(event) => set(part, event.target.value)}
      sx={{ minWidth: 96, flex: 1 }}
      slotProps={{ htmlInput: { 'aria-describedby': error ? `${id}-error` : undefined }, select: { inputProps: { 'data-part': part } } }}
      name={`${id}-${part}`}
    >
      <MenuItem value="">—</MenuItem>
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.text}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <FormControl component="fieldset" error={Boolean(error)}>
      <FormLabel component="legend" sx={{ mb: 1 }}>
        {label}
      </FormLabel>
      <Stack direction="row" gap={1}>
        {select('year', t`Year`, years.map((year) => ({ value: year, text: formatNumber(year, language).replace(/[٬,]/g, '') })))}
        {select('month', t`Month`, MONTHS.map((month, index) => ({ value: index + 1, text: i18n._(month) })))}
        {select('day', t`Day`, Array.from({ length: days }, (_, index) => ({ value: index + 1, text: formatNumber(index + 1, language) })))}
      </Stack>
      {error ? <FormHelperText id={`${id}-error`}>{error}</FormHelperText> : null}
    </FormControl>
  );
}
