import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { shops } from './shops';
import { uploads } from './uploads';

export const slides = pgTable(
  'slides',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    title: text('title').notNull(),
    titleEn: text('title_en').notNull(),
    pictureMediaId: integer('picture_media_id').notNull(),
    link: text('link'),
    sort: integer('sort').notNull().default(0),
  },
  (table) => [index('slides_shop').on(table.shopId)],
);

export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    title: text('title').notNull(),
    titleEn: text('title_en').notNull(),
    pictureMediaId: integer('picture_media_id').notNull(),
    link: text('link'),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('banners_shop').on(table.shopId)],
);

/**
 * A shop's pictures by id, as items, slides and banners name them: a body stored here (generated SVG for the demo shops),
 * or a staff upload re-encoded in the upload storage (upload_id). An id's picture never changes.
 */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    contentType: text('content_type').notNull(),
    body: text('body'),
    uploadId: integer('upload_id').references(() => uploads.id),
  },
  (table) => [index('media_shop').on(table.shopId)],
);
