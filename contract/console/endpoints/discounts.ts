import * as v from 'valibot';
import { blankAsAbsent, blankOr, id, integer, text } from '../../fields';
import { DISCOUNT_KINDS } from '../../entities/discount';
import { DISCOUNT_CODE_LENGTH, DISCOUNT_RIAL_MAX, DISCOUNT_USES } from '../../rules/discount-codes';
import { DiscountCodeSchema, DiscountUseSchema } from '../discount-entities';

const whole = (max: number) => integer({ min: 0, max });
const flag = () => blankOr(integer({ min: 0, max: 1 }), 0);
const instant = () => blankAsAbsent(v.pipe(v.string(), v.trim(), v.isoTimestamp('an ISO timestamp')));

/** A code's fields as the form sends them; a blank cap, limit or date is none. contract/rules/discount-codes.ts checks the rest. */
const codeFields = {
  /** the code's text (`code` is the API's own field) */
  code_text: text({ max: DISCOUNT_CODE_LENGTH.max + 8 }),
  kind: v.picklist(DISCOUNT_KINDS),
  value: whole(DISCOUNT_RIAL_MAX),
  max_amount: blankAsAbsent(whole(DISCOUNT_RIAL_MAX)),
  min_order: blankOr(whole(DISCOUNT_RIAL_MAX), 0),
  first_order_only: flag(),
  online_only: flag(),
  total_limit: blankAsAbsent(whole(DISCOUNT_USES.max)),
  per_user_limit: blankAsAbsent(whole(DISCOUNT_USES.max)),
  starts_at: instant(),
  expires_at: instant(),
};

/** The owner's discount codes (`owner: true`): list and search, create, change, turn off and on, and each one's uses. */
export const discountEndpoints = {
  discount_codes: {
    summary: "The shop's discount codes, newest first, optionally those whose code contains `search`; each with its use count.",
    request: v.object({ search: blankAsAbsent(text({ max: 40 })) }),
    data: v.array(DiscountCodeSchema),
    staff: true,
    owner: true,
  },
  discount_code_add: {
    summary: 'Creates a discount code (contract/rules/discount-codes.ts; a code the shop already has: 409 discount_code_taken).',
    request: v.object(codeFields),
    data: DiscountCodeSchema,
    staff: true,
    owner: true,
  },
  discount_code_update: {
    summary:
      'Replaces a code\'s fields (every field sent; blank is none). Once used, its text and kind stay and its total limit cannot go below its uses (409 discount_code_locked).',
    request: v.object({ discount_id: id(), ...codeFields }),
    data: DiscountCodeSchema,
    staff: true,
    owner: true,
  },
  discount_code_disable: {
    summary: 'Turns a code off (`disabled` 1: checkout treats it as unknown from then on) or on again (0).',
    request: v.object({ discount_id: id(), disabled: integer({ min: 0, max: 1 }) }),
    data: DiscountCodeSchema,
    staff: true,
    owner: true,
  },
  discount_code_uses: {
    summary: 'The placed orders that used a code, newest first.',
    request: v.object({ discount_id: id() }),
    data: v.array(DiscountUseSchema),
    staff: true,
    owner: true,
  },
} as const;
