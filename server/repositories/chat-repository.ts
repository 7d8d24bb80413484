import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { conversations, messages, type ShopRow } from '../db/schema';

/** Conversations of one user at one shop. */
export function createChatRepository(db: Database, shop: ShopRow, userId: number) {
  return {
    /** The user's conversations, newest first, with unread counts and the last message. */
    async conversations() {
      const unread = sql<number>`cast(count(${messages.id}) filter (where ${messages.readAt} is null and (${messages.senderUserId} is null or ${messages.senderUserId} <> ${userId})) as int)`;
      const last = sql<string | null>`(select m.body from ${messages} m where m.conversation_id = ${conversations.id} and m.shop_id = ${shop.id} order by m.id desc limit 1)`;
      return db
        .select({ id: conversations.id, title: conversations.title, updatedAt: conversations.updatedAt, unread, last })
        .from(conversations)
        .leftJoin(messages, and(eq(messages.conversationId, conversations.id), eq(messages.shopId, shop.id)))
        .where(and(eq(conversations.shopId, shop.id), eq(conversations.userId, userId)))
        .groupBy(conversations.id)
        .orderBy(desc(conversations.updatedAt), desc(conversations.id));
    },
  };
}

