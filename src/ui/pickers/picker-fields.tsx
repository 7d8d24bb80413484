import { useMemo, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider, type LocalizationProviderProps } from '@mui/x-date-pickers/LocalizationProvider';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import type { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import type { AdapterDateFnsJalali } from '@mui/x-date-pickers/AdapterDateFnsJalali';
import { fromWire, toWire, type PickerKind } from './wall-clock';

export interface PickerFieldProps {
  kind: PickerKind;
  /** the wire's text ('HH:mm', 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:mm'); '' for none */
  value: string;
  onChange: (value: string) => void;
  label: string;
  /** the earliest and latest days a date may take, as wire texts */
  min?: string;
  max?: string;
  error?: boolean;
  helperText?: ReactNode;
  /** an element outside the field that says what is wrong with it */
  describedBy?: string;
  id?: string;
  testId?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
  disabled?: boolean;
  /** focus the field once it shows (it replaced the control that asked for it) */
  autoFocus?: boolean;
}

interface Calendar {
  adapter: typeof AdapterDateFns | typeof AdapterDateFnsJalali;
  localeText: LocalizationProviderProps<unknown>['localeText'];
  ampm: boolean;
}

/** The field of either calendar: the wire's text in, the wire's text out (a partly typed value sends nothing). */
export function PickerFields({ kind, value, onChange, label, min, max, error, helperText, describedBy, id, testId, size, fullWidth, disabled, autoFocus, adapter, localeText, ampm }: PickerFieldProps & Calendar) {
  // One Date per text, so a re-render while a value is half typed does not reset the field.
  const wireDate = useMemo(() => fromWire(kind, value), [kind, value]);
  /*
   * What the picker last gave, kept while the wire's text is the one it led to: MUI X clears a field whose published
   * date its owner does not take, and a date half typed (a year's first digit) or not a date yet sends nothing.
   */
  const [held, setHeld] = useState<{ text: string; date: Date | null } | null>(null);
  const date = held !== null && held.text === value ? held.date : wireDate;
  const minDate = useMemo(() => (min ? (fromWire('date', min) ?? undefined) : undefined), [min]);
  const maxDate = useMemo(() => (max ? (fromWire('date', max) ?? undefined) : undefined), [max]);
  const change = (next: Date | null) => {
    const text = toWire(kind, next);
    setHeld({ text: text ?? value, date: next });
    if (text !== null && text !== value) onChange(text);
  };
  const textField = {
    id,
    label,
    error,
    helperText,
    size,
    fullWidth,
    slotProps: describedBy ? { input: { 'aria-describedby': describedBy } } : undefined,
  };
  const common = { value: date, onChange: change, disabled, autoFocus, slotProps: { textField } };
  return (
    <Box data-testid={testId} sx={{ flex: fullWidth ? '1 1 auto' : undefined, minWidth: 0 }}>
      <LocalizationProvider dateAdapter={adapter} localeText={localeText}>
        {kind === 'time' ? <TimePicker {...common} ampm={ampm} /> : null}
        {kind === 'date' ? <DatePicker {...common} minDate={minDate} maxDate={maxDate} /> : null}
        {kind === 'datetime' ? <DateTimePicker {...common} ampm={ampm} minDate={minDate} maxDate={maxDate} /> : null}
      </LocalizationProvider>
    </Box>
  );
}
