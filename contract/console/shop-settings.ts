import * as v from 'valibot';

/*
 * The owner's shop settings as the console reads them (issue 32): what the storefront's get_shop returns of the
 * shop's own rules, in both languages where a customer reads text. Times are ISO 8601; hours 'HH:mm' Tehran.
 */

export const ShopHoursSchema = v.object({
  open: v.boolean(),
  opens_at: v.nullable(v.string()),
  closes_at: v.nullable(v.string()),
  /** a holiday: no order before this instant; null = none */
  closed_until: v.nullable(v.string()),
});
export type ShopHours = v.InferOutput<typeof ShopHoursSchema>;

export const ShopSettingsSchema = v.object({
  hours: ShopHoursSchema,
});
export type ShopSettings = v.InferOutput<typeof ShopSettingsSchema>;
