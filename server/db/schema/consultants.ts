import { index, integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { shops } from './shops';
import { staff } from './staff';
import { users } from './users';

/**
 * A consultant code the shop gives (spec §6: a real-estate consultant, with their code), per brand root. A customer
 * becomes a consultant only by claiming a code nobody else holds; the code stays theirs (claimed again it is a
 * no-op) until the shop revokes it. A revoked code cannot be claimed, and its holder publishes as a person again.
 */
export const consultantCodes = pgTable(
  'consultant_codes',
  {
    id: serial('id').primaryKey(),
    rootId: integer('root_id')
      .notNull()
      .references(() => shops.id),
    /** stored upper-case, matched case-insensitively */
    code: text('code').notNull(),
    /** who the shop meant it for, as the staff member wrote it (the console's list) */
    label: text('label').notNull().default(''),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('consultant_codes_root_code').on(table.rootId, table.code), index('consultant_codes_user').on(table.rootId, table.userId)],
);

export type ConsultantCodeRow = typeof consultantCodes.$inferSelect;
