import { boolean, index, integer, pgTable, primaryKey, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { items } from './catalog';
import { shops } from './shops';

/** Visits of a product page (add_visit_item): best sellers fall back to them until orders exist. */
export const itemVisits = pgTable(
  'item_visits',
  {
    shopId: integer('shop_id').notNull().references(() => shops.id),
    itemId: integer('item_id').notNull().references(() => items.id, { onDelete: 'cascade' }),
    visits: integer('visits').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.itemId] })],
);

/** Magazine posts, written in both languages. */
export const magazinePosts = pgTable(
  'magazine_posts',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    categoryId: smallint('category_id').notNull().default(1),
    title: text('title').notNull(),
    titleEn: text('title_en').notNull(),
    summary: text('summary').notNull(),
    summaryEn: text('summary_en').notNull(),
    body: text('body').notNull(),
    bodyEn: text('body_en').notNull(),
    pictureMediaId: integer('picture_media_id'),
    /** a draft (false) is the console's only: no storefront read returns it */
    published: boolean('published').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('magazine_posts_shop_created').on(table.shopId, table.createdAt)],
);

/** Gallery pictures with their intrinsic size. */
export const galleryPictures = pgTable(
  'gallery_pictures',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    title: text('title').notNull(),
    titleEn: text('title_en').notNull(),
    pictureMediaId: integer('picture_media_id').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (table) => [index('gallery_pictures_shop').on(table.shopId)],
);

/**
 * Messages sent through the contact form (contact_us). `read_at` null: no staff member opened it yet (the console's
 * unread count); `done_at` null: still open (the console's open list), else when it was marked done.
 */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (table) => [index('contact_messages_shop').on(table.shopId)],
);
