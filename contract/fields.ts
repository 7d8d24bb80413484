import * as v from 'valibot';
import { normalizeDigits } from './digits';

/**
 * Form-data fields arrive as strings; these schemas normalise Persian and
 * Arabic digits and coerce, so both the SPA and the server parse alike.
 */
export const text = () => v.pipe(v.string(), v.transform(normalizeText));

/** What text() makes of a field: Western digits, no outer spaces. Stored names are compared after the same folding. */
export function normalizeText(value: string): string {
  return normalizeDigits(value).trim();
}

export const integer = () =>
  v.pipe(
    v.union([v.number(), v.string()]),
    v.transform((value) => (typeof value === 'number' ? String(value) : normalizeDigits(value).trim())),
    v.regex(/^-?\d+$/, 'expected an integer'),
    v.transform(Number),
    v.safeInteger(),
  );

export const language = () => v.optional(v.picklist(['fa', 'en']), 'fa');
