import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import type { Language } from '@contract/enums';
import type { PickerFieldProps } from './picker-fields';

export type { PickerFieldProps };
export type { PickerKind } from './wall-clock';

// The pickers (MUI X with date-fns, ~40 KiB on the wire) load only where one shows, with the reader's calendar alone.
const JalaliPicker = lazy(() => import('./jalali-picker'));
const GregorianPicker = lazy(() => import('./gregorian-picker'));

/**
 * A date, time or date-and-time field (spec §1: Jalali with Persian digits and month names in fa, Gregorian in en),
 * typed section by section or picked from its calendar or clock; its value is the wire's Tehran wall-clock text.
 */
export function PickerField({ language, ...props }: PickerFieldProps & { language: Language }) {
  const Picker = language === 'fa' ? JalaliPicker : GregorianPicker;
  return (
    <Suspense fallback={<Box sx={{ minHeight: props.size === 'small' ? 40 : 56, flex: props.fullWidth ? '1 1 auto' : undefined }} aria-busy="true" data-testid={props.testId} />}>
      <Picker {...props} />
    </Suspense>
  );
}
