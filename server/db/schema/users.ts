import { index, integer, jsonb, pgTable, serial, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { shops } from './shops';

/** Customers belong to a shop's root, so a brand and its branches share accounts. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    rootId: integer('root_id').notNull().references(() => shops.id),
    mobile: text('mobile').notNull(),
    name: text('name').notNull().default(''),
    gender: smallint('gender'),
    bYear: smallint('b_year'),
    bMonth: smallint('b_month'),
    bDay: smallint('b_day'),
    mYear: smallint('m_year'),
    mMonth: smallint('m_month'),
    mDay: smallint('m_day'),
    favorites: jsonb('favorites').$type<number[]>().notNull().default([]),
    accessFlag: smallint('access_flag').notNull().default(0),
    accountType: text('account_type').notNull().default('normal'),
    data: jsonb('data')
      .$type<{ ty_city: string | null; ty_town: string | null; ty_user_type: string | null; consultant_code?: string | null }>()
      .notNull()
      .default({ ty_city: null, ty_town: null, ty_user_type: null }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('users_root_mobile').on(table.rootId, table.mobile)],
);

/** A session row is keyed by sha256(token); the token itself lives only in the 'sid' cookie. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    rootId: integer('root_id').notNull().references(() => shops.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sessions_user').on(table.userId)],
);

export type UserRow = typeof users.$inferSelect;
