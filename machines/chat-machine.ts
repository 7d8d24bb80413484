import { assertEvent, assign, enqueueActions, fromCallback, fromPromise, setup, stateIn, type SnapshotFrom } from 'xstate';
import type { LiveEvent, LongPoll, Unread } from '@contract/entities/chat';
import { LONG_POLL_START, longPollImplementations, longPollStates, type LongPollContext, type PollInput } from './long-poll';
import type { Notice } from './notice';
import { notProvided } from './not-provided';
import { orderNewsNotice, type OrderChanged, type OrderNewsNoticeId } from './order-news';
import { adMatchedNotice, adNewsNotice, type AdNewsNoticeId, type AdsChanged } from './classifieds/ad-news';
import { SYSTEM_IDS } from './system';
import type { CartEvent } from './cart-machine';

export const NO_UNREAD: Unread = { support: 0, public: 0, conversations: 0 };

export interface ChatContext extends LongPollContext<LiveEvent> {
  /** the unread totals of the last answer (or of a read_message / readConversation since) */
  unread: Unread;
  /** a poll failed since the last answer: the next answer tells the open screens the connection is back */
  lost: boolean;
}

export interface ChatInput {
  /** what the startup knew (the conversations' unread count) before the first answer */
  unread?: Unread | null;
}

export type ChatEvent =
  | { type: 'chat.login' }
  | { type: 'chat.logout' }
  | { type: 'chat.hide' }
  | { type: 'chat.show' }
  /** try again now (the network is back, or the person asked) */
  | { type: 'chat.reconnect' }
  /** a read_message / readConversation answered new totals */
  | { type: 'chat.unread'; unread: Unread };

/** What the chat hands the support chat's actor (systemId 'supportChat') when it is open. */
export type SupportReceived = { type: 'support.received'; message: Extract<LiveEvent, { type: 'new_support_message' }>['message'] };
/** What the chat hands the messages screen's actor (systemId 'messages'): a conversation (or the public messages, null) changed. */
export type MessagesChanged = { type: 'messages.changed'; conversationId: number | null };
/** What the chat tells the app: the startup's conversation list is stale. */
export type ConversationsChanged = { type: 'conversations.refresh' };
/** What the chat tells the app: the shop answered the access request; the user is read again. */
export type UserChanged = { type: 'user.refresh' };
/** What the chat tells the open chats (support, a conversation) when a poll is answered after a failure: a send that got no answer is forgotten. */
export type ConnectionBack = { type: 'connection.back' };
/** What the chat tells a screen's resource (the orders list, the wallet): what it shows changed; read it again. */
export type ResourceChanged = { type: 'resource.refresh' };
type CartChangedElsewhere = Extract<CartEvent, { type: 'cart.changedElsewhere' }>;

const longPoll = longPollImplementations<ChatContext, LongPoll, ChatEvent>();
const pollStates = longPollStates<LongPoll>();

/**
 * The live channel (systemId 'chat'): idle while anonymous; logged in, it runs the long poll
 * (long-poll.ts) with its cursor and hands each event to the actor that owns it; a hidden tab
 * pauses it. The unread totals of each answer are what the header shows.
 */
export const chatMachine = setup({
  types: {
    context: {} as ChatContext,
    events: {} as ChatEvent,
    input: {} as ChatInput,
  },
  actors: {
    poll: fromPromise<LongPoll, PollInput>(notProvided('poll')),
    // The page's visibility and network, as chat.hide / chat.show / chat.reconnect: provided by the composition root.
    'page signals': fromCallback(() => {}),
  },
  delays: longPoll.delays,
  guards: {
    ...longPoll.guards,
    'tab is hidden': stateIn({ tab: 'hidden' }),
  },
  actions: {
    ...longPoll.actions,
    'take answer': assign<ChatContext, ChatEvent, { answer: LongPoll }, ChatEvent, never>((_, params) => ({ unread: params.answer.unread })),
    'store unread': assign(({ event }) => {
      assertEvent(event, 'chat.unread');
      return { unread: event.unread };
    }),
    // Another person's cursor and counts must not outlive a logout.
    'forget session': assign({ ...LONG_POLL_START, unread: NO_UNREAD, lost: false }),
    'note lost': assign({ lost: true }),
    'tell connection back': enqueueActions(({ context, system, enqueue }) => {
      if (!context.lost) return;
      const back: ConnectionBack = { type: 'connection.back' };
      for (const id of [SYSTEM_IDS.supportChat, SYSTEM_IDS.messages]) {
        const open = system.get(id);
        if (open) enqueue.sendTo(open, back);
      }
      enqueue.assign({ lost: false });
    }),
    /** provided by the composition root: shows the notice (src/app/notices.ts) */
    notify: (_: unknown, _notice: Notice<OrderNewsNoticeId | AdNewsNoticeId>) => {},
    /**
     * Each event to the actor that owns it, when it exists: the open support chat, the messages
     * screen, the app; an order's change to the open order and the orders list, told once here.
     */
    'hand over': enqueueActions(({ context, system, enqueue }) => {
      const supportChat = system.get(SYSTEM_IDS.supportChat);
      const messages = system.get(SYSTEM_IDS.messages);
      const order = system.get(SYSTEM_IDS.order);
      const orders = system.get(SYSTEM_IDS.orders);
      const wallet = system.get(SYSTEM_IDS.wallet);
      const myAds = system.get(SYSTEM_IDS.myAds);
      const refresh: ResourceChanged = { type: 'resource.refresh' };
      let conversationsChanged = false;
      let ordersChanged = false;
      let userChanged = false;
      let walletChanged = false;
      let cartChanged = false;
      for (const live of context.pending) {
        if (live.type === 'order_status') {
          ordersChanged = true;
          const changed: OrderChanged = { type: 'order.changed', orderId: live.order_id };
          if (order) enqueue.sendTo(order, changed);
          const notice = orderNewsNotice(live);
          if (notice) enqueue({ type: 'notify', params: notice });
        } else if (live.type === 'ad_status') {
          // Issue 31: a moderator's (or the server's) change of the publisher's ad: "my ads" reads itself again, the publisher is told.
          const changed: AdsChanged = { type: 'ads.changed', adId: live.ad_id };
          if (myAds) enqueue.sendTo(myAds, changed);
          const notice = adNewsNotice(live);
          if (notice) enqueue({ type: 'notify', params: notice });
        } else if (live.type === 'ad_matched') {
          // Issue 31: a new ad matches one of the customer's saved searches; told once, wherever they are.
          enqueue({ type: 'notify', params: adMatchedNotice(live) });
        } else if (live.type === 'access_changed') userChanged = true;
        else if (live.type === 'wallet_changed') walletChanged = true;
        else if (live.type === 'cart_changed') cartChanged = true;
        else if (live.type === 'new_support_message') {
          const received: SupportReceived = { type: 'support.received', message: live.message };
          if (supportChat) enqueue.sendTo(supportChat, received);
        } else if (live.type === 'new_message') {
          // A public message reaches every customer at once; its count comes with the answer, so only a conversation's news makes the app read the list again.
          if (live.conversation_id !== null) conversationsChanged = true;
          const changed: MessagesChanged = { type: 'messages.changed', conversationId: live.conversation_id };
          if (messages) enqueue.sendTo(messages, changed);
        }
      }
      const app = system.get(SYSTEM_IDS.app);
      const conversationsRefresh: ConversationsChanged = { type: 'conversations.refresh' };
      if (conversationsChanged && app) enqueue.sendTo(app, conversationsRefresh);
      const userRefresh: UserChanged = { type: 'user.refresh' };
      if (userChanged && app) enqueue.sendTo(app, userRefresh);
      // A cancel or refund may change the wallet too; the list and the wallet are each read once per answer.
      if (ordersChanged && orders) enqueue.sendTo(orders, refresh);
      if ((walletChanged || ordersChanged) && wallet) enqueue.sendTo(wallet, refresh);
      // Another tab or device changed the cart (or this tab did): the cart reads it again once, whatever shows.
      const cart = system.get(SYSTEM_IDS.cart);
      const cartNews: CartChangedElsewhere = { type: 'cart.changedElsewhere' };
      if (cartChanged && cart) enqueue.sendTo(cart, cartNews);
    }),
  },
}).createMachine({
  id: 'chat',
  context: ({ input }) => ({ ...LONG_POLL_START, unread: input.unread ?? NO_UNREAD, lost: false }),
  invoke: { id: 'pageSignals', src: 'page signals' },
  type: 'parallel',
  on: {
    'chat.unread': { actions: 'store unread' },
  },
  states: {
    tab: {
      initial: 'visible',
      states: {
        visible: { on: { 'chat.hide': 'hidden' } },
        hidden: { on: { 'chat.show': 'visible' } },
      },
    },
    connection: {
      initial: 'idle',
      states: {
        // Anonymous: nothing to poll. The app says who is logged in (chat.login / chat.logout).
        idle: {
          on: { 'chat.login': 'live' },
        },
        live: {
          initial: 'resuming',
          on: { 'chat.logout': { target: 'idle', actions: 'forget session' } },
          states: {
            resuming: {
              always: [{ guard: 'tab is hidden', target: 'paused' }, { target: 'polling' }],
            },
            ...pollStates,
            polling: { ...pollStates.polling, on: { 'chat.hide': 'paused' } },
            // Visible to the person; it tries again by itself after the backoff, or at once when asked.
            dispatching: { ...pollStates.dispatching, entry: ['hand over', 'tell connection back'] },
            offline: { ...pollStates.offline, entry: 'note lost', on: { 'chat.hide': 'paused', 'chat.reconnect': 'polling' } },
            replaced: { ...pollStates.replaced, on: { 'chat.hide': 'paused' } },
            // A hidden tab holds no request open; shown again, it polls at once from the same cursor.
            paused: {
              on: { 'chat.show': 'polling' },
            },
          },
        },
      },
    },
  },
});

export type ChatSnapshot = SnapshotFrom<typeof chatMachine>;
type Viewed = Pick<ChatSnapshot, 'context' | 'matches'>;

/** Logged in and polling (or paused by a hidden tab). */
export const isConnected = (snapshot: Viewed): boolean => snapshot.matches({ connection: 'live' });
/** Offline from the first failed poll until a poll is answered again (retries included, so it does not flicker). */
export const isOffline = (snapshot: Viewed): boolean => snapshot.matches({ connection: 'live' }) && snapshot.context.failures > 0;
/** What the header's badge counts. */
export const unreadTotal = (snapshot: Viewed): number => snapshot.context.unread.support + snapshot.context.unread.public + snapshot.context.unread.conversations;
/** Where the header's link goes: the support chat when a reply waits there (or nothing waits anywhere), else the messages. */
export const unreadDestination = (snapshot: Viewed): '/support' | '/messages' => {
  const { support, public: publicCount, conversations } = snapshot.context.unread;
  return support === 0 && publicCount + conversations > 0 ? '/messages' : '/support';
};
