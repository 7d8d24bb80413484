import type { LocalizedDeliveryMethod } from '@contract/rules/delivery-methods';
import { bigint, boolean, doublePrecision, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** A text in both languages; the server picks one by the request's language. */
export interface Localized {
  fa: string;
  en: string;
}

/** A delivery method as the shop row stores it (the contract's shape: texts in both languages, price in rial). */
export type StoredDeliveryMethod = LocalizedDeliveryMethod;

/** Non-text shop settings (ShopDataSchema minus its two localized texts). */
export interface StoredShopData {
  item_steps: { id: number; name: Localized; min_count: number; max_count: number }[];
  branch_list_detail_page: 0 | 1;
  use_as_menu: 0 | 1;
  delivery_time_hide_flag: 0 | 1;
  start_from_branchlist_page: 0 | 1;
  no_logo_in_splash: 0 | 1;
  /** how many days ahead a pre-order may be; unset = PREORDER_DAYS_DEFAULT (contract/rules/delivery-time.ts) */
  preorder_days?: number;
}

/** Texts that get_shop returns in the request's language. */
export interface ShopTexts {
  agreement_text: string;
  message_before_address_selection: string;
  other_city_detail: string;
  meta_description: string;
  meta_keywords: string;
  /** the owner's rules and privacy pages (issue 32); absent or '' = the storefront's standard text */
  rules_page?: string;
  privacy_page?: string;
}

/**
 * Shops, branches included: a branch is a shop with master_id set, and
 * root_id names the brand whose customers, carts and wallets it shares.
 */
export const shops = pgTable('shops', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  nameEn: text('name_en').notNull(),
  description: text('description').notNull().default(''),
  descriptionEn: text('description_en').notNull().default(''),
  logoMediaId: integer('logo_media_id'),
  /** null until the shop row exists; set to its own id for a standalone shop */
  rootId: integer('root_id'),
  masterId: integer('master_id'),
  interfaceId: smallint('interface_id').notNull(),
  masterFlag: smallint('master_flag').notNull().default(0),
  branchListType: smallint('branch_list_type').notNull().default(0),
  currency: text('currency').notNull().default('IRT'),
  pass: text('pass').notNull(),
  data: jsonb('data').$type<StoredShopData>().notNull(),
  texts: jsonb('texts').$type<{ fa: ShopTexts; en: ShopTexts }>().notNull(),
  deliveryMethods: jsonb('delivery_methods').$type<StoredDeliveryMethod[]>().notNull(),
  shiftOpen: boolean('shift_open').notNull().default(true),
  opensAt: text('opens_at'),
  closesAt: text('closes_at'),
  /** a holiday: no order is taken before this moment, whatever the hours say; null = none */
  closedUntil: timestamp('closed_until', { withTimezone: true }),
  accessRequest: smallint('access_request').notNull().default(0),
  forceLogin: smallint('force_login').notNull().default(0),
  digitalMenuEn: smallint('digital_menu_en').notNull().default(0),
  agreementPage: smallint('agreement_page').notNull().default(0),
  stateOfDevelopment: smallint('state_of_development').notNull().default(0),
  splashMobileMediaId: integer('splash_mobile_media_id'),
  splashDesktopMediaId: integer('splash_desktop_media_id'),
  addressPageType: smallint('address_page_type').notNull().default(1),
  phone: text('phone').notNull().default(''),
  address: text('address').notNull().default(''),
  addressEn: text('address_en').notNull().default(''),
  lat: doublePrecision('lat'),
  lng: doublePrecision('lng'),
  /** km */
  radiusService: doublePrecision('radius_service').notNull().default(0),
  /** branch status: 1 open, 2 closed */
  status: smallint('status').notNull().default(1),
  // The counter's settings (contract/rules/counter.ts), edited by the owner in the console.
  /** minutes an online payment may be awaited before the order expires and its cart reopens */
  paymentWaitMinutes: smallint('payment_wait_minutes').notNull().default(20),
  /** the referrer's reward when a referred customer's first order completes, rial */
  referralReward: bigint('referral_reward', { mode: 'number' }).notNull().default(12_000_000),
  /** whether the customer gets an SMS when the store confirms and when it sends the order */
  orderSms: boolean('order_sms').notNull().default(true),
  /** the most a staff member (not the owner) may add to one wallet at once, rial */
  staffWalletLimit: bigint('staff_wallet_limit', { mode: 'number' }).notNull().default(12_000_000),
  /** the most a staff member (not the owner) may add to wallets in one Tehran day, all customers together, rial */
  staffWalletDayLimit: bigint('staff_wallet_day_limit', { mode: 'number' }).notNull().default(60_000_000),
  /** the most one order may come to (the larger of its pure price and its total), rial */
  orderTotalMax: bigint('order_total_max', { mode: 'number' }).notNull().default(3_000_000_000),
  /** classifieds (interface 4): days an approved ad stays published before it expires (contract/rules/ads.ts) */
  adExpiryDays: smallint('ad_expiry_days').notNull().default(30),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ShopRow = typeof shops.$inferSelect;
export type NewShopRow = typeof shops.$inferInsert;
