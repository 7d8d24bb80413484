import { normalizeDigits } from '../digits';
import { DISCOUNT_KINDS, type DiscountKind } from '../entities/discount';
import type { FormProblem } from './counter-forms';

/*
 * A discount code as the owner writes it (issue 32): the console's chart refuses a form with problems and the server
 * refuses the same request with the same rule, nothing written.
 */

/** A code's text: letters A–Z, digits, '-' and '_', stored upper-case (checkout matches it case-insensitively). */
export const DISCOUNT_CODE_LENGTH = { min: 3, max: 32 } as const;
export const DISCOUNT_PERCENT = { min: 1, max: 100 } as const;
/** a usage limit (in all or per customer): a whole number of orders */
export const DISCOUNT_USES = { min: 1, max: 1_000_000 } as const;
/** rial: an amount, a cap or a minimum order (a bigint column; far above any real order) */
export const DISCOUNT_RIAL_MAX = 1_000_000_000_000;

const CODE_CHARACTERS = /^[A-Z0-9_-]+$/;

/** What the owner typed, with numbers already read (null: left empty, "no cap", "no limit", "no date"). */
export interface DiscountCodeInput {
  /** the code's text (`code` names the API's code) */
  code_text: string;
  kind: DiscountKind;
  value: number;
  max_amount: number | null;
  min_order: number;
  first_order_only: 0 | 1;
  online_only: 0 | 1;
  total_limit: number | null;
  per_user_limit: number | null;
  /** ISO timestamps */
  starts_at: string | null;
  expires_at: string | null;
}

export type DiscountField = keyof DiscountCodeInput;
export type DiscountProblem = FormProblem | 'code_characters' | 'end_before_start' | 'not_a_date' | 'per_user_above_total';
export type DiscountProblems = Partial<Record<DiscountField, DiscountProblem>>;

/** The text a code is stored and matched as: Western digits, no spaces around, upper-case. */
export const normalizeDiscountCode = (text: string): string => normalizeDigits(text).trim().toUpperCase();

const wholeIn = (value: number, min: number, max: number): FormProblem | null => {
  if (!Number.isSafeInteger(value)) return 'not_whole';
  return value < min || value > max ? 'out_of_range' : null;
};

const timeOf = (iso: string | null): number | null => (iso === null ? null : Date.parse(iso));

/**
 * Each field's problem: a code of DISCOUNT_CODE_LENGTH letters, digits, '-' or '_'; a percent 1–100 or an amount of at
 * least 1 rial; a cap (percent only) and a minimum order of whole rial; limits of at least one use, the per-customer
 * one no more than the total; the end after the start.
 */
export function discountCodeProblems(input: DiscountCodeInput): DiscountProblems {
  const problems: DiscountProblems = {};
  const code = normalizeDiscountCode(input.code_text);
  if (code === '') problems.code_text = 'required';
  else if (code.length < DISCOUNT_CODE_LENGTH.min) problems.code_text = 'too_short';
  else if (code.length > DISCOUNT_CODE_LENGTH.max) problems.code_text = 'too_long';
  else if (!CODE_CHARACTERS.test(code)) problems.code_text = 'code_characters';
  if (!(DISCOUNT_KINDS as readonly string[]).includes(input.kind)) problems.kind = 'required';
  const value = input.kind === 'percent' ? wholeIn(input.value, DISCOUNT_PERCENT.min, DISCOUNT_PERCENT.max) : wholeIn(input.value, 1, DISCOUNT_RIAL_MAX);
  if (value) problems.value = value;
  if (input.max_amount !== null) {
    const cap = wholeIn(input.max_amount, 1, DISCOUNT_RIAL_MAX);
    if (cap) problems.max_amount = cap;
  }
  const minOrder = wholeIn(input.min_order, 0, DISCOUNT_RIAL_MAX);
  if (minOrder) problems.min_order = minOrder;
  for (const field of ['total_limit', 'per_user_limit'] as const) {
    const limit = input[field];
    const problem = limit === null ? null : wholeIn(limit, DISCOUNT_USES.min, DISCOUNT_USES.max);
    if (problem) problems[field] = problem;
  }
  if (!problems.total_limit && !problems.per_user_limit && input.total_limit !== null && input.per_user_limit !== null && input.per_user_limit > input.total_limit) {
    problems.per_user_limit = 'per_user_above_total';
  }
  const starts = timeOf(input.starts_at);
  const ends = timeOf(input.expires_at);
  if (starts !== null && Number.isNaN(starts)) problems.starts_at = 'not_a_date';
  if (ends !== null && Number.isNaN(ends)) problems.expires_at = 'not_a_date';
  else if (starts !== null && ends !== null && !Number.isNaN(starts) && ends <= starts) problems.expires_at = 'end_before_start';
  return problems;
}

/** A code as stored, for the rule of a change once customers have used it. */
export interface StoredDiscountCode {
  code: string;
  kind: DiscountKind;
  used_count: number;
}

export type UsedCodeProblem = 'locked_when_used' | 'below_uses';

/**
 * Once a code has been used, its text and kind stay: customers were given that code, and the orders and the console's
 * uses name it; a kind turned from percent to amount would make the same value mean something else. Everything
 * else may change: it holds from the next checkout on (a placed order keeps its frozen bill). The total limit cannot
 * go below the uses already counted (disabling is how a code is stopped).
 */
export function usedCodeProblems(stored: StoredDiscountCode, input: Pick<DiscountCodeInput, 'code_text' | 'kind' | 'total_limit'>): Partial<Record<'code_text' | 'kind' | 'total_limit', UsedCodeProblem>> {
  if (stored.used_count === 0) return {};
  const problems: Partial<Record<'code_text' | 'kind' | 'total_limit', UsedCodeProblem>> = {};
  if (normalizeDiscountCode(input.code_text) !== stored.code) problems.code_text = 'locked_when_used';
  if (input.kind !== stored.kind) problems.kind = 'locked_when_used';
  if (input.total_limit !== null && input.total_limit < stored.used_count) problems.total_limit = 'below_uses';
  return problems;
}
