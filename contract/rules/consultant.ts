import { normalizeDigits } from '../digits';

/*
 * Consultant codes (spec §6: a real-estate consultant, with their code). The shop gives them in the console; a customer
 * becomes a consultant only by naming a code the shop gave and nobody else holds (update_profile's consultant_code).
 */

/** A code's shape: 2 to 20 Latin letters, digits and dashes, starting with a letter or digit (e.g. "M-1402"). */
export const CONSULTANT_CODE = { min: 2, max: 20, pattern: /^[A-Z0-9][A-Z0-9-]*$/ } as const;
/** Longest note a staff member keeps with a code (who it is for). */
export const CONSULTANT_LABEL_MAX = 100;

/** The publisher kinds of the classifieds profile (users.data.ty_user_type). */
export const CLASSIFIEDS_USER_TYPES = ['person', 'consultant'] as const;
export type ClassifiedsUserType = (typeof CLASSIFIEDS_USER_TYPES)[number];

/** A typed code as it is stored and matched: Persian or Arabic digits made Western, spaces dropped, upper-case. */
export const normalizeConsultantCode = (text: string): string => normalizeDigits(text).replace(/\s+/g, '').toUpperCase();

/** Whether a normalized code has a code's shape. */
export const isConsultantCode = (code: string): boolean => code.length >= CONSULTANT_CODE.min && code.length <= CONSULTANT_CODE.max && CONSULTANT_CODE.pattern.test(code);

export interface ClassifiedsProfileInput {
  ty_user_type?: string;
  consultant_code?: string;
}

/**
 * What the classifieds profile lacks before it may be saved: a publisher kind the profile knows, and a consultant's
 * code (required, and of a code's shape). Whether the shop gave the code only the server can say.
 */
export function classifiedsProfileProblems(input: ClassifiedsProfileInput): Partial<Record<'ty_user_type' | 'consultant_code', 'required' | 'invalid'>> {
  const kind = input.ty_user_type;
  if (kind === undefined || kind === '') return {};
  if (!(CLASSIFIEDS_USER_TYPES as readonly string[]).includes(kind)) return { ty_user_type: 'invalid' };
  if (kind !== 'consultant') return {};
  const code = normalizeConsultantCode(input.consultant_code ?? '');
  if (code === '') return { consultant_code: 'required' };
  return isConsultantCode(code) ? {} : { consultant_code: 'invalid' };
}
