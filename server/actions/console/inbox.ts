import type { ChatMessage } from '@contract/entities/chat';
import * as v from 'valibot';
import { QUEUE_STATUSES } from '@contract/rules/ad-lifecycle';
import { CLASSIFIEDS_INTERFACE } from '@contract/rules/ads';
import { STAFF_LOGIN_REQUIRED } from '@contract/console/api';
import { StaffLiveEventSchema, type InboxChat, type StaffLiveEvent } from '@contract/console/entities';
import { CHAT_ERRORS, chatTextProblem } from '@contract/rules/chat';
import type { ShopRow, StaffRow, UserRow } from '../../db/schema';
import { ApiError } from '../../errors';
import { translate } from '../../i18n/messages';
import type { Language } from '@contract/enums';
import type { Repositories } from '../../repositories';
import type { StoredLiveEvent } from '../../repositories/live-repository';
import type { SupportChatSummary } from '../../repositories/support-inbox-repository';
import { nextOffset, toSupportMessage } from '../../services/chat/chat-mappers';
import { appendSupportMessage } from '../../services/chat/support-messages';
import { holdForNews, staffAudience } from '../../services/live';
import { takeStaffSendSlots } from '../../services/staff-send-limits';
import type { ConsoleHandlers, StaffContext } from './context';

const toInboxChat = (chat: SupportChatSummary): InboxChat => ({
  user_id: chat.userId,
  name: chat.name,
  mobile: chat.mobile,
  last_message: chat.lastMessage,
  last_from: chat.lastSender,
  last_has_media: chat.lastHasMedia,
  last_at: chat.lastAt.toISOString(),
  unread: chat.unread,
});

/** A stored staff event as the contract's; an event of another shape is left out (its id still moves the cursor). */
function toStaffEvent(event: StoredLiveEvent): StaffLiveEvent[] {
  const orderId = event.payload.order_id;
  if (event.type === 'order_placed' && typeof orderId === 'number') return [{ id: event.id, type: 'order_placed', order_id: orderId }];
  if (event.type === 'order_changed' && typeof orderId === 'number') return [{ id: event.id, type: 'order_changed', order_id: orderId, status: Number(event.payload.status) }];
  const userId = event.payload.user_id;
  if (event.type !== 'new_support_message') {
    // Every other staff event is stored as its contract's fields: it passes as it is, or not at all.
    const parsed = v.safeParse(StaffLiveEventSchema, { ...event.payload, id: event.id, type: event.type });
    return parsed.success ? [parsed.output] : [];
  }
  if (typeof userId !== 'number') return [];
  return [{ id: event.id, type: 'new_support_message', user_id: userId, message: event.payload.message as ChatMessage }];
}

/** The customer of this shop's root, or a 404 that says no more (another shop's customer and an unknown id read the same). */
export async function inboxCustomer(repos: Repositories, userId: number, language: Language): Promise<UserRow> {
  const customer = await repos.supportInbox.customer(userId);
  if (!customer) throw new ApiError(404, 'not_found', translate(language, 'inbox_customer_not_found'));
  return customer;
}

/** How a reply is signed to the customer: the staff member's name, else the shop's. */
export const replySender = (staff: StaffRow, shop: ShopRow): string => staff.name.trim() || shop.name;

/**
 * Runs a staff send in one transaction with its rate-limit slots: a refused or failed send takes
 * no slot; the live notices go out once it committed.
 */
export async function staffSend<Result>(context: Pick<StaffContext, 'repos' | 'shop' | 'staff' | 'ip' | 'clock' | 'language'>, write: (tx: Repositories, afterCommit: (task: () => Promise<void>) => void) => Promise<Result>): Promise<Result> {
  const committed: (() => Promise<void>)[] = [];
  const result = await context.repos.transaction(async (tx) => {
    await takeStaffSendSlots(tx, { staffId: context.staff.id, ip: context.ip, now: context.clock(), language: context.language });
    return write(tx, (task) => void committed.push(task));
  });
  for (const task of committed) await task();
  return result;
}

/** The support inbox of the operator console (docs/server.md, "Operator console"). */
export const inboxActions: ConsoleHandlers<'support_chats' | 'support_chat' | 'support_reply' | 'support_read' | 'staff_longpull'> = {
  async support_chats({ repos }, { offset, length }) {
    const page = await repos.supportInbox.chats({ offset, length });
    return { chats: page.chats.map(toInboxChat), num_results: page.total, unread_count: page.unread, next_offset: nextOffset(offset, page.chats.length, page.total) };
  },

  async support_chat({ repos, language }, { user_id, offset, length }) {
    const customer = await inboxCustomer(repos, user_id, language);
    const page = await repos.supportInbox.messages(customer.id, { offset, length });
    const name = customer.name.trim() || page.rows.find((row) => row.sender === 'user')?.name || '';
    return {
      customer: { user_id: customer.id, name, mobile: customer.mobile },
      messages: page.rows.map(toSupportMessage),
      num_results: page.total,
      unread_count: page.unread,
      next_offset: nextOffset(offset, page.rows.length, page.total),
    };
  },

  async support_reply(context, { user_id, message }) {
    const { shop, staff, language, live, clock } = context;
    if (chatTextProblem(message)) throw new ApiError(400, CHAT_ERRORS.messageRequired, translate(language, 'chat_message_required'));
    const customer = await inboxCustomer(context.repos, user_id, language);
    return staffSend(context, (tx, afterCommit) =>
      appendSupportMessage({ repos: tx, live, afterCommit }, { shop, userId: customer.id, from: 'shop', name: replySender(staff, shop), message, at: clock() }),
    );
  },

  async support_read({ repos, language, clock }, { user_id, id }) {
    const customer = await inboxCustomer(repos, user_id, language);
    const inbox = repos.supportInbox;
    await inbox.markRead(customer.id, id, clock());
    return { unread_count: await inbox.unreadTotal() };
  },

  async staff_longpull({ repos, shop, live, disconnected, staffCookie, clock, language }, { count, wait }) {
    const audience = staffAudience(shop.id);
    const log = repos.live;
    const inbox = repos.supportInbox;
    // As longpull: a first connection (0) or a cursor past the head answers at once with the head.
    let restart: boolean | null = null;
    const answer = await holdForNews(live, {
      audiences: [audience],
      read: async (lane) => {
        const read = await log.readAudience(audience, count, lane);
        restart ??= (count === 0 && read.head > 0) || count > read.head;
        return read;
      },
      hasNews: (read) => restart === true || read.events.length > 0,
      firstRead: count === 0 ? 'foreground' : 'background',
      signal: disconnected(),
      holdMs: wait ? undefined : 0,
    });
    // Disabled (or given a new password) while the poll was held: its session is gone, and what came meanwhile is not theirs to read.
    if (staffCookie.value === undefined || !(await repos.staff.bySessionToken(staffCookie.value, clock()))) {
      throw new ApiError(401, STAFF_LOGIN_REQUIRED, translate(language, 'staff_login_required'));
    }
    const [unread_count, orders, pending_access_count, queued_ads_count] = await Promise.all([
      inbox.unreadTotal(),
      repos.orderBoard.visibleShopIds().then((ids) => repos.orderBoard.counts(ids)),
      repos.consoleCustomers.pendingAccessCount(),
      // Classifieds only: the moderation queue's badge.
      shop.interfaceId === CLASSIFIEDS_INTERFACE ? repos.ads.queuedCount(QUEUE_STATUSES) : Promise.resolve(undefined),
    ]);
    const counts = { unread_count, unaccepted_count: orders.unaccepted, unopened_count: orders.unopened, pending_access_count, ...(queued_ads_count === undefined ? {} : { queued_ads_count }) };
    if (restart) return { count: answer.head, events: [], ...counts };
    return { count: answer.events.at(-1)?.id ?? count, events: answer.events.flatMap(toStaffEvent), ...counts };
  },
};
