import { doublePrecision, integer, pgTable, primaryKey, smallint, text, bigint } from 'drizzle-orm/pg-core';
import type { AdRequest, AdType } from '@contract/rules/ads';
import { shops } from './shops';

/*
 * What the classifieds' busiest reads keep ahead of the ads (docs/classifieds.md, "Reading 100,000 ads"), written
 * only by migration 0016's trigger on `ads`, in the same transaction as the ad's change, whoever writes it.
 */

/** A shop's published ads changed (one went on or off the list, or a listed one was edited): its version grows. */
export const adListingVersions = pgTable('ad_listing_versions', {
  shopId: integer('shop_id')
    .primaryKey()
    .references(() => shops.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * Which listed ads each version changed (an ad went on or off the list, or a listed one was edited), so an instance
 * holding the list in memory reads only those ads to catch up. Kept for the last LISTING_CHANGES_KEPT versions of a
 * shop; an instance further behind reads the list whole.
 */
export const adListingChanges = pgTable(
  'ad_listing_changes',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    version: bigint('version', { mode: 'number' }).notNull(),
    adId: integer('ad_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.version, table.adId] })],
);

/**
 * The map's grid: per shop, level (MAP_CELL_DEGREES × 2^level degrees square), cell, request and type, how many
 * published ads have their shown point in it and the sums of those points (a cluster sits at their mean). A cell
 * emptied stays with 0 ads.
 */
export const adMapCells = pgTable(
  'ad_map_cells',
  {
    shopId: integer('shop_id')
      .notNull()
      .references(() => shops.id, { onDelete: 'cascade' }),
    level: smallint('level').notNull(),
    cellLat: integer('cell_lat').notNull(),
    cellLng: integer('cell_lng').notNull(),
    request: text('request').$type<AdRequest>().notNull(),
    type: text('type').$type<AdType>().notNull(),
    ads: integer('ads').notNull(),
    latSum: doublePrecision('lat_sum').notNull(),
    lngSum: doublePrecision('lng_sum').notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.level, table.cellLat, table.cellLng, table.request, table.type] })],
);
