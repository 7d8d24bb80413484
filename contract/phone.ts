import { normalizeDigits } from './digits';

/**
 * An Iranian mobile number in its one canonical form, 09XXXXXXXXX, or null.
 * Accepts Persian/Arabic digits, spaces, dashes, parentheses and the prefixes
 * +98, 0098, 98, 0 or none (9XXXXXXXXX).
 */
export function normalizeMobile(input: string): string | null {
  const compact = normalizeDigits(input).replace(/[\s\-().\u200c\u200f\u200e]/g, '');
  const match = /^(?:\+98|0098|98|0)?(9\d{9})$/.exec(compact);
  return match ? `0${match[1]}` : null;
}
