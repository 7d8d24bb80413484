import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { conversations, messages, users, type ConversationMessageRow, type ConversationRow, type ShopRow } from '../db/schema';
import type { PageRequest } from './support-repository';

/** A conversation as its user sees it: `peerUserId` is the other side (null: the shop). */
export interface ConversationSummary {
  id: number;
  title: string;
  unread: number;
  last: string | null;
  updatedAt: Date;
  peerUserId: number | null;
  /** the user is the peer (a classified ad's publisher): the name of the customer who started it; else null */
  starterName: string | null;
}

/**
 * One user's conversations at one shop: those they started (user_id) and those where they are the
 * peer (a classified ad's publisher). Another user's conversation is never found through it.
 */
export function createConversationRepository(db: Database, shop: ShopRow, userId: number) {
  const ofShop = eq(conversations.shopId, shop.id);
  const isMine = and(ofShop, or(eq(conversations.userId, userId), eq(conversations.peerUserId, userId)));
  /** written by the other side and not yet read */
  const unreadToMe = and(isNull(messages.readAt), sql`${messages.senderUserId} is distinct from ${userId}`);
  const otherSide = sql<number | null>`case when ${conversations.userId} = ${userId} then ${conversations.peerUserId} else ${conversations.userId} end`;
  // The publisher's side of an ad's chat is titled with the buyer who started it (outer columns named in full, as below).
  const [outerStarter, outerPeer] = [sql.raw('"conversations"."user_id"'), sql.raw('"conversations"."peer_user_id"')];
  const starterName = sql<string | null>`case when ${outerPeer} = ${userId} then (select u.name from ${users} u where u.id = ${outerStarter}) else null end`;
  // Drizzle writes columns of a one-table select without their table, so a correlated subquery names both sides itself.
  const outerId = sql.raw('"conversations"."id"');
  const lastMessage = sql<string | null>`(select m.body from ${messages} m where m.conversation_id = ${outerId} and m.shop_id = ${shop.id} order by m.id desc limit 1)`;

  return {
    /** A page, newest first, and over all of them: how many and their unread messages. */
    async page({ offset, length }: PageRequest): Promise<{ rows: ConversationSummary[]; total: number; unread: number }> {
      const unread = sql<number>`cast(count(${messages.id}) filter (where ${unreadToMe}) as int)`;
      const last = lastMessage;
      const [rows, [totals]] = await Promise.all([
        db
          .select({ id: conversations.id, title: conversations.title, updatedAt: conversations.updatedAt, peerUserId: otherSide, starterName, unread, last })
          .from(conversations)
          .leftJoin(messages, and(eq(messages.conversationId, conversations.id), eq(messages.shopId, shop.id)))
          .where(isMine)
          .groupBy(conversations.id)
          .orderBy(desc(conversations.updatedAt), desc(conversations.id))
          .limit(length)
          .offset(offset),
        db
          .select({ total: sql<number>`cast(count(distinct ${conversations.id}) as int)`, unread })
          .from(conversations)
          .leftJoin(messages, and(eq(messages.conversationId, conversations.id), eq(messages.shopId, shop.id)))
          .where(isMine),
      ]);
      return {
        rows: rows.map((row) => ({ ...row, unread: Number(row.unread), peerUserId: row.peerUserId === null ? null : Number(row.peerUserId) })),
        total: Number(totals.total),
        unread: Number(totals.unread),
      };
    },

    /** The conversation if it is this user's at this shop, else null. */
    async byId(conversationId: number): Promise<ConversationSummary | null> {
      const [row] = await db
        .select({
          id: conversations.id,
          title: conversations.title,
          updatedAt: conversations.updatedAt,
          peerUserId: otherSide,
          starterName,
          unread: sql<number>`(select cast(count(*) as int) from ${messages} m where m.conversation_id = ${outerId} and m.shop_id = ${shop.id} and m.read_at is null and m.sender_user_id is distinct from ${userId})`,
          last: lastMessage,
        })
        .from(conversations)
        .where(and(isMine, eq(conversations.id, conversationId)));
      return row ? { ...row, unread: Number(row.unread), peerUserId: row.peerUserId === null ? null : Number(row.peerUserId) } : null;
    },

    /** The row itself (both sides' ids), if it is this user's. */
    async row(conversationId: number): Promise<ConversationRow | null> {
      const [row] = await db.select().from(conversations).where(and(isMine, eq(conversations.id, conversationId)));
      return row ?? null;
    },

    /** A page of one of this user's conversations (check it with byId first), newest first, and its size. */
    async messages(conversationId: number, { offset, length }: PageRequest): Promise<{ rows: ConversationMessageRow[]; total: number }> {
      const inConversation = and(eq(messages.shopId, shop.id), eq(messages.conversationId, conversationId));
      const [rows, [totals]] = await Promise.all([
        db.select().from(messages).where(inConversation).orderBy(desc(messages.id)).limit(length).offset(offset),
        db.select({ total: count() }).from(messages).where(inConversation),
      ]);
      return { rows, total: totals.total };
    },

    /** Stores a message of this user (or of the shop, `fromShop`) and moves the conversation to the top. */
    async insertMessage(conversationId: number, body: string, at: Date, { fromShop = false } = {}): Promise<ConversationMessageRow> {
      const [row] = await db
        .insert(messages)
        .values({ shopId: shop.id, conversationId, senderUserId: fromShop ? null : userId, body, createdAt: at })
        .returning();
      await db.update(conversations).set({ updatedAt: at }).where(and(ofShop, eq(conversations.id, conversationId)));
      return row;
    },

    /** Marks the other side's messages of one of this user's conversations read. */
    async markRead(conversationId: number, at: Date): Promise<void> {
      await db
        .update(messages)
        .set({ readAt: at })
        .where(and(eq(messages.shopId, shop.id), eq(messages.conversationId, conversationId), unreadToMe));
    },

    /** This user's conversation with `peerUserId` (null: the shop) about `title`, started when there is none (classified ads, the seed). */
    async open(peerUserId: number | null, title: string): Promise<ConversationRow> {
      if (peerUserId !== null) {
        // A peer is another customer of the same brand, never the user themself.
        const [peer] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, peerUserId), eq(users.rootId, shop.rootId ?? shop.id)));
        if (!peer || peerUserId === userId) throw new Error(`conversation: user ${peerUserId} cannot be the peer of user ${userId} at shop ${shop.id}`);
      }
      const [found] = await db
        .select()
        .from(conversations)
        .where(and(ofShop, eq(conversations.userId, userId), peerUserId === null ? isNull(conversations.peerUserId) : eq(conversations.peerUserId, peerUserId), eq(conversations.title, title)));
      if (found) return found;
      const [row] = await db.insert(conversations).values({ shopId: shop.id, userId, peerUserId, title }).returning();
      return row;
    },
  };
}

