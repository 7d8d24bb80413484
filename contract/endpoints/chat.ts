import * as v from 'valibot';
import {
  ChatMessageSchema,
  ConversationListSchema,
  ConversationMessageSchema,
  ConversationMessagesSchema,
  LongPollSchema,
  MessageListSchema,
  UnreadSchema,
} from '../entities/chat';
import { blankAsAbsent, blankOr, id, integer, longPollWait, text } from '../fields';
import { CHAT_MESSAGE_MAX, CONVERSATION_PAGE_LENGTH, MESSAGE_PAGE_LENGTH, WEB_MESSAGE_TYPE } from '../rules/chat';
import { TEXT_MAX } from '../rules/limits';

/** Offsets and page lengths: a page never exceeds 50 entries. */
const offset = () => blankOr(integer({ min: 0 }), 0);
const length = (fallback: number) => blankOr(integer({ min: 1, max: 50 }), fallback);

/** The live channel, the support chat, public messages and conversations (spec §4, §5, §7). */
export const chatEndpoints = {
  longpull: {
    summary:
      "Spec §7: the long poll. `count` is the id of the last event the client has seen (0 on a first connection: the answer comes at once with the current cursor and no events; at a shop that has no events yet 0 is already the cursor, so that poll is held like any other). Held until an event for this user arrives or LONGPOLL_HOLD_MS passes; answered at once with nothing new (the same `count`, no events) when a newer poll of the same session or client address takes its place (the server's bounds, docs/server.md) or the session logs out. Answers every event after `count`, so none is lost between two polls or across a reconnect. `wait` 0 (not in the spec; default 1) answers at once, held or not: a client that has just failed sends it, so it knows it is back online without waiting out a hold.",
    request: v.object({ count: blankOr(integer({ min: 0 }), 0), wait: longPollWait() }),
    data: LongPollSchema,
    login: true,
  },
  get_messages: {
    summary:
      "Spec §7: a page of the support chat (type chat: the customer's messages and the shop's replies) or of the shop's public messages (type public), newest first. length defaults to spec §9's 7 for chat and MESSAGE_PAGE_LENGTH for public.",
    request: v.object({
      type: v.optional(v.picklist(['chat', 'public']), 'chat'),
      offset: offset(),
      length: blankAsAbsent(integer({ min: 1, max: 50 })),
    }),
    data: MessageListSchema,
    login: true,
  },
  send_message_web: {
    summary: `Spec §7: a text message to the shop's support. name and message must not be blank (spec §5's messages); type is ${WEB_MESSAGE_TYPE}. Answers the stored message; the shop's staff get it live.`,
    request: v.object({
      name: text({ max: TEXT_MAX.personName }),
      message: text({ max: CHAT_MESSAGE_MAX, multiline: true }),
      type: blankOr(v.pipe(integer(), v.literal(WEB_MESSAGE_TYPE)), WEB_MESSAGE_TYPE),
    }),
    data: ChatMessageSchema,
    login: true,
    writes: true,
  },
  read_message: {
    summary:
      "Spec §7 (fields not shown): marks messages to the user read: of `type` chat (the shop's replies) or public (default), every one up to `id`, or all of them when id is absent. Answers the unread totals.",
    request: v.object({
      type: v.optional(v.picklist(['chat', 'public']), 'public'),
      id: blankAsAbsent(id()),
    }),
    data: UnreadSchema,
    login: true,
    writes: true,
  },
  get_all_conversations: {
    summary: "The user's conversations, newest first, with spec §3's num_results, unread_count (over all of them) and next_offset.",
    request: v.object({ offset: offset(), length: length(CONVERSATION_PAGE_LENGTH) }),
    data: ConversationListSchema,
    login: true,
  },
  get_conversation_messages: {
    summary: 'Spec §7: a page of one of the user\'s conversations, newest first. Another user\'s conversation is 404.',
    request: v.object({ conversation_id: id(), offset: offset(), length: length(MESSAGE_PAGE_LENGTH) }),
    data: ConversationMessagesSchema,
    login: true,
  },
  send_message_to_conversation: {
    summary:
      'Spec §7: `to` is the conversation id; text_message must not be blank. The other side gets a new_message event. A conversation with the shop (no peer) takes no reply until the console reads conversations: 409 `conversation_no_replies`, nothing stored.',
    request: v.object({ to: id(), text_message: text({ max: CHAT_MESSAGE_MAX, multiline: true }) }),
    data: ConversationMessageSchema,
    login: true,
    writes: true,
  },
  readConversation: {
    summary: 'Spec §7: marks every message of the conversation to the user read. Answers the unread totals.',
    request: v.object({ conv_id: id() }),
    data: UnreadSchema,
    login: true,
    writes: true,
  },
} as const;
