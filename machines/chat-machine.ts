import { assertEvent, assign, enqueueActions, fromCallback, fromPromise, setup, stateIn, type SnapshotFrom } from 'xstate';
import type { LiveEvent, LongPoll, Unread } from '@contract/entities/chat';
import { asFailure, waitSecondsOf, type ApiFailure } from './api-failure';
import { notProvided } from './not-provided';
import { SYSTEM_IDS } from './system';

/** The first wait after a failed poll; each further failure doubles it, up to RECONNECT_MAX_MS. */
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/**
 * The wait before the next try after `failures` failed polls in a row: half of the doubled
 * wait is fixed, half drawn by `jitter` (0 ≤ jitter < 1), so thousands of clients cut off
 * together do not come back in the same second. A 503's wait_seconds is never undercut.
 */
export function reconnectDelay(failures: number, jitter: number, serverWaitSeconds: number | null = null): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** Math.max(0, failures - 1));
  const drawn = Math.round(ceiling / 2 + (ceiling / 2) * Math.min(Math.max(jitter, 0), 1));
  return Math.max(drawn, (serverWaitSeconds ?? 0) * 1000);
}

/** A long poll's input: the cursor, and whether the server may hold it. */
export interface PollInput {
  count: number;
  wait: boolean;
}

/**
 * After a failure the poll is not held: answered at once by a server that is back, it ends the
 * offline notice then, not a hold (25 s) later. Answered, polls are held again.
 */
export const pollInput = (context: { cursor: number; failures: number }): PollInput => ({ count: context.cursor, wait: context.failures === 0 });

export const NO_UNREAD: Unread = { support: 0, public: 0, conversations: 0 };

export interface ChatContext {
  /** the id of the last live event seen: longpull's `count` */
  cursor: number;
  /** the unread totals of the last answer (or of a read_message / readConversation since) */
  unread: Unread;
  /** the events of the last answer, until they are handed to their owners */
  pending: LiveEvent[];
  /** failed polls in a row (0 once a poll is answered) */
  failures: number;
  /** drawn on each failure by 'draw jitter' (0 ≤ jitter < 1) */
  jitter: number;
  lastFailure: ApiFailure | null;
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

/**
 * The live channel (systemId 'chat'): idle while anonymous; logged in, it long-polls with its
 * cursor, hands each event to the actor that owns it and polls again; a failed poll waits with
 * jittered backoff (offline) and tries again by itself; a hidden tab pauses it. The unread
 * totals of each answer are what the header shows.
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
  delays: {
    'reconnect backoff': ({ context }) => reconnectDelay(context.failures, context.jitter, waitSecondsOf(context.lastFailure)),
  },
  guards: {
    'tab is hidden': stateIn({ tab: 'hidden' }),
  },
  actions: {
    'store answer': assign((_, params: { answer: LongPoll }) => ({
      cursor: params.answer.count,
      unread: params.answer.unread,
      pending: params.answer.events,
      failures: 0,
      lastFailure: null,
    })),
    'count failure': assign(({ context }, params: { error: unknown }) => ({ failures: context.failures + 1, lastFailure: asFailure(params.error) })),
    'draw jitter': assign({ jitter: () => Math.random() }),
    'store unread': assign(({ event }) => {
      assertEvent(event, 'chat.unread');
      return { unread: event.unread };
    }),
    // Another person's cursor and counts must not outlive a logout.
    'forget session': assign({ cursor: 0, unread: NO_UNREAD, pending: [], failures: 0, lastFailure: null }),
    /** Each event to the actor that owns it, when it exists: the open support chat, the messages screen, the app. */
    'dispatch events': enqueueActions(({ context, system, enqueue }) => {
      const supportChat = system.get(SYSTEM_IDS.supportChat);
      const messages = system.get(SYSTEM_IDS.messages);
      let conversationsChanged = false;
      for (const live of context.pending) {
        if (live.type === 'new_support_message') {
          const received: SupportReceived = { type: 'support.received', message: live.message };
          if (supportChat) enqueue.sendTo(supportChat, received);
        } else {
          // A public message reaches every customer at once; its count comes with the answer, so only a conversation's news makes the app read the list again.
          if (live.conversation_id !== null) conversationsChanged = true;
          const changed: MessagesChanged = { type: 'messages.changed', conversationId: live.conversation_id };
          if (messages) enqueue.sendTo(messages, changed);
        }
      }
      const app = system.get(SYSTEM_IDS.app);
      const refresh: ConversationsChanged = { type: 'conversations.refresh' };
      if (conversationsChanged && app) enqueue.sendTo(app, refresh);
    }),
    'forget events': assign({ pending: [] }),
  },
}).createMachine({
  id: 'chat',
  context: ({ input }) => ({
    cursor: 0,
    unread: input.unread ?? NO_UNREAD,
    pending: [],
    failures: 0,
    jitter: 0,
    lastFailure: null,
  }),
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
            polling: {
              on: { 'chat.hide': 'paused' },
              invoke: {
                id: 'poll',
                src: 'poll',
                input: ({ context }) => pollInput(context),
                onDone: { target: 'dispatching', actions: { type: 'store answer', params: ({ event }) => ({ answer: event.output }) } },
                onError: { target: 'offline', actions: [{ type: 'count failure', params: ({ event }) => ({ error: event.error }) }, 'draw jitter'] },
              },
            },
            dispatching: {
              entry: 'dispatch events',
              always: { target: 'polling', actions: 'forget events' },
            },
            // Visible to the person; it tries again by itself after the backoff, or at once when asked.
            offline: {
              on: { 'chat.hide': 'paused', 'chat.reconnect': 'polling' },
              after: { 'reconnect backoff': 'polling' },
            },
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
