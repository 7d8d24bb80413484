import * as v from 'valibot';
import { normalizeDigits } from './digits';
import { INT4, JSON_LIST_MAX, SMALLINT, TEXT_MAX } from './rules/limits';

/**
 * Form-data fields arrive as strings; these schemas normalise Persian and
 * Arabic digits and coerce, so both the SPA and the server parse alike.
 * Every field carries the range of the database column it ends in (a value
 * the column cannot hold is a 400, not a database error) and every text a
 * maximum length (contract/rules/limits.ts).
 */

/** The message of the control-character check; routes/order.ts describeIssues localises it. */
export const CONTROL_CHARACTERS = 'control_characters';

const LINE_CHARACTERS = new Set([0x09, 0x0a, 0x0d]);

/** C0 controls and DEL (PostgreSQL cannot store NUL at all); multi-line text keeps tab, line feed and carriage return. */
export function hasControl(value: string, multiline: boolean): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if ((code < 0x20 || code === 0x7f) && !(multiline && LINE_CHARACTERS.has(code))) return true;
  }
  return false;
}

/** Free text: digits normalised, trimmed, at most `max` characters, no control characters (tab and line breaks when `multiline`). */
export const text = ({ max = TEXT_MAX.default, multiline = false }: { max?: number; multiline?: boolean } = {}) =>
  v.pipe(
    v.string(),
    v.check((value) => !hasControl(value, multiline), CONTROL_CHARACTERS),
    v.transform(normalizeText),
    v.maxLength(max),
  );

/** What text() makes of a field: Western digits, no outer spaces. Stored names are compared after the same folding. */
export function normalizeText(value: string): string {
  return normalizeDigits(value).trim();
}

/** Text kept exactly as sent (a name matched against stored names): at most `max` characters, no control characters. */
export const verbatim = ({ max = TEXT_MAX.default }: { max?: number } = {}) =>
  v.pipe(v.string(), v.check((value) => !hasControl(value, false), CONTROL_CHARACTERS), v.maxLength(max));

/** A whole number in `min..max` (default: a PostgreSQL integer). */
export const integer = ({ min = INT4.min, max = INT4.max }: { min?: number; max?: number } = {}) =>
  v.pipe(
    v.union([v.number(), v.string()]),
    v.transform((value) => (typeof value === 'number' ? String(value) : normalizeDigits(value).trim())),
    v.regex(/^-?\d+$/, 'expected an integer'),
    v.transform(Number),
    v.safeInteger(),
    v.minValue(min),
    v.maxValue(max),
  );

/** A PostgreSQL smallint column: flags, kinds, statuses, date parts. */
export const smallint = ({ min = SMALLINT.min, max = SMALLINT.max }: { min?: number; max?: number } = {}) => integer({ min, max });

/** A row id (a serial integer column); 0 names "none" or "the top" where a code says so. */
export const id = () => integer({ min: 0 });

/** A Tehran day, 'YYYY-MM-DD' (its being on the calendar is the server's to check). */
export const day = () => v.pipe(v.string(), v.trim(), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'day'));

/** An amount of rial (a bigint column): any safe integer. */
export const money = () => integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });

/**
 * An optional field where a blank value means absent: spec §7 clients send
 * every field, empty when unset (`from_price=`, `cat_id=`).
 */
const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const blankAsAbsent = <TSchema extends v.GenericSchema>(schema: TSchema) => v.optional(v.pipe(v.unknown(), v.transform(blankToUndefined), v.optional(schema)));

/** blankAsAbsent with a value for absent and blank. */
export const blankOr = <TSchema extends v.GenericSchema>(schema: TSchema, fallback: v.InferOutput<TSchema>) =>
  v.optional(v.pipe(v.unknown(), v.transform(blankToUndefined), v.optional(schema, fallback)), fallback);

/** A long poll's `wait`: 1 (held, the default) or 0 (answered at once, held or not). */
export const longPollWait = () => v.pipe(blankOr(integer({ min: 0, max: 1 }), 1), v.transform((wait) => wait === 1));

export const language = () => v.optional(v.picklist(['fa', 'en']), 'fa');

/** A latitude or longitude: a number, or text with Persian digits and the Persian decimal separator. */
export const coordinate = () =>
  v.pipe(
    v.union([v.number(), v.string()]),
    v.transform((value) => (typeof value === 'string' ? (value.trim() === '' ? Number.NaN : Number(normalizeDigits(value).trim().replace('٫', '.'))) : value)),
    v.number(),
    v.finite(),
  );

/** A form field holding JSON of at most `max` characters, parsed and checked against `schema`. */
export const jsonField = <TSchema extends v.GenericSchema>(schema: TSchema, { max = TEXT_MAX.json }: { max?: number } = {}) =>
  v.pipe(v.string(), v.trim(), v.maxLength(max), v.parseJson(), schema);

/** A JSON list of at most JSON_LIST_MAX entries. */
export const jsonList = <TSchema extends v.GenericSchema>(entry: TSchema, options: { max?: number } = {}) =>
  jsonField(v.pipe(v.array(entry), v.maxLength(JSON_LIST_MAX)), options);
