import * as v from 'valibot';
import { DELIVERY_METHOD_VALUES } from '../enums';

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

const bilingual = () => v.object({ fa: v.string(), en: v.string() });

/** A delivery method as the shop stores it (both languages, price in rial). */
export const ShopDeliveryMethodSchema = v.object({
  value: v.picklist(DELIVERY_METHOD_VALUES),
  status: v.picklist([0, 1]),
  price: v.number(),
  text: bilingual(),
  description: bilingual(),
});

/** A branch's service area (the shop itself first, then a master's branches): its point and courier radius (km). */
export const ShopAreaSchema = v.object({
  id: v.number(),
  name: v.string(),
  name_en: v.string(),
  /** null: no point yet */
  lat: v.nullable(v.number()),
  lng: v.nullable(v.number()),
  radius_service: v.number(),
});
export type ShopArea = v.InferOutput<typeof ShopAreaSchema>;

export const ShopSettingsSchema = v.object({
  hours: ShopHoursSchema,
  delivery_methods: v.array(ShopDeliveryMethodSchema),
  /** rial; 0 = none */
  min_order: v.number(),
  /** force_login, access_request, digital_menu_en, agreement_page, state_of_development, use_as_menu (contract/rules/shop-flags.ts) */
  flags: v.record(v.string(), v.picklist([0, 1])),
  /** agreement_text, other_city_detail, meta_description, meta_keywords in both languages */
  texts: v.record(v.string(), bilingual()),
  /** the service area of the shop and of each of a master's branches */
  areas: v.optional(v.array(ShopAreaSchema), []),
});
export type ShopSettings = v.InferOutput<typeof ShopSettingsSchema>;
