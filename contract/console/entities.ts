import * as v from 'valibot';
import { ChatMessageSchema } from '../entities/chat';
import { CURRENCIES } from '../enums';
import { STAFF_ROLES } from './rules';

/** A staff member as the console sees them (never the password hash). */
export const StaffSchema = v.object({
  id: v.number(),
  name: v.string(),
  username: v.string(),
  role: v.picklist(STAFF_ROLES),
});
export type Staff = v.InferOutput<typeof StaffSchema>;

/** The shop whose console this is (the Host's), named in both languages. */
export const ConsoleShopSchema = v.object({
  id: v.number(),
  slug: v.string(),
  name: v.string(),
  name_en: v.string(),
  /** how the console shows money (contract/money.ts), as the storefront does */
  currency: v.picklist(CURRENCIES),
  /** the storefront's layout (spec §1): 4 is classifieds, whose console moderates ads */
  interface_id: v.number(),
});
export type ConsoleShop = v.InferOutput<typeof ConsoleShopSchema>;

/** Who is at the console of which shop; staff is null until someone logs in. */
export const ConsoleSessionSchema = v.object({
  shop: ConsoleShopSchema,
  staff: v.nullable(StaffSchema),
});
export type ConsoleSession = v.InferOutput<typeof ConsoleSessionSchema>;

/** One customer's support chat as the inbox lists it. `unread`: the customer's messages no staff member has read. */
export const InboxChatSchema = v.object({
  user_id: v.number(),
  /** the customer's account name, else the name on their last message */
  name: v.string(),
  mobile: v.string(),
  last_message: v.string(),
  last_from: v.picklist(['user', 'shop']),
  /** whether the last message is a picture */
  last_has_media: v.boolean(),
  last_at: v.string(),
  unread: v.number(),
});
export type InboxChat = v.InferOutput<typeof InboxChatSchema>;

/** A page of the inbox, newest chat first; `unread_count` is the total unread over every chat. */
export const InboxChatListSchema = v.object({
  chats: v.array(InboxChatSchema),
  num_results: v.number(),
  unread_count: v.number(),
  next_offset: v.nullable(v.number()),
});
export type InboxChatList = v.InferOutput<typeof InboxChatListSchema>;

/** The customer a chat is with. */
export const InboxCustomerSchema = v.object({ user_id: v.number(), name: v.string(), mobile: v.string() });
export type InboxCustomer = v.InferOutput<typeof InboxCustomerSchema>;

/** A page of one customer's chat, newest first (as get_messages); `unread_count` is this chat's unread for staff. */
export const InboxChatPageSchema = v.object({
  customer: InboxCustomerSchema,
  messages: v.array(ChatMessageSchema),
  num_results: v.number(),
  unread_count: v.number(),
  next_offset: v.nullable(v.number()),
});
export type InboxChatPage = v.InferOutput<typeof InboxChatPageSchema>;

/**
 * What the staff's long-poll carries: a customer's new support message (or a staff reply) with whose chat it is;
 * an order placed or changed (the board reads it again); an access request made.
 */
export const StaffLiveEventSchema = v.variant('type', [
  v.object({ id: v.number(), type: v.literal('new_support_message'), user_id: v.number(), message: ChatMessageSchema }),
  v.object({ id: v.number(), type: v.literal('order_placed'), order_id: v.number() }),
  v.object({ id: v.number(), type: v.literal('order_changed'), order_id: v.number(), status: v.number() }),
  v.object({ id: v.number(), type: v.literal('access_requested'), request_id: v.number() }),
  // Classifieds (issue 31): an ad entered the moderation queue (submitted, edited, or held after reports).
  v.object({ id: v.number(), type: v.literal('ad_queued'), ad_id: v.number() }),
  // An ad left it (a moderator decided, here or in another console, or its publisher deleted it): counts and open queues follow.
  v.object({ id: v.number(), type: v.literal('ad_decided'), ad_id: v.number() }),
]);
export type StaffLiveEvent = v.InferOutput<typeof StaffLiveEventSchema>;

/**
 * staff_longpull's answer: as longpull's, with the total unread of the inbox, the shop's unaccepted (pending) and
 * unopened orders (the tab's title and the board's alert) and its pending access requests.
 */
export const StaffLongPollSchema = v.object({
  count: v.number(),
  events: v.array(StaffLiveEventSchema),
  unread_count: v.number(),
  unaccepted_count: v.optional(v.number()),
  unopened_count: v.optional(v.number()),
  pending_access_count: v.optional(v.number()),
  /** classifieds: ads awaiting a moderator (awaiting or uncertain) */
  queued_ads_count: v.optional(v.number()),
});
export type StaffLongPoll = v.InferOutput<typeof StaffLongPollSchema>;

/** support_read's answer: the inbox's total unread after marking. */
export const InboxUnreadSchema = v.object({ unread_count: v.number() });
