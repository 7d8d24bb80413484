import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { UploadMimeType, UploadType } from '@contract/rules/chat';
import { shops } from './shops';
import { staff } from './staff';
import { users } from './users';

/**
 * A customer's uploaded picture (spec §7's upload): its re-encoded bytes and thumbnail live in the
 * upload storage under generated keys (services/uploads); this row says whose it is and what it is.
 * shop_id is the shop's root, as customers belong to the root. width, height and bytes are the
 * stored picture's, not the file as sent. A staff member's upload (a catalog or content picture, issue 32) has staff_id
 * instead of user_id: exactly one of the two is set.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<UploadType>().notNull(),
    mime: text('mime').$type<UploadMimeType>().notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    pictureKey: text('picture_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('uploads_shop_user').on(table.shopId, table.userId, table.id),
    check('uploads_one_owner', sql`(${table.userId} is null) <> (${table.staffId} is null)`),
  ],
);

export type UploadRow = typeof uploads.$inferSelect;
