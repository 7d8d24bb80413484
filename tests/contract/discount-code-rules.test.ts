import { describe, expect, it } from 'vitest';
import { discountCodeProblems, usedCodeProblems, type DiscountCodeInput } from '@contract/rules/discount-codes';

const valid: DiscountCodeInput = {
  code_text: 'spring-10',
  kind: 'percent',
  value: 10,
  max_amount: null,
  min_order: 0,
  first_order_only: 0,
  online_only: 0,
  total_limit: null,
  per_user_limit: null,
  starts_at: null,
  expires_at: null,
};

describe('discount code rule (contract/rules/discount-codes.ts)', () => {
  it('takes a valid code, Persian digits in its text included', () => {
    expect(discountCodeProblems(valid)).toEqual({});
    expect(discountCodeProblems({ ...valid, code_text: 'یلدا' })).toEqual({ code_text: 'code_characters' });
    expect(discountCodeProblems({ ...valid, code_text: 'OFF۱۲' })).toEqual({});
  });

  it('bounds a percent to 1–100 but an amount only from below; a cap and limits are whole and at least 1', () => {
    expect(discountCodeProblems({ ...valid, value: 100 })).toEqual({});
    expect(discountCodeProblems({ ...valid, value: 101 })).toEqual({ value: 'out_of_range' });
    expect(discountCodeProblems({ ...valid, kind: 'fixed', value: 500_000 })).toEqual({});
    expect(discountCodeProblems({ ...valid, value: 2.5 })).toEqual({ value: 'not_whole' });
    expect(discountCodeProblems({ ...valid, max_amount: 0, total_limit: 0, per_user_limit: 1.5 })).toEqual({ max_amount: 'out_of_range', total_limit: 'out_of_range', per_user_limit: 'not_whole' });
    expect(discountCodeProblems({ ...valid, total_limit: 2, per_user_limit: 3 })).toEqual({ per_user_limit: 'per_user_above_total' });
  });

  it('wants the end after the start, and readable dates', () => {
    const start = '2026-12-01T10:00:00.000Z';
    expect(discountCodeProblems({ ...valid, starts_at: start, expires_at: start })).toEqual({ expires_at: 'end_before_start' });
    expect(discountCodeProblems({ ...valid, starts_at: start, expires_at: '2026-12-01T10:01:00.000Z' })).toEqual({});
    expect(discountCodeProblems({ ...valid, starts_at: 'soon' })).toEqual({ starts_at: 'not_a_date' });
  });

  it('keeps a used code\'s text and kind and its limit at least its uses; an unused code may change anything', () => {
    const stored = { code: 'SPRING-10', kind: 'percent' as const, used_count: 3 };
    expect(usedCodeProblems({ ...stored, used_count: 0 }, { code_text: 'OTHER', kind: 'fixed', total_limit: 1 })).toEqual({});
    expect(usedCodeProblems(stored, { code_text: 'spring-10', kind: 'percent', total_limit: 3 })).toEqual({});
    expect(usedCodeProblems(stored, { code_text: 'OTHER', kind: 'fixed', total_limit: 2 })).toEqual({ code_text: 'locked_when_used', kind: 'locked_when_used', total_limit: 'below_uses' });
  });
});
