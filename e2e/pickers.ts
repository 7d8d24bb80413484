import type { Locator } from '@playwright/test';

/**
 * Types into a date or time picker (MUI X), each section's digits into that section, in the field's order (fa's
 * date and time: hour, minute, year, month, day): Western keys, as a keyboard gives them, shown in the reader's digits.
 */
export async function typeInPicker(field: Locator, sections: string[]): Promise<void> {
  for (const [at, keys] of sections.entries()) {
    await field.getByRole('spinbutton').nth(at).click();
    await field.page().keyboard.type(keys, { delay: 50 });
  }
}

/** What a picker's field shows (its sections' text, as the person reads it). */
export async function pickerText(field: Locator): Promise<string> {
  return (await field.locator('.MuiPickersSectionList-root').innerText()).replace(/[\u2066-\u2069\u200E\u200F\s]/g, '');
}

/** A Gregorian 'YYYY-MM-DD' as the Jalali field's keys: year, month and day in Western digits (1405, 09, 16). */
export function jalaliKeys(day: string): string[] {
  const parts = new Intl.DateTimeFormat('en-u-ca-persian-nu-latn', { timeZone: 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(new Date(`${day}T12:00:00Z`));
  const part = (type: string) => parts.find((entry) => entry.type === type)!.value;
  return [part('year'), part('month'), part('day')];
}

/** A Gregorian 'YYYY-MM-DD' as the en field's keys: month, day and year. */
export function gregorianKeys(day: string): string[] {
  const [year, month, date] = day.split('-');
  return [month, date, year];
}
