import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { Media } from '@contract/entities/chat';
import { shops } from './shops';
import { users } from './users';

/*
 * The live channel's tables (docs/server.md, "Live channel"): the support chat of a customer with
 * the shop's staff, the shop's public messages, conversations between a user and a peer, and the
 * log of live events long-polls answer from.
 */

/** Who wrote a support message: the customer, or the shop's staff. */
export type SupportSender = 'user' | 'shop';

/**
 * The support chat: one thread per customer (`user_id`) and shop. A staff reply has sender 'shop'
 * and no customer sender. `read_at` is set when the recipient read it: the customer for the
 * shop's replies, the staff for the customer's messages (what the staff's inbox counts as unread).
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    sender: text('sender').$type<SupportSender>().notNull(),
    name: text('name').notNull(),
    body: text('body').notNull(),
    /** a picture sent through the upload endpoint (media_message); null for text */
    media: jsonb('media').$type<Media>(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('support_messages_shop_user').on(table.shopId, table.userId, table.id),
    check('support_messages_sender', sql`${table.sender} in ('user', 'shop')`),
  ],
);

/** What the shop says to all its customers (get_messages type public). */
export const publicMessages = pgTable(
  'public_messages',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    name: text('name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('public_messages_shop').on(table.shopId, table.id)],
);

/**
 * A customer's read state of a shop's public messages: every one up to `read_up_to` is read
 * (read_message reads "every one up to id"), so a shop's thousands of customers cost a row each, not a row per message.
 */
export const publicMessageReads = pgTable(
  'public_message_reads',
  {
    shopId: integer('shop_id').notNull().references(() => shops.id),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    readUpTo: integer('read_up_to').notNull(),
  },
  (table) => [primaryKey({ columns: [table.shopId, table.userId] })],
);

/**
 * A conversation of `user_id` with a peer: the shop itself (`peer_user_id` null) or another
 * customer of the same root, such as a classified ad's publisher. `title` names its subject.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    userId: integer('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    peerUserId: integer('peer_user_id').references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('conversations_shop_user').on(table.shopId, table.userId), index('conversations_shop_peer').on(table.shopId, table.peerUserId)],
);

/** sender_user_id null means the shop wrote it; read_at null means its recipient (the other side) has not read it. */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    conversationId: integer('conversation_id').notNull().references(() => conversations.id, { onDelete: 'cascade' }),
    senderUserId: integer('sender_user_id').references(() => users.id),
    body: text('body').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('messages_shop_conversation').on(table.shopId, table.conversationId, table.id)],
);

/**
 * The live channel's log. `id` is the long-poll cursor; `audience` says who gets the event
 * (services/live/audiences.ts); `payload` is what the answer carries besides id and type.
 * Within a shop, ids become visible in order (appends hold the shop's advisory lock until
 * commit), so a cursor never skips an event committed later.
 */
export const liveEvents = pgTable(
  'live_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    shopId: integer('shop_id').notNull().references(() => shops.id),
    audience: text('audience').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('live_events_audience').on(table.audience, table.id),
    index('live_events_shop').on(table.shopId, table.id),
    index('live_events_created').on(table.createdAt),
  ],
);

export type SupportMessageRow = typeof supportMessages.$inferSelect;
export type PublicMessageRow = typeof publicMessages.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;
export type ConversationMessageRow = typeof messages.$inferSelect;
