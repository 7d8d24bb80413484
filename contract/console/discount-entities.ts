import * as v from 'valibot';
import { DISCOUNT_KINDS } from '../entities/discount';

/*
 * What the console reads of the shop's discount codes (issue 32): each code with its rules and its uses. Money is
 * rial; times are ISO 8601.
 */

/** A code as the owner set it, whether it is off, and how many placed orders used it. */
export const DiscountCodeSchema = v.object({
  id: v.number(),
  code: v.string(),
  kind: v.picklist(DISCOUNT_KINDS),
  /** percent (1–100) or rial */
  value: v.number(),
  /** a percent's cap, rial; null: none */
  max_amount: v.nullable(v.number()),
  min_order: v.number(),
  first_order_only: v.picklist([0, 1]),
  online_only: v.picklist([0, 1]),
  total_limit: v.nullable(v.number()),
  per_user_limit: v.nullable(v.number()),
  starts_at: v.nullable(v.string()),
  expires_at: v.nullable(v.string()),
  disabled: v.boolean(),
  used_count: v.number(),
  created_at: v.string(),
});
export type DiscountCode = v.InferOutput<typeof DiscountCodeSchema>;

/** One placed order that used a code: which, whose, when, and what the code took off its bill. */
export const DiscountUseSchema = v.object({
  order_id: v.number(),
  tracking_code: v.nullable(v.string()),
  status: v.number(),
  placed_at: v.nullable(v.string()),
  customer: v.object({ name: v.string(), mobile: v.string() }),
  /** rial, from the order's frozen bill */
  discount: v.number(),
});
export type DiscountUse = v.InferOutput<typeof DiscountUseSchema>;
