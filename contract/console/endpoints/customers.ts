import * as v from 'valibot';
import { blankAsAbsent, blankOr, id, integer, money, text } from '../../fields';
import { ADJUST_REASON_MAX } from '../../rules/counter';
import { AccessRequestPageSchema, AccessRequestSchema, ConsoleCustomerSchema, CustomerWalletSchema } from '../counter-entities';
import { INBOX_PAGE_LENGTH } from '../rules';

const offset = () => blankOr(integer({ min: 0 }), 0);

/** Access requests and customers' wallets (issue 30): the promises of the spec that wait on the shop. */
export const customerEndpoints = {
  access_requests: {
    summary: "Access requests of this shop's brand, newest first: the pending ones, or those with `status`. Answers the pending count too.",
    request: v.object({
      status: blankOr(v.picklist(['pending', 'approved', 'rejected']), 'pending'),
      offset: offset(),
      length: blankOr(integer({ min: 1, max: 50 }), INBOX_PAGE_LENGTH),
    }),
    data: AccessRequestPageSchema,
    staff: true,
  },
  access_answer: {
    summary:
      "Approves (access_flag 1) or denies (-1, `reason` needed) a pending access request; the customer gets an SMS with the result and their open storefront learns it live. An answered request is 409, nothing written.",
    request: v.object({
      request_id: id(),
      decision: v.picklist(['approve', 'deny']),
      reason: blankAsAbsent(text({ max: ADJUST_REASON_MAX, multiline: true })),
    }),
    data: AccessRequestSchema,
    staff: true,
  },
  customers_find: {
    summary: "Customers of this shop's brand whose phone or name holds `search` (at least 3 characters), at most 20.",
    request: v.object({ search: text({ max: 40 }) }),
    data: v.array(ConsoleCustomerSchema),
    staff: true,
  },
  customer_wallet: {
    summary: "A customer's wallet: balance and ledger, newest first, and the most this staff member may add at once.",
    request: v.object({ user_id: id() }),
    data: CustomerWalletSchema,
    staff: true,
  },
  wallet_adjust: {
    summary:
      "Adds `amount` rial (negative: takes it back, a correction) to a customer's wallet as one 'admin' row with its `reason`. Staff add at most the owner's limit at once; no balance goes below zero (409 wallet_insufficient, nothing written).",
    request: v.object({ user_id: id(), amount: money(), reason: text({ max: ADJUST_REASON_MAX, multiline: true }) }),
    data: CustomerWalletSchema,
    staff: true,
  },
} as const;
