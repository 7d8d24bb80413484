import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { consultantCodes, users, type ConsultantCodeRow, type ShopRow } from '../db/schema';

export interface ConsultantCodeWithHolder {
  code: ConsultantCodeRow;
  holderName: string | null;
}

/** The consultant codes of the shop's root (spec §6): the console gives and revokes them, a customer claims one. */
export function createConsultantCodeRepository(db: Database, shop: ShopRow) {
  const rootId = shop.rootId ?? shop.id;
  return {
    /** Every code, newest first, with its holder's name. */
    async list(): Promise<ConsultantCodeWithHolder[]> {
      const rows = await db
        .select({ code: consultantCodes, holderName: users.name })
        .from(consultantCodes)
        .leftJoin(users, eq(users.id, consultantCodes.userId))
        .where(eq(consultantCodes.rootId, rootId))
        .orderBy(desc(consultantCodes.createdAt), desc(consultantCodes.id));
      return rows;
    },

    /** A new code; null when the root already has it (the unique key decides, so two staff members racing make one). */
    async create(values: { code: string; label: string; staffId: number; at: Date }): Promise<ConsultantCodeRow | null> {
      const [row] = await db
        .insert(consultantCodes)
        .values({ rootId, code: values.code, label: values.label, staffId: values.staffId, createdAt: values.at })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    /** The code by id, row-locked when `forUpdate` (inside a transaction). */
    async byId(id: number, forUpdate = false): Promise<ConsultantCodeRow | null> {
      const query = db.select().from(consultantCodes).where(and(eq(consultantCodes.rootId, rootId), eq(consultantCodes.id, id)));
      const [row] = forUpdate ? await query.for('update') : await query;
      return row ?? null;
    },

    /** The code as stored (normalized), row-locked (inside a transaction): a claim and a revoke take turns. */
    async lockedByCode(code: string): Promise<ConsultantCodeRow | null> {
      const [row] = await db
        .select()
        .from(consultantCodes)
        .where(and(eq(consultantCodes.rootId, rootId), eq(consultantCodes.code, code)))
        .for('update');
      return row ?? null;
    },

    /** Gives the code to `userId` (once: their own code claimed again keeps its first time) and frees any other they held. */
    async claim(codeId: number, userId: number, at: Date): Promise<void> {
      await db
        .update(consultantCodes)
        .set({ userId: null, claimedAt: null })
        .where(and(eq(consultantCodes.rootId, rootId), eq(consultantCodes.userId, userId), ne(consultantCodes.id, codeId)));
      await db
        .update(consultantCodes)
        .set({ userId, claimedAt: at })
        .where(and(eq(consultantCodes.id, codeId), isNull(consultantCodes.userId)));
    },

    /** Marks the code revoked; answers the row as it now is. */
    async revoke(codeId: number, at: Date): Promise<ConsultantCodeRow> {
      const [row] = await db.update(consultantCodes).set({ revokedAt: at }).where(eq(consultantCodes.id, codeId)).returning();
      return row;
    },
  };
}
