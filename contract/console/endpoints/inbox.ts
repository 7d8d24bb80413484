import * as v from 'valibot';
import { blankAsAbsent, blankOr, id, integer, longPollWait, text } from '../../fields';
import { CHAT_MESSAGE_MAX, CHAT_PAGE_LENGTH } from '../../rules/chat';
import { InboxChatListSchema, InboxChatPageSchema, InboxUnreadSchema, StaffLongPollSchema } from '../entities';
import { ChatMessageSchema } from '../../entities/chat';
import { INBOX_PAGE_LENGTH } from '../rules';

const offset = () => blankOr(integer({ min: 0 }), 0);
const length = (fallback: number) => blankOr(integer({ min: 1, max: 50 }), fallback);

/** The support inbox (issue 13): customers' chats with this shop, read and answered by its staff, live. */
export const inboxEndpoints = {
  support_chats: {
    summary: "Customers' support chats with this shop, the one with the newest message first, with each chat's unread count (the customer's messages no staff member has read) and the total.",
    request: v.object({ offset: offset(), length: length(INBOX_PAGE_LENGTH) }),
    data: InboxChatListSchema,
    staff: true,
  },
  support_chat: {
    summary: "A page of one customer's support chat, newest first (as get_messages), with the customer's name and mobile. A customer of another shop is 404.",
    request: v.object({ user_id: id(), offset: offset(), length: length(CHAT_PAGE_LENGTH) }),
    data: InboxChatPageSchema,
    staff: true,
  },
  support_reply: {
    summary: "A text reply of the shop to the customer's support chat (from 'shop', named by the staff member); blank is refused. The customer's long-poll gets it at once. Limited per staff member and address like customers' messages.",
    request: v.object({ user_id: id(), message: text({ max: CHAT_MESSAGE_MAX, multiline: true }) }),
    data: ChatMessageSchema,
    staff: true,
  },
  support_read: {
    summary: "Marks the customer's messages read by the staff: every one up to `id`, or all when absent. Answers the inbox's total unread.",
    request: v.object({ user_id: id(), id: blankAsAbsent(id()) }),
    data: InboxUnreadSchema,
    staff: true,
  },
  staff_longpull: {
    summary:
      "The staff's long poll, as longpull: `count` is the last event id seen (0 on a first connection: answered at once with the cursor). Held until a support message of this shop arrives or LONGPOLL_HOLD_MS passes; answers the events after `count` and the inbox's total unread. `wait` 0 answers at once, as longpull's.",
    request: v.object({ count: blankOr(integer({ min: 0 }), 0), wait: longPollWait() }),
    data: StaffLongPollSchema,
    staff: true,
  },
} as const;
