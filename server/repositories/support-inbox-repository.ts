import { and, desc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { supportMessages, users, type ShopRow, type SupportMessageRow, type UserRow } from '../db/schema';
import type { PageRequest } from './support-repository';

/** One customer's chat as the staff's inbox lists it. */
export interface SupportChatSummary {
  userId: number;
  /** the customer's account name, else the name of their last message */
  name: string;
  mobile: string;
  lastMessage: string;
  lastSender: 'user' | 'shop';
  lastHasMedia: boolean;
  lastAt: Date;
  /** the customer's messages the staff has not read */
  unread: number;
}

/**
 * The shop's side of the support chat (the operator console's inbox): every customer's chat with
 * this shop. Staff replies go through services/chat/support-messages.ts appendSupportMessage (from 'shop').
 */
export function createSupportInboxRepository(db: Database, shop: ShopRow) {
  const ofShop = eq(supportMessages.shopId, shop.id);
  const unreadByStaff = and(ofShop, eq(supportMessages.sender, 'user'), isNull(supportMessages.readAt));
  return {
    /** Customers' chats by their last message, newest first, with unread counts; `total` chats in all. */
    async chats({ offset, length }: PageRequest): Promise<{ chats: SupportChatSummary[]; total: number; unread: number }> {
      const last = db
        .select({
          userId: supportMessages.userId,
          lastId: sql<number>`max(${supportMessages.id})`.as('last_id'),
          unread: sql<number>`cast(count(*) filter (where ${supportMessages.sender} = 'user' and ${supportMessages.readAt} is null) as int)`.as('unread'),
        })
        .from(supportMessages)
        .where(ofShop)
        .groupBy(supportMessages.userId)
        .as('last');
      const [rows, [totals]] = await Promise.all([
        db
          .select({ userId: last.userId, unread: last.unread, message: supportMessages, accountName: users.name, mobile: users.mobile })
          .from(last)
          .innerJoin(supportMessages, eq(supportMessages.id, last.lastId))
          .innerJoin(users, eq(users.id, last.userId))
          .orderBy(desc(last.lastId))
          .limit(length)
          .offset(offset),
        db
          .select({
            total: sql<number>`cast(count(distinct ${supportMessages.userId}) as int)`,
            unread: sql<number>`cast(count(*) filter (where ${supportMessages.sender} = 'user' and ${supportMessages.readAt} is null) as int)`,
          })
          .from(supportMessages)
          .where(ofShop),
      ]);
      return {
        chats: rows.map((row) => ({
          userId: row.userId,
          name: row.accountName || row.message.name,
          mobile: row.mobile,
          lastMessage: row.message.body,
          lastSender: row.message.sender,
          lastHasMedia: row.message.media !== null,
          lastAt: row.message.createdAt,
          unread: Number(row.unread),
        })),
        total: Number(totals.total),
        unread: Number(totals.unread),
      };
    },

    /** A customer of this shop's root (a chat may be opened and answered before its first message), or null. */
    async customer(userId: number): Promise<UserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, userId), eq(users.rootId, shop.rootId ?? shop.id)));
      return row ?? null;
    },

    /** A page of one customer's chat with this shop, newest first, with the chat's size and its unread for staff. */
    async messages(userId: number, { offset, length }: PageRequest): Promise<{ rows: SupportMessageRow[]; total: number; unread: number }> {
      const theirs = and(ofShop, eq(supportMessages.userId, userId));
      const [rows, [totals]] = await Promise.all([
        db.select().from(supportMessages).where(theirs).orderBy(desc(supportMessages.id)).limit(length).offset(offset),
        db
          .select({
            total: sql<number>`cast(count(*) as int)`,
            unread: sql<number>`cast(count(*) filter (where ${supportMessages.sender} = 'user' and ${supportMessages.readAt} is null) as int)`,
          })
          .from(supportMessages)
          .where(theirs),
      ]);
      return { rows, total: Number(totals.total), unread: Number(totals.unread) };
    },

    /** The customers' messages no staff member has read, over every chat of this shop. */
    async unreadTotal(): Promise<number> {
      const [row] = await db.select({ unread: sql<number>`cast(count(*) as int)` }).from(supportMessages).where(unreadByStaff);
      return Number(row.unread);
    },

    /** Marks a customer's messages read by the staff: every one up to `upTo`, or all. */
    async markRead(userId: number, upTo: number | undefined, at: Date): Promise<void> {
      const theirs = and(unreadByStaff, eq(supportMessages.userId, userId));
      await db
        .update(supportMessages)
        .set({ readAt: at })
        .where(upTo === undefined ? theirs : and(theirs, lte(supportMessages.id, upTo)));
    },
  };
}
