import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { staffAudit, type ShopRow, type StaffAuditRow, type StaffRow } from '../db/schema';

/** One staff write as the audit log keeps it (docs/server.md, "Operator console"). */
export interface AuditInput {
  /** e.g. wallet.adjust, access.approve, access.deny, staff.create, staff.update, settings.update */
  action: string;
  subjectType: 'order' | 'user' | 'access_request' | 'staff' | 'shop' | 'discount_code' | 'item' | 'consultant_code' | 'public_message';
  subjectId: number | null;
  detail?: Record<string, unknown>;
}

/** The audit log of the shop's root: written in the change's own transaction, read by the owner. */
export function createStaffAuditRepository(db: Database, shop: ShopRow) {
  const rootId = shop.rootId ?? shop.id;
  return {
    async record(member: StaffRow, entry: AuditInput, at: Date): Promise<void> {
      await db.insert(staffAudit).values({
        rootId,
        shopId: shop.id,
        staffId: member.id,
        staffName: member.name,
        action: entry.action,
        subjectType: entry.subjectType,
        subjectId: entry.subjectId,
        detail: entry.detail ?? {},
        createdAt: at,
      });
    },

    /** A page of the log, newest first (optionally of one staff member), and its total. */
    async page({ staffId, offset, length }: { staffId?: number; offset: number; length: number }): Promise<{ rows: StaffAuditRow[]; total: number }> {
      const where = staffId === undefined ? eq(staffAudit.rootId, rootId) : and(eq(staffAudit.rootId, rootId), eq(staffAudit.staffId, staffId));
      const [rows, [totals]] = await Promise.all([
        db.select().from(staffAudit).where(where).orderBy(desc(staffAudit.id)).limit(length).offset(offset),
        db.select({ n: sql<number>`cast(count(*) as int)` }).from(staffAudit).where(where),
      ]);
      return { rows, total: Number(totals?.n ?? 0) };
    },
  };
}
export type StaffAuditRepository = ReturnType<typeof createStaffAuditRepository>;
