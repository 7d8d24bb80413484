import * as v from 'valibot';
import { DELIVERY_METHOD_VALUES } from '../enums';
import { AD_STATUSES } from '../rules/ad-lifecycle';
import { AdCardSchema } from './ad';

/** A picture attached to a message: served only to whom may see it (the customer and the shop's staff). */
export const MediaSchema = v.object({
  id: v.number(),
  /** the re-encoded picture, e.g. /media/upload/12 */
  url: v.string(),
  thumbnail_url: v.string(),
  mime: v.string(),
  width: v.number(),
  height: v.number(),
});
export type Media = v.InferOutput<typeof MediaSchema>;

/**
 * A message of the support chat (type chat) or a public message of the shop (type public).
 * `from` says who wrote it: the customer ('user') or the shop ('shop'). `read` is whether its
 * recipient has read it. `media` is set for a media message.
 */
export const ChatMessageSchema = v.object({
  id: v.number(),
  type: v.picklist(['chat', 'public']),
  from: v.picklist(['user', 'shop']),
  name: v.string(),
  message: v.string(),
  media: v.nullable(MediaSchema),
  read: v.boolean(),
  created_at: v.string(),
});
export type ChatMessage = v.InferOutput<typeof ChatMessageSchema>;

/**
 * Spec §3 Message list: a page of messages, newest first. `next_offset` is the offset of the next
 * (older) page, null when there is none; `unread_count` counts this type's unread messages to the user.
 */
export const MessageListSchema = v.object({
  messages: v.array(ChatMessageSchema),
  num_results: v.number(),
  unread_count: v.number(),
  next_offset: v.nullable(v.number()),
});
export type MessageList = v.InferOutput<typeof MessageListSchema>;

/**
 * A conversation between the user and someone else: the shop (peer_user_id null) or another
 * customer, such as a classified ad's publisher. `title` names the other side or the ad.
 */
export const ConversationSchema = v.object({
  id: v.number(),
  title: v.string(),
  unread_count: v.number(),
  last_message: v.nullable(v.string()),
  updated_at: v.string(),
  peer_user_id: v.nullable(v.number()),
  /** only to a classified ad's publisher: the name of the buyer who started the chat (the publisher's page is titled with it) */
  starter_name: v.optional(v.string()),
});
export type Conversation = v.InferOutput<typeof ConversationSchema>;

/** Spec §3 Message list for conversations: a page, newest first, and the total unread over all of them. */
export const ConversationListSchema = v.object({
  conversations: v.array(ConversationSchema),
  num_results: v.number(),
  unread_count: v.number(),
  next_offset: v.nullable(v.number()),
});
export type ConversationList = v.InferOutput<typeof ConversationListSchema>;

/** A message of a conversation; `mine` is whether the asking user wrote it. */
export const ConversationMessageSchema = v.object({
  id: v.number(),
  conversation_id: v.number(),
  mine: v.boolean(),
  text_message: v.string(),
  read: v.boolean(),
  created_at: v.string(),
});
export type ConversationMessage = v.InferOutput<typeof ConversationMessageSchema>;

export const ConversationMessagesSchema = v.object({
  conversation: ConversationSchema,
  messages: v.array(ConversationMessageSchema),
  num_results: v.number(),
  next_offset: v.nullable(v.number()),
});
export type ConversationMessages = v.InferOutput<typeof ConversationMessagesSchema>;

/** What is unread for the user, by place: the header shows their sum. */
export const UnreadSchema = v.object({
  support: v.number(),
  public: v.number(),
  conversations: v.number(),
});
export type Unread = v.InferOutput<typeof UnreadSchema>;

/**
 * Spec §4's long-poll events. `id` is the cursor: the client sends the last id it has seen as
 * longpull's `count`. new_support_message carries the message to append to the open support
 * chat: the shop's replies and also the customer's own messages (so their other tabs show them),
 * so a client skips a message whose id it already shows; new_message says a conversation
 * (conversation_id) or a public message (null) changed, so conversations and unread totals are
 * read again (both sides of a conversation get it, the writer's other tabs too).
 */
export const LiveEventSchema = v.variant('type', [
  v.object({ id: v.number(), type: v.literal('new_support_message'), message: ChatMessageSchema }),
  v.object({ id: v.number(), type: v.literal('new_message'), conversation_id: v.nullable(v.number()) }),
  /** the store changed one of the customer's orders (docs/orders.md): its new status, a confirm's ready time, a cancel's reason */
  v.object({
    id: v.number(),
    type: v.literal('order_status'),
    order_id: v.number(),
    action: v.picklist(['confirm', 'send', 'complete', 'cancel', 'expire']),
    status: v.number(),
    ready_at: v.nullable(v.string()),
    ready_in: v.nullable(v.number()),
    reason: v.string(),
    /** the order's delivery method, so a sent order's notice says "ready for pickup" or "on its way" (absent: on its way) */
    delivery_method: v.optional(v.nullable(v.picklist(DELIVERY_METHOD_VALUES))),
  }),
  /** the shop answered the customer's access request: their access_flag now (1 approved, -1 denied) */
  v.object({ id: v.number(), type: v.literal('access_changed'), access_flag: v.number() }),
  /** the wallet changed outside the customer's own doing (a staff top-up, a refund, a referral reward): read it again */
  v.object({ id: v.number(), type: v.literal('wallet_changed') }),
  /** the customer's cart changed (a line added, a count set, a line removed, an order repeated), in this tab or another: read it again */
  v.object({ id: v.number(), type: v.literal('cart_changed'), order_id: v.number() }),
  /** classifieds: a moderator or the server changed one of the customer's ads (its new status and the reason, if any) */
  v.object({ id: v.number(), type: v.literal('ad_status'), ad_id: v.number(), title: v.string(), status: v.picklist(AD_STATUSES), reason: v.nullable(v.string()) }),
  /** classifieds: an ad matching one of the customer's saved searches was published (once per customer and ad: the search named is their first it matches) */
  v.object({ id: v.number(), type: v.literal('ad_matched'), ad_id: v.number(), title: v.string(), search_id: v.number(), search_name: v.string(), ad: AdCardSchema }),
]);
export type LiveEvent = v.InferOutput<typeof LiveEventSchema>;

/**
 * longpull's answer: the events after the client's cursor (oldest first), the new cursor, and
 * the unread totals. `count` is the cursor to send next; an empty answer after the hold keeps it.
 */
export const LongPollSchema = v.object({
  count: v.number(),
  events: v.array(LiveEventSchema),
  unread: UnreadSchema,
});
export type LongPoll = v.InferOutput<typeof LongPollSchema>;
