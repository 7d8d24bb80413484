import { bigserial, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
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
    role: text('role').$type<StaffRole>().notNull().default('staff'),
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

/**
 * A device (a browser) a staff member signed in on: keyed by sha256 of the `staff_device` cookie's token and the
 * member, so one browser is known for each member who signed in on it. A known device is not held by the
 * across-addresses login limit (services/staff-login-limits.ts); it opens nothing by itself.
 */
export const staffDevices = pgTable(
  'staff_devices',
  {
    id: text('id').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    rootId: integer('root_id').notNull().references(() => shops.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.id, table.staffId] }), index('staff_devices_staff').on(table.staffId)],
);

export type StaffRow = typeof staff.$inferSelect;

/**
 * What staff did that changes money, an order, an access or the team (the owner reads it in the console):
 * written in the change's own transaction, never edited.
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: serial('id').primaryKey(),
    rootId: integer('root_id').notNull().references(() => shops.id),
    /** the shop (branch) whose console it was done in */
    shopId: integer('shop_id').notNull().references(() => shops.id),
    staffId: integer('staff_id').notNull(),
    staffName: text('staff_name').notNull(),
    /** e.g. order.confirm, order.cancel, wallet.adjust, access.approve, access.deny, staff.create, staff.disable, settings.update */
    action: text('action').notNull(),
    /** what it was done to: order, user, access_request, staff, shop */
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id'),
    /** the change's particulars (amounts in rial, reason, before and after) */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('staff_audit_root').on(table.rootId, table.id)],
);

/**
 * Work the server does later (services/jobs): claimed with FOR UPDATE SKIP LOCKED, so one instance runs each job
 * however many share the database, and a job survives a restart (its lease runs out and another claims it).
 * `key` makes scheduling idempotent: one job per key while it is not done.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** what to run: e.g. payment.expire, payment.recheck */
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** while set and in the future, an instance is running it */
    leasedUntil: timestamp('leased_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('jobs_open_key')
      .on(table.key)
      .where(sql`${table.doneAt} is null`),
    index('jobs_due')
      .on(table.runAt)
      .where(sql`${table.doneAt} is null`),
  ],
);

export type StaffAuditRow = typeof staffAudit.$inferSelect;
export type JobRow = typeof jobs.$inferSelect;
