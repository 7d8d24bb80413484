import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AdRequest, AdType, BusinessClass } from '@contract/rules/ads';
import type { AdAction, AdActor, AdStatus } from '@contract/rules/ad-lifecycle';
import { shops } from './shops';
import { staff } from './staff';
import { uploads } from './uploads';
import { users } from './users';

/**
 * A classified ad (interface 4, docs/classifieds.md) of a shop's root. `user_id` is its publisher, null once the
 * account is deleted (spec §6: "User deleted"). `lat`/`lng` is the exact point, shown to its publisher only;
 * `shown_lat`/`shown_lng` the point everyone else sees, moved once at write within AD_POSITION_BLUR_METERS so
 * that asking again tells nothing more. Amounts are rial.
 */
export const ads = pgTable(
  'ads',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** the public code shown on the ad (spec §3's "code") */
    code: text('code').notNull(),
    status: text('status').$type<AdStatus>().notNull().default('awaiting'),
    request: text('request').$type<AdRequest>().notNull(),
    type: text('type').$type<AdType>().notNull(),
    businessClass: text('business_class').$type<BusinessClass>(),
    title: text('title').notNull(),
    province: text('province').notNull(),
    city: text('city').notNull(),
    neighborhood: text('neighborhood').notNull(),
    meterage: integer('meterage').notNull(),
    rooms: smallint('rooms'),
    buildYear: smallint('build_year'),
    totalPrice: bigint('total_price', { mode: 'number' }),
    deposit: bigint('deposit', { mode: 'number' }),
    monthlyRent: bigint('monthly_rent', { mode: 'number' }),
    partnershipFor: text('partnership_for'),
    comment: text('comment').notNull().default(''),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    shownLat: doublePrecision('shown_lat').notNull(),
    shownLng: doublePrecision('shown_lng').notNull(),
    /** the publisher as they were when they submitted it: a person or a consultant with their code */
    publisherKind: text('publisher_kind').$type<'person' | 'consultant'>().notNull().default('person'),
    consultantCode: text('consultant_code'),
    /** a moderator's reason (reject, ask for an edit), shown to the publisher */
    reason: text('reason'),
    /** the number of distinct reports since it was last approved */
    reports: integer('reports').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('ads_shop_code').on(table.shopId, table.code),
    // The list, newest first, and its filters: published ads of a shop by request and type.
    index('ads_listed').on(table.shopId, table.request, table.type, table.publishedAt.desc(), table.id.desc()).where(sql`status = 'approved'`),
    // ads_listed_request (shop_id, request, published_at desc, id desc, including the range filters' columns) is
    // migration 0014's, written by hand: drizzle's index builder has no INCLUDE.
    index('ads_listed_newest').on(table.shopId, table.publishedAt.desc(), table.id.desc()).where(sql`status = 'approved'`),
    // The map: published ads inside a box of the shown points.
    index('ads_listed_place').on(table.shopId, table.shownLat, table.shownLng).where(sql`status = 'approved'`),
    index('ads_publisher').on(table.userId, table.id.desc()),
    index('ads_queue').on(table.shopId, table.status, table.statusChangedAt),
    // Issue 31: the same publisher cannot publish the same title at the same place twice (409 ad_duplicate).
    uniqueIndex('ads_publisher_title_place').on(table.shopId, table.userId, table.title, table.city, table.neighborhood).where(sql`status <> 'deleted'`),
  ],
);

/** An ad's pictures in the publisher's order: the first is the cover. */
export const adPictures = pgTable(
  'ad_pictures',
  {
    adId: integer('ad_id').notNull().references(() => ads.id, { onDelete: 'cascade' }),
    uploadId: integer('upload_id').notNull().references(() => uploads.id),
    position: smallint('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.adId, table.position] }), index('ad_pictures_upload').on(table.uploadId)],
);

export const adBookmarks = pgTable(
  'ad_bookmarks',
  {
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    adId: integer('ad_id').notNull().references(() => ads.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.adId] }), index('ad_bookmarks_ad').on(table.adId)],
);

/** Every change of an ad's status: who, when, from, to and why (the console's queue and the publisher read it). */
export const adEvents = pgTable(
  'ad_events',
  {
    id: serial('id').primaryKey(),
    adId: integer('ad_id').notNull().references(() => ads.id, { onDelete: 'cascade' }),
    action: text('action').$type<AdAction | 'submit'>().notNull(),
    fromStatus: text('from_status').$type<AdStatus>(),
    toStatus: text('to_status').$type<AdStatus>().notNull(),
    actor: text('actor').$type<AdActor>().notNull(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ad_events_ad').on(table.adId, table.id)],
);

/** A visitor's report of an ad, once per user and ad. */
export const adReports = pgTable(
  'ad_reports',
  {
    id: serial('id').primaryKey(),
    adId: integer('ad_id').notNull().references(() => ads.id, { onDelete: 'cascade' }),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('ad_reports_ad_user').on(table.adId, table.userId), index('ad_reports_user').on(table.userId, table.createdAt)],
);

/** A saved search: its owner is told through the live channel when an ad matching `filters` is approved. */
export const adSavedSearches = pgTable(
  'ad_saved_searches',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    filters: text('filters').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ad_saved_searches_shop').on(table.shopId, table.userId)],
);

export type AdRow = typeof ads.$inferSelect;
