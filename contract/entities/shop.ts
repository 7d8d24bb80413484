import * as v from 'valibot';
import { CURRENCIES, DELIVERY_METHOD_VALUES, INTERFACE_IDS } from '../enums';
import { PREORDER_DAYS_DEFAULT } from '../rules/delivery-time';

const flag = () => v.picklist([0, 1]);

export const BranchSchema = v.object({
  id: v.number(),
  name: v.string(),
  name_en: v.string(),
  slug: v.string(),
  /** 'lat,lng' */
  location: v.string(),
  /** km */
  radius_service: v.number(),
  /** km from the visitor, rounded to 0.1; null until a position is known */
  distance: v.nullable(v.number()),
  out_of_range: v.boolean(),
  status: v.number(),
  address: v.string(),
});
export type Branch = v.InferOutput<typeof BranchSchema>;

export const DeliveryMethodSchema = v.object({
  value: v.picklist(DELIVERY_METHOD_VALUES),
  status: flag(),
  text: v.string(),
  price: v.number(),
  description: v.string(),
});

export const ItemStepSchema = v.object({
  id: v.number(),
  min_count: v.number(),
  max_count: v.number(),
});

export const ShopDataSchema = v.object({
  item_steps: v.array(ItemStepSchema),
  message_before_address_selection: v.string(),
  other_city_detail: v.string(),
  branch_list_detail_page: flag(),
  use_as_menu: flag(),
  delivery_time_hide_flag: flag(),
  start_from_branchlist_page: flag(),
  no_logo_in_splash: flag(),
});

/**
 * All Shop fields of spec §3 but `pass`, plus presentation fields the SPA needs. The pass is
 * the shop's key (branch_list.php, item_options.php, shop_pass check it), so no reply carries it.
 */
export const ShopSchema = v.object({
  id: v.number(),
  slug: v.string(),
  name: v.string(),
  name_en: v.string(),
  description: v.string(),
  description_en: v.string(),
  logo: v.nullable(v.string()),
  root_id: v.number(),
  interface_id: v.picklist(INTERFACE_IDS),
  master_flag: flag(),
  master_id: v.nullable(v.number()),
  branches: v.array(BranchSchema),
  branch_list_type: v.picklist([0, 1, 2]),
  delivery_methods: v.array(DeliveryMethodSchema),
  currency: v.picklist(CURRENCIES),
  data: ShopDataSchema,
  /** preorder_days: how many days after today (Tehran) a pre-order may name (a reply without it: the default) */
  shift_data: v.object({
    open: v.boolean(),
    opens_at: v.nullable(v.string()),
    closes_at: v.nullable(v.string()),
    preorder_days: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), PREORDER_DAYS_DEFAULT),
    /** a holiday: no order before this instant (ISO); null = none */
    closed_until: v.optional(v.nullable(v.string())),
  }),
  meta: v.object({ description: v.string(), keywords: v.string() }),
  access_request: flag(),
  force_login: flag(),
  digital_menu_en: flag(),
  agreement_page: flag(),
  agreement_text: v.string(),
  /** the owner's rules and privacy pages in the request's language (issue 32); '' = the storefront's standard text */
  rules_text: v.optional(v.string(), ''),
  privacy_text: v.optional(v.string(), ''),
  state_of_development: flag(),
  splash_image_link: v.object({ mobile: v.nullable(v.string()), desktop: v.nullable(v.string()) }),
  address_page_type: v.number(),
  phone: v.string(),
  address: v.string(),
});
export type Shop = v.InferOutput<typeof ShopSchema>;
