import { boolean, index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import type { StaffRole } from '@contract/console/rules';
import { shops } from './shops';

/**
 * A shop's staff: the people who log into its operator console. They belong to the shop's
 * root, as customers do, so a brand and its branches share staff. The password is kept only
 * as an argon2id hash (services/password.ts).
 */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    rootId: integer('root_id').notNull().references(() => shops.id),
    name: text('name').notNull(),
    /** stored normalised (contract/console/rules.ts normalizeUsername): lower case, Western digits */
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<StaffRole>().notNull().default('support'),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('staff_root_username').on(table.rootId, table.username)],
);

/** A staff session row is keyed by sha256(token); the token itself lives only in the `staff_sid` cookie. */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    staffId: integer('staff_id').notNull().references(() => staff.id, { onDelete: 'cascade' }),
    rootId: integer('root_id').notNull().references(() => shops.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('staff_sessions_staff').on(table.staffId)],
);

export type StaffRow = typeof staff.$inferSelect;
