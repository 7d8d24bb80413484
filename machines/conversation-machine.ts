import { assign, enqueueActions, fromPromise, raise, setup, type AnyActorRef, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { ConversationMessage, ConversationMessages, Unread } from '@contract/entities/chat';
import { CHAT_ERRORS, chatTextProblem, MESSAGE_PAGE_LENGTH } from '@contract/rules/chat';
import { asFailure, isNotFound, type ApiFailure } from './api-failure';
import type { ChatEvent, ConnectionBack, MessagesChanged } from './chat-machine';
import { notProvided } from './not-provided';
import { mergeNewestFirst, pagedListStates } from './paged-list';
import { SYSTEM_IDS } from './system';
import { composerImplementations, composerStates, type ComposerContext, type ComposerProblem } from './composer';

export type ConversationProblem = ComposerProblem<typeof CHAT_ERRORS.messageRequired>;

export interface ConversationContext extends ComposerContext<typeof CHAT_ERRORS.messageRequired> {
  conversationId: number;
  /** told 'conversation.read' when this conversation was marked read (the list's badge drops) */
  owner: AnyActorRef | null;
  page: ConversationMessages | null;
  /** newest first */
  messages: ConversationMessage[];
  nextOffset: number | null;
  loadFailure: ApiFailure | null;
}

export interface ConversationInput {
  conversationId: number;
  owner?: AnyActorRef | null;
}

/** What a conversation tells its owner. */
export type ConversationRead = { type: 'conversation.read'; conversationId: number; unread: Unread };

export type ConversationEvent =
  | { type: 'conversation.text'; text: string }
  | { type: 'conversation.send' }
  | { type: 'conversation.older' }
  | { type: 'conversation.retry' }
  /** the chat heard a new message in this conversation */
  | { type: 'conversation.changed' }
  | { type: 'conversation.markRead' }
  /** the chat's news when this conversation is the screen's own actor (systemId 'messages': the chat about an ad) */
  | MessagesChanged
  | ConnectionBack;

const olderLeft = (context: ConversationContext): boolean => context.nextOffset !== null;

const composer = composerImplementations<ConversationContext, ConversationEvent, typeof CHAT_ERRORS.messageRequired>({ text: (context) => chatTextProblem(context.text) });

/**
 * One conversation (get_conversation_messages, send_message_to_conversation, readConversation):
 * the messages screen opens it, and the classifieds' buyer-to-publisher chat will too. A new
 * message the chat hears reads the newest page again; an unread one on screen is marked read.
 */
export const conversationMachine = setup({
  types: {
    context: {} as ConversationContext,
    events: {} as ConversationEvent,
    input: {} as ConversationInput,
  },
  actors: {
    'load conversation': fromPromise<ConversationMessages, { conversationId: number; offset: number; length: number }>(notProvided('load conversation')),
    'send to conversation': fromPromise<ConversationMessage, { to: number; text: string }>(notProvided('send to conversation')),
    'read conversation': fromPromise<Unread, { conversationId: number }>(notProvided('read conversation')),
  },
  guards: {
    ...composer.guards,
    'has older page': ({ context }) => olderLeft(context),
    'something is unread': ({ context }) => context.messages.some((message) => !message.mine && !message.read),
    'about this conversation': ({ context, event }) => event.type === 'messages.changed' && event.conversationId === context.conversationId,
  },
  actions: {
    ...composer.actions,
    'store newest page': assign(({ context }, params: { page: ConversationMessages }) => ({
      page: params.page,
      messages: mergeNewestFirst(context.messages, params.page.messages),
      // A newer page read again leaves the older pages already shown (and where to continue) as they were.
      nextOffset: context.page === null ? params.page.next_offset : context.nextOffset,
      loadFailure: null,
    })),
    'store older page': assign(({ context }, params: { page: ConversationMessages }) => ({
      messages: mergeNewestFirst(context.messages, params.page.messages),
      nextOffset: params.page.next_offset,
    })),
    'store load failure': assign((_, params: { error: unknown }) => ({ loadFailure: asFailure(params.error) })),
    'store sent': assign(({ context }, params: { message: ConversationMessage }) => ({ messages: mergeNewestFirst(context.messages, [params.message]) })),
    'mark shown read': assign(({ context }) => ({ messages: context.messages.map((message) => (message.mine ? message : { ...message, read: true })) })),
    'mark read': raise({ type: 'conversation.markRead' }),
    // Typed in full: beside the composer's actions, already typed, TypeScript no longer infers an enqueue's params.
    'tell about reading': enqueueActions<ConversationContext, ConversationEvent, { unread: Unread }, ConversationEvent, never, never, never, never, never>(({ context, system, enqueue }, params) => {
      const chat = system.get(SYSTEM_IDS.chat);
      const totals: ChatEvent = { type: 'chat.unread', unread: params.unread };
      if (chat) enqueue.sendTo(chat, totals);
      const read: ConversationRead = { type: 'conversation.read', conversationId: context.conversationId, unread: params.unread };
      if (context.owner) enqueue.sendTo(context.owner, read);
    }),
  },
}).createMachine({
  id: 'conversation',
  context: ({ input }) => ({
    conversationId: input.conversationId,
    owner: input.owner ?? null,
    page: null,
    messages: [],
    nextOffset: null,
    text: '',
    problem: null,
    loadFailure: null,
  }),
  type: 'parallel',
  on: {
    'messages.changed': { guard: 'about this conversation', actions: raise({ type: 'conversation.changed' }) },
    // The connection is back: a send that got no answer is forgotten, a first page that could not be read is read.
    'connection.back': { actions: ['forget unanswered problem', raise({ type: 'conversation.retry' })] },
  },
  states: {
    list: {
      initial: 'loading',
      // Older messages by the offset the last page gave; a new message reads the newest page again (what is shown stays, merged).
      states: pagedListStates({
        src: 'load conversation',
        first: ({ context }: { context: ConversationContext }) => ({ conversationId: context.conversationId, offset: 0, length: MESSAGE_PAGE_LENGTH }),
        more: ({ context }: { context: ConversationContext }) => ({ conversationId: context.conversationId, offset: context.nextOffset ?? 0, length: MESSAGE_PAGE_LENGTH }),
        storeFirst: [{ type: 'store newest page', params: ({ event }: { event: DoneActorEvent<ConversationMessages> }) => ({ page: event.output }) }, 'mark read'],
        storeMore: { type: 'store older page', params: ({ event }: { event: DoneActorEvent<ConversationMessages> }) => ({ page: event.output }) },
        firstFailed: { type: 'store load failure', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) },
        moreFailed: [],
        hasMore: 'has older page',
        events: { more: 'conversation.older', retry: 'conversation.retry', stale: 'conversation.changed' },
        whenStale: 'reload',
      }),
    },
    composer: {
      initial: 'editing',
      states: composerStates({
        events: { text: 'conversation.text', send: 'conversation.send' },
        send: {
          src: 'send to conversation',
          input: ({ context }: { context: ConversationContext }) => ({ to: context.conversationId, text: context.text.trim() }),
          done: [{ type: 'store sent', params: ({ event }: { event: DoneActorEvent<ConversationMessage> }) => ({ message: event.output }) }],
        },
      }),
    },
    reading: {
      initial: 'idle',
      states: {
        idle: { on: { 'conversation.markRead': { guard: 'something is unread', target: 'marking' } } },
        marking: {
          invoke: {
            id: 'read',
            src: 'read conversation',
            input: ({ context }) => ({ conversationId: context.conversationId }),
            onDone: { target: 'idle', actions: ['mark shown read', { type: 'tell about reading', params: ({ event }) => ({ unread: event.output }) }] },
            onError: 'idle',
          },
        },
      },
    },
  },
});

export type ConversationSnapshot = SnapshotFrom<typeof conversationMachine>;
type ConversationViewed = Pick<ConversationSnapshot, 'context' | 'matches'>;

/** The conversation's failed first load, if it failed for a reason a retry may fix. */
export const conversationFailure = (snapshot: ConversationViewed): ApiFailure | null =>
  snapshot.matches({ list: 'failed' }) && !isNotFound(snapshot.context.loadFailure) ? snapshot.context.loadFailure : null;
/** The server says there is no such conversation of this person: a not-found page, no retry. */
export const isConversationNotFound = (snapshot: ConversationViewed): boolean => snapshot.matches({ list: 'failed' }) && isNotFound(snapshot.context.loadFailure);
/** Older messages are left to read (the chart's 'has older page'). */
export const hasOlderMessages = (snapshot: ConversationViewed): boolean => olderLeft(snapshot.context);
export const isLoadingOlderMessages = (snapshot: ConversationViewed): boolean => snapshot.matches({ list: 'loadingMore' });
/** A classified ad's chat seen by its publisher: the buyer who started it (the page is titled with them); else null. */
export const chatStarterName = (snapshot: Pick<ConversationViewed, 'context'>): string | null => snapshot.context.page?.conversation.starter_name ?? null;
