import * as v from 'valibot';
import { BillSchema } from './order';

/** discount_compute / get_discount_data: the bill with the code applied, and a message when the code gave nothing. */
export const DiscountResultSchema = v.object({
  ...BillSchema.entries,
  message: v.nullable(v.string()),
});
export type DiscountResult = v.InferOutput<typeof DiscountResultSchema>;

/** Discount code kinds: a percent of the price or a fixed rial amount. */
export const DISCOUNT_KINDS = ['percent', 'fixed'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
