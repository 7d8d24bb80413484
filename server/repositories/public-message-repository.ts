import { count, desc, eq, max, sql } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { publicMessageReads, publicMessages, type PublicMessageRow, type ShopRow } from '../db/schema';
import type { PageRequest } from './support-repository';

/** The shop's public messages as one customer reads them (the customer is fixed at construction). */
export function createPublicMessageRepository(db: Database, shop: ShopRow, userId: number) {
  const ofShop = eq(publicMessages.shopId, shop.id);
  const readMark = sql<number>`coalesce((select ${publicMessageReads.readUpTo} from ${publicMessageReads} where ${publicMessageReads.shopId} = ${shop.id} and ${publicMessageReads.userId} = ${userId}), 0)`;
  return {
    /** A page, newest first; `read` is whether the customer's read mark covers it. */
    async page({ offset, length }: PageRequest): Promise<{ rows: (PublicMessageRow & { read: boolean })[]; total: number; unread: number }> {
      const [rows, [totals]] = await Promise.all([
        db
          .select({ message: publicMessages, read: sql<boolean>`${publicMessages.id} <= ${readMark}` })
          .from(publicMessages)
          .where(ofShop)
          .orderBy(desc(publicMessages.id))
          .limit(length)
          .offset(offset),
        db
          .select({ total: count(), unread: sql<number>`cast(count(*) filter (where ${publicMessages.id} > ${readMark}) as int)` })
          .from(publicMessages)
          .where(ofShop),
      ]);
      return { rows: rows.map((row) => ({ ...row.message, read: Boolean(row.read) })), total: totals.total, unread: Number(totals.unread) };
    },

    /** Reads every message up to `upTo` (all when absent); never past the shop's newest, so later messages stay unread. */
    async markRead(upTo: number | undefined): Promise<void> {
      const [{ newest }] = await db.select({ newest: max(publicMessages.id) }).from(publicMessages).where(ofShop);
      if (newest === null) return;
      const mark = Math.min(upTo ?? newest, newest);
      await db
        .insert(publicMessageReads)
        .values({ shopId: shop.id, userId, readUpTo: mark })
        .onConflictDoUpdate({
          target: [publicMessageReads.shopId, publicMessageReads.userId],
          set: { readUpTo: sql`greatest(${publicMessageReads.readUpTo}, excluded.read_up_to)` },
        });
    },
  };
}

/** The shop's side: posting a public message (the operator console, the seed). */
export function createShopMessageRepository(db: Database, shop: ShopRow) {
  return {
    async insert(message: { name: string; body: string; at: Date }): Promise<PublicMessageRow> {
      const [row] = await db.insert(publicMessages).values({ shopId: shop.id, name: message.name, body: message.body, createdAt: message.at }).returning();
      return row;
    },
  };
}

