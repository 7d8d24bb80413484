import * as v from 'valibot';

export const CartLineSchema = v.object({
  order_item_id: v.number(),
  item_id: v.number(),
  name: v.string(),
  name_en: v.string(),
  item_count: v.number(),
  /** rial, computed by the server */
  price: v.number(),
  feature: v.nullable(v.string()),
  color: v.nullable(v.string()),
  size: v.nullable(v.object({ name: v.string(), price: v.number() })),
  /** priced extras */
  comment: v.array(v.object({ name: v.string(), price: v.number(), count: v.number() })),
  item_data: v.record(v.string(), v.unknown()),
});

export const DiscountSummarySchema = v.object({
  pure_price: v.number(),
  discount_items: v.number(),
  first_order: v.number(),
  permanent_discount: v.number(),
  discount: v.number(),
  price: v.number(),
});

export const CartSchema = v.object({
  order: v.nullable(
    v.object({
      id: v.number(),
      user_id: v.nullable(v.number()),
      comment: v.string(),
      amount_wallet_gift: v.number(),
      /** present when the bank captured a payment attempt of this order after it was voided and the amount went back to the wallet */
      notice: v.optional(v.string()),
      /** present on the read that moved lines to their items' new prices (issue 32): which ones, in words; the next read has none */
      price_notice: v.optional(v.string()),
    }),
  ),
  lines: v.array(CartLineSchema),
  summary: DiscountSummarySchema,
});
export type Cart = v.InferOutput<typeof CartSchema>;
export type CartLine = v.InferOutput<typeof CartLineSchema>;
