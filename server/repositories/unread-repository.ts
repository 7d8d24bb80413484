import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Unread } from '@contract/entities/chat';
import type { Database } from '../db/connection';
import { conversations, messages, publicMessageReads, publicMessages, supportMessages, type ShopRow } from '../db/schema';

/**
 * What is unread for one customer at one shop, as three scalar subqueries (one statement with
 * the long-poll's read of its events): the shop's replies in the support chat, public messages
 * after the customer's read mark, and messages of their conversations written by the other side.
 */
export function unreadColumns(shopId: number | Placeholder, userId: number | Placeholder): Record<keyof Unread, SQL<number>> {
  return {
    support: sql<number>`(select cast(count(*) as int) from ${supportMessages} where ${supportMessages.shopId} = ${shopId} and ${supportMessages.userId} = ${userId} and ${supportMessages.sender} = 'shop' and ${supportMessages.readAt} is null)`,
    public: sql<number>`(select cast(count(*) as int) from ${publicMessages} where ${publicMessages.shopId} = ${shopId} and ${publicMessages.id} > coalesce((select ${publicMessageReads.readUpTo} from ${publicMessageReads} where ${publicMessageReads.shopId} = ${shopId} and ${publicMessageReads.userId} = ${userId}), 0))`,
    conversations: sql<number>`(select cast(count(*) as int) from ${messages} inner join ${conversations} on ${conversations.id} = ${messages.conversationId} where ${conversations.shopId} = ${shopId} and ${messages.shopId} = ${shopId} and (${conversations.userId} = ${userId} or ${conversations.peerUserId} = ${userId}) and ${messages.readAt} is null and ${messages.senderUserId} is distinct from ${userId})`,
  };
}

/** A customer's unread totals at one shop. */
export function createUnreadRepository(db: Database, shop: ShopRow, userId: number) {
  return {
    async totals(): Promise<Unread> {
      const columns = unreadColumns(shop.id, userId);
      const rows = await db.execute(sql`select ${columns.support} as support, ${columns.public} as public, ${columns.conversations} as conversations`);
      const [row] = (rows as unknown as { rows: Record<keyof Unread, number | string>[] }).rows;
      return { support: Number(row.support), public: Number(row.public), conversations: Number(row.conversations) };
    },
  };
}
