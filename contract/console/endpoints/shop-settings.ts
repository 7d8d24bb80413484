import * as v from 'valibot';
import { coordinate, integer, jsonList, money, text } from '../../fields';
import { SHOP_FLAGS, SHOP_TEXT_MAX, SHOP_TEXTS, type ShopFlag, type ShopTextField } from '../../rules/shop-flags';
import { ShopDeliveryMethodSchema, ShopSettingsSchema } from '../shop-settings';

const flagFields = Object.fromEntries(SHOP_FLAGS.map((flag) => [flag, integer({ min: 0, max: 1 })])) as Record<ShopFlag, ReturnType<typeof integer>>;
// A text may be sent empty; the rule judges it in the owner's words (its length, the agreement's text required).
const textFields = Object.fromEntries(
  SHOP_TEXTS.flatMap((name) => (['fa', 'en'] as const).map((language) => [`${name}_${language}`, v.optional(text({ max: SHOP_TEXT_MAX[name] * 2, multiline: true }), '')])),
) as Record<ShopTextField, v.OptionalSchema<ReturnType<typeof text>, ''>>;

// A time field as typed ('' = none); its form is the rule's to judge (contract/rules/shop-hours.ts), in the owner's words.
const typedTime = () => v.optional(text({ max: 20 }), '');

/** The owner's shop settings (`owner: true`): read them all; each group written on its own, through writeShopData. */
export const shopSettingsEndpoints = {
  shop_settings: {
    summary: "The shop's own settings: hours and holiday closing, delivery methods and the minimum order.",
    request: v.object({}),
    data: ShopSettingsSchema,
    staff: true,
    owner: true,
  },
  shop_hours_update: {
    summary:
      "Sets the open switch (`open` 1/0), the hours (`opens_at`, `closes_at` 'HH:mm' Tehran, both or neither; a shift may run past midnight) and `closed_until` ('YYYY-MM-DD HH:mm' Tehran, '' = not closed; a moment still to come). A refused field: 400 with its message, nothing written. Every customer's next read sees the change.",
    request: v.object({ open: integer({ min: 0, max: 1 }), opens_at: typedTime(), closes_at: typedTime(), closed_until: typedTime() }),
    data: ShopSettingsSchema,
    staff: true,
    owner: true,
  },
  shop_delivery_update: {
    summary:
      "Sets the delivery methods (`methods`: a JSON list of { value, status 1/0, price (rial), text {fa,en}, description {fa,en} }, each value once, one on at least; a method on is named in both languages) and `min_order` (rial, 0 = none). A refused field: 400 with its message, nothing written.",
    request: v.object({ methods: jsonList(ShopDeliveryMethodSchema), min_order: money() }),
    data: ShopSettingsSchema,
    staff: true,
    owner: true,
  },
  shop_flags_update: {
    summary:
      'Sets the switches force_login, access_request, digital_menu_en, agreement_page, state_of_development, use_as_menu (1/0 each) and the texts agreement_text, other_city_detail, meta_description, meta_keywords in fa and en (`agreement_text_fa`, …; the agreement page on needs its text in both). A refused field: 400 with its message, nothing written.',
    request: v.object({ ...flagFields, ...textFields }),
    data: ShopSettingsSchema,
    staff: true,
    owner: true,
  },
  shop_area_update: {
    summary:
      "Sets the service area of the shop and of a master's branches (`areas`: a JSON list of { id, lat, lng, radius_service km (0 = no area) }; each id the shop's own or one of its branches, once). A refused field: 400 with its message (`data.field` '<id>.<field>'), an id not the shop's 404, nothing written. The checkout's out of range follows at once.",
    request: v.object({ areas: jsonList(v.object({ id: integer({ min: 1 }), lat: coordinate(), lng: coordinate(), radius_service: coordinate() })) }),
    data: ShopSettingsSchema,
    staff: true,
    owner: true,
  },
} as const;
