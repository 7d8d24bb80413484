import * as v from 'valibot';
import { LiveEventSchema, type ChatMessage, type LiveEvent } from '@contract/entities/chat';
import { SESSION_COOKIE } from '../http/cookies';
import type { CustomerLiveRead, StoredLiveEvent } from '../repositories/live-repository';
import { hashToken } from '../repositories/user-repository';
import { customerAudiences, holdForNews } from '../services/live';
import type { Handlers } from './context';

/** A stored event as the contract's LiveEvent; a type the customer's client does not know is left out (its id still moves the cursor). */
function toLiveEvent(event: StoredLiveEvent): LiveEvent[] {
  if (event.type === 'new_support_message') return [{ id: event.id, type: 'new_support_message', message: event.payload.message as ChatMessage }];
  if (event.type === 'new_message') {
    const conversationId = event.payload.conversation_id;
    return [{ id: event.id, type: 'new_message', conversation_id: typeof conversationId === 'number' ? conversationId : null }];
  }
  // The order's lifecycle (services/orders/order-events.ts writes the payload in the contract's shape).
  if (event.type === 'order_status') return [{ ...(event.payload as Omit<Extract<LiveEvent, { type: 'order_status' }>, 'id' | 'type'>), id: event.id, type: 'order_status' }];
  if (event.type === 'wallet_changed') return [{ id: event.id, type: 'wallet_changed' }];
  // Every other event is stored as its contract's fields (access_changed …): it passes as it is, or not at all.
  const parsed = v.safeParse(LiveEventSchema, { ...event.payload, id: event.id, type: event.type });
  return parsed.success ? [parsed.output] : [];
}

/** What a quiet hold leaves for the same poll coming back (services/live/quiet-answers.ts). */
interface QuietPoll {
  shopId: number;
  userId: number;
  count: number;
  read: CustomerLiveRead;
}

/** Spec §7's long poll (docs/server.md, "Live channel"). */
export const chatLiveActions: Handlers<'longpull'> = {
  async longpull({ repos, shop, user, live, http, clock }, { count, wait }) {
    const audiences = customerAudiences(shop.id, user.id);
    const log = repos.live;
    // Signed in, so the cookie names a live session: its id bounds the polls it holds (with the account's and the
    // address's) and ends them at logout.
    const session = hashToken(http.cookies[SESSION_COOKIE] ?? '');
    // A first connection (0) or a cursor past the shop's newest event (a database started afresh) answers at once with
    // the head, decided on the first read. At a shop without events 0 is the head already: that poll is held like any
    // other, and an event during its hold is news (answering it at once would have the client ask again, forever).
    let restart: boolean | null = null;
    let readAt = 0;
    const answer = await holdForNews(live, {
      audiences,
      // This poll's last hold passed with nothing new at this cursor, and nothing of its audiences happened since.
      recall: () => {
        const quiet = live.recallQuiet(session);
        const kept = quiet?.value as QuietPoll | undefined;
        if (!quiet || !kept || kept.shopId !== shop.id || kept.userId !== user.id || kept.count !== count) return null;
        restart = false;
        readAt = quiet.readAt;
        return kept.read;
      },
      read: async (lane) => {
        readAt = clock().getTime();
        const read = await log.read(audiences, count, user.id, session, lane);
        restart ??= (count === 0 && read.head > 0) || count > read.head;
        return read;
      },
      onQuiet: (read) => {
        if (read.sessionLive && restart === false) live.keepQuiet(session, audiences, { shopId: shop.id, userId: user.id, count, read } satisfies QuietPoll, readAt);
      },
      // A session that ended while the poll waited (its notice lost on the bus) gets nothing more.
      hasNews: (read) => !read.sessionLive || restart === true || read.events.length > 0,
      firstRead: count === 0 ? 'foreground' : 'background',
      signal: http.disconnected,
      // wait 0: a client back from a failure learns at once that it is online again.
      holdMs: wait ? undefined : 0,
      owner: { session, account: String(user.id), address: http.ip },
    });
    if (!answer.sessionLive) return { count, events: [], unread: answer.unread };
    // A restart starts from now: what came before is in the lists the client loads anyway.
    if (restart) return { count: answer.head, events: [], unread: answer.unread };
    return { count: answer.events.at(-1)?.id ?? count, events: answer.events.flatMap(toLiveEvent), unread: answer.unread };
  },
};
