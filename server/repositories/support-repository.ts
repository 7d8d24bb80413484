import { and, count, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Media } from '@contract/entities/chat';
import type { Database } from '../db/connection';
import { supportMessages, type ShopRow, type SupportMessageRow, type SupportSender } from '../db/schema';

export interface PageRequest {
  offset: number;
  length: number;
}

/** One customer's support chat with one shop (the customer is fixed at construction). */
export function createSupportRepository(db: Database, shop: ShopRow, userId: number) {
  const mine = and(eq(supportMessages.shopId, shop.id), eq(supportMessages.userId, userId));
  const unreadReplies = and(mine, eq(supportMessages.sender, 'shop'), isNull(supportMessages.readAt));
  return {
    /** A page, newest first, with the chat's size and the shop's replies the customer has not read. */
    async page({ offset, length }: PageRequest): Promise<{ rows: SupportMessageRow[]; total: number; unread: number }> {
      const [rows, [totals]] = await Promise.all([
        db.select().from(supportMessages).where(mine).orderBy(desc(supportMessages.id)).limit(length).offset(offset),
        db
          .select({ total: count(), unread: sql<number>`cast(count(*) filter (where ${supportMessages.sender} = 'shop' and ${supportMessages.readAt} is null) as int)` })
          .from(supportMessages)
          .where(mine),
      ]);
      return { rows, total: totals.total, unread: Number(totals.unread) };
    },

    async insert(message: { sender: SupportSender; name: string; body: string; media: Media | null; at: Date }): Promise<SupportMessageRow> {
      const [row] = await db
        .insert(supportMessages)
        .values({ shopId: shop.id, userId, sender: message.sender, name: message.name, body: message.body, media: message.media, createdAt: message.at })
        .returning();
      return row;
    },

    /** Marks the shop's replies read: every one up to `upTo`, or all of them. */
    async markRepliesRead(upTo: number | undefined, at: Date): Promise<void> {
      await db
        .update(supportMessages)
        .set({ readAt: at })
        .where(upTo === undefined ? unreadReplies : and(unreadReplies, lte(supportMessages.id, upTo)));
    },
  };
}
