import { STAFF_PASSWORD_MAX, STAFF_PASSWORD_MIN, STAFF_ROLES, STAFF_USERNAME_MAX } from '../console/rules';
import {
  ADJUST_REASON_MAX,
  ORDER_TOTAL_MAX_RIAL,
  PAYMENT_WAIT_MINUTES,
  REFERRAL_REWARD_RIAL,
  STAFF_WALLET_DAY_LIMIT_RIAL,
  STAFF_WALLET_LIMIT_RIAL,
} from './counter';

/*
 * What the console's counter forms must say before they are sent (issue 30): a denied access request's reason,
 * a wallet adjustment's amount and reason, the counter's settings within their bounds, a staff account's fields.
 * The console's charts refuse a form with problems (a guard) and the server refuses the same request.
 */

/** Why a field is refused; the console words each (fa and en), the server answers its own localised message. */
export type FormProblem = 'required' | 'too_long' | 'too_short' | 'not_whole' | 'out_of_range';
export type FormProblems<K extends string = string> = Partial<Record<K, FormProblem>>;

const blank = (text: string | undefined): boolean => (text ?? '').trim() === '';

export interface AccessAnswerInput {
  decision: 'approve' | 'deny';
  reason?: string;
}

/** A denial says why (the customer reads it in the SMS); an approval needs nothing. */
export function accessAnswerProblems(input: AccessAnswerInput): FormProblems<'reason'> {
  if (input.decision !== 'deny') return {};
  if (blank(input.reason)) return { reason: 'required' };
  return (input.reason ?? '').trim().length > ADJUST_REASON_MAX ? { reason: 'too_long' } : {};
}

export interface WalletAdjustInput {
  /** rial, signed: negative takes money back (a correction) */
  amount: number;
  reason: string;
}

/**
 * A wallet adjustment is a whole, non-zero amount with a reason. The staff member's limit and the balance never
 * going below zero are the server's to check (it knows the balance at the moment of writing, and words the refusal).
 */
export function walletAdjustProblems(input: WalletAdjustInput): FormProblems<'amount' | 'reason'> {
  const problems: FormProblems<'amount' | 'reason'> = {};
  if (!Number.isFinite(input.amount) || input.amount === 0) problems.amount = 'required';
  else if (!Number.isSafeInteger(input.amount)) problems.amount = 'not_whole';
  if (blank(input.reason)) problems.reason = 'required';
  else if (input.reason.trim().length > ADJUST_REASON_MAX) problems.reason = 'too_long';
  return problems;
}

export interface CounterSettingsInput {
  payment_wait_minutes: number;
  referral_reward: number;
  staff_wallet_limit: number;
  staff_wallet_day_limit: number;
  order_total_max: number;
}

/** The settings' bounds (contract/rules/counter.ts), by field. */
export const COUNTER_SETTING_BOUNDS = {
  payment_wait_minutes: PAYMENT_WAIT_MINUTES,
  referral_reward: REFERRAL_REWARD_RIAL,
  staff_wallet_limit: STAFF_WALLET_LIMIT_RIAL,
  staff_wallet_day_limit: STAFF_WALLET_DAY_LIMIT_RIAL,
  order_total_max: ORDER_TOTAL_MAX_RIAL,
} as const;

/** Each setting a whole number within its bounds. */
export function counterSettingsProblems(input: CounterSettingsInput): FormProblems<keyof CounterSettingsInput> {
  const problems: FormProblems<keyof CounterSettingsInput> = {};
  for (const field of Object.keys(COUNTER_SETTING_BOUNDS) as (keyof CounterSettingsInput)[]) {
    const value = input[field];
    const { min, max } = COUNTER_SETTING_BOUNDS[field];
    if (!Number.isSafeInteger(value)) problems[field] = 'not_whole';
    else if (value < min || value > max) problems[field] = 'out_of_range';
  }
  return problems;
}

export interface StaffAccountInput {
  name?: string;
  username?: string;
  password?: string;
  role?: string;
}

/**
 * A new account needs a name, a username, a password of at least STAFF_PASSWORD_MIN characters and a role; a change
 * (`adding` false) checks only the fields it sends (a password given is still at least STAFF_PASSWORD_MIN long).
 */
export function staffAccountProblems(input: StaffAccountInput, adding: boolean): FormProblems<keyof StaffAccountInput> {
  const problems: FormProblems<keyof StaffAccountInput> = {};
  if (adding || input.name !== undefined) {
    if (blank(input.name)) problems.name = 'required';
    else if ((input.name ?? '').trim().length > 100) problems.name = 'too_long';
  }
  if (adding || input.username !== undefined) {
    if (blank(input.username)) problems.username = 'required';
    else if ((input.username ?? '').trim().length > STAFF_USERNAME_MAX) problems.username = 'too_long';
  }
  if (adding || input.password !== undefined) {
    const password = input.password ?? '';
    if (password.length < STAFF_PASSWORD_MIN) problems.password = password === '' ? 'required' : 'too_short';
    else if (password.length > STAFF_PASSWORD_MAX) problems.password = 'too_long';
  }
  if ((adding || input.role !== undefined) && !(STAFF_ROLES as readonly string[]).includes(input.role ?? '')) problems.role = 'required';
  return problems;
}

/** True when a form's problems are none. */
export const noProblems = (problems: FormProblems): boolean => Object.keys(problems).length === 0;
