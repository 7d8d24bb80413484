import { and, assertEvent, assign, enqueueActions, fromPromise, raise, setup, spawnChild, stopChild, type ActorRefFrom, type AnyActorRef, type SnapshotFrom } from 'xstate';
import type { ChatMessage, Conversation, ConversationList, MessageList, Unread } from '@contract/entities/chat';
import { CONVERSATION_PAGE_LENGTH, MESSAGE_PAGE_LENGTH } from '@contract/rules/chat';
import { asFailure, type ApiFailure } from './api-failure';
import type { ChatEvent, ConnectionBack, MessagesChanged } from './chat-machine';
import { conversationMachine, type ConversationInput, type ConversationRead } from './conversation-machine';
import { notProvided } from './not-provided';
import { appendOnce } from './paged-list';
import { SYSTEM_IDS } from './system';

/** The open conversation's child id. */
export const OPEN_CONVERSATION_ID = 'conversation';

export interface MessagesContext {
  publicMessages: ChatMessage[];
  publicNext: number | null;
  publicUnread: number;
  publicFailure: ApiFailure | null;
  conversations: Conversation[];
  conversationsNext: number | null;
  conversationsUnread: number;
  conversationsFailure: ApiFailure | null;
  /** the conversation on screen, if any (its chart is the child OPEN_CONVERSATION_ID) */
  openId: number | null;
  /** false for the chat about ads (/home-4/chat): the shop's public messages are not read there, nor marked read */
  withPublic: boolean;
}

export interface MessagesInput {
  /** the app's list from the startup: shown at once, then read again */
  conversations?: ConversationList | null;
  /** false: conversations only (default true) */
  withPublic?: boolean;
}

export type MessagesEvent =
  | { type: 'messages.morePublic' }
  | { type: 'messages.moreConversations' }
  /** raised once a page of public messages is shown: the unread ones are marked read */
  | { type: 'messages.readPublic' }
  | { type: 'messages.retry' }
  | { type: 'messages.open'; conversationId: number }
  | { type: 'messages.close' }
  | MessagesChanged
  | ConnectionBack
  | ConversationRead;

/**
 * /messages (systemId 'messages'): the shop's public messages (get_messages type public; a page
 * shown marks the unread ones read with read_message) and the user's conversations (get_all_conversations, paged), one of
 * them open at a time as a conversation chart. The chat tells it what changed.
 */
export const messagesMachine = setup({
  types: {
    context: {} as MessagesContext,
    events: {} as MessagesEvent,
    input: {} as MessagesInput,
  },
  actors: {
    'load public': fromPromise<MessageList, { offset: number; length: number }>(notProvided('load public')),
    'load conversations': fromPromise<ConversationList, { offset: number; length: number }>(notProvided('load conversations')),
    'read public': fromPromise<Unread, { id: number }>(notProvided('read public')),
    conversation: conversationMachine,
  },
  guards: {
    'more public': ({ context }) => context.publicNext !== null,
    'more conversations': ({ context }) => context.conversationsNext !== null,
    'public is unread': ({ context }) => context.publicUnread > 0 && context.publicMessages.length > 0,
    'public changed': ({ event }) => event.type === 'messages.changed' && event.conversationId === null,
    'public messages wanted': ({ context }) => context.withPublic,
    'the open conversation changed': ({ context, event }) => event.type === 'messages.changed' && event.conversationId !== null && event.conversationId === context.openId,
  },
  actions: {
    'store public': assign(({ context }, params: { page: MessageList; first: boolean }) => ({
      publicMessages: params.first ? params.page.messages : appendOnce(context.publicMessages, params.page.messages),
      publicNext: params.page.next_offset,
      publicUnread: params.page.unread_count,
      publicFailure: null,
    })),
    'read shown public': raise({ type: 'messages.readPublic' }),
    'store public failure': assign((_, params: { error: unknown }) => ({ publicFailure: asFailure(params.error) })),
    'store conversations': assign(({ context }, params: { list: ConversationList; first: boolean }) => ({
      conversations: params.first ? params.list.conversations : appendOnce(context.conversations, params.list.conversations),
      conversationsNext: params.list.next_offset,
      conversationsUnread: params.list.unread_count,
      conversationsFailure: null,
    })),
    'store conversations failure': assign((_, params: { error: unknown }) => ({ conversationsFailure: asFailure(params.error) })),
    // The badges of the messages stay for this visit (the person sees which were new); the counts drop.
    'store read totals': assign((_, params: { unread: Unread }) => ({ publicUnread: params.unread.public, conversationsUnread: params.unread.conversations })),
    'tell chat the totals': enqueueActions(({ system, enqueue }, params: { unread: Unread }) => {
      const chat = system.get(SYSTEM_IDS.chat);
      const totals: ChatEvent = { type: 'chat.unread', unread: params.unread };
      if (chat) enqueue.sendTo(chat, totals);
    }),
    'note conversation read': assign(({ context, event }) => {
      assertEvent(event, 'conversation.read');
      return {
        conversations: context.conversations.map((conversation) => (conversation.id === event.conversationId ? { ...conversation, unread_count: 0 } : conversation)),
        conversationsUnread: event.unread.conversations,
        publicUnread: event.unread.public,
      };
    }),
    'stop conversation': stopChild(OPEN_CONVERSATION_ID),
    'forget open conversation': assign({ openId: null }),
    'start conversation': spawnChild('conversation', {
      id: OPEN_CONVERSATION_ID,
      input: ({ event, self }): ConversationInput => ({ conversationId: event.type === 'messages.open' ? event.conversationId : 0, owner: self as AnyActorRef }),
    }),
    'remember open conversation': assign(({ event }) => {
      assertEvent(event, 'messages.open');
      return { openId: event.conversationId };
    }),
    // The child exists while openId is set (both change together).
    'tell the conversation': enqueueActions(({ context, enqueue }) => {
      if (context.openId !== null) enqueue.sendTo(OPEN_CONVERSATION_ID, { type: 'conversation.changed' });
    }),
    'tell the conversation the connection is back': enqueueActions(({ context, enqueue }) => {
      const back: ConnectionBack = { type: 'connection.back' };
      if (context.openId !== null) enqueue.sendTo(OPEN_CONVERSATION_ID, back);
    }),
  },
}).createMachine({
  id: 'messages',
  context: ({ input }) => ({
    publicMessages: [],
    publicNext: null,
    publicUnread: 0,
    publicFailure: null,
    conversations: input.conversations?.conversations ?? [],
    conversationsNext: input.conversations?.next_offset ?? null,
    conversationsUnread: input.conversations?.unread_count ?? 0,
    conversationsFailure: null,
    openId: null,
    withPublic: input.withPublic ?? true,
  }),
  type: 'parallel',
  on: {
    'messages.open': { actions: ['stop conversation', 'start conversation', 'remember open conversation'] },
    'messages.close': { actions: ['stop conversation', 'forget open conversation'] },
    'conversation.read': { actions: 'note conversation read' },
    // What could not be read for want of a connection is read again; the open conversation forgets its unanswered send.
    'connection.back': { actions: ['tell the conversation the connection is back', raise({ type: 'messages.retry' })] },
  },
  states: {
    public: {
      initial: 'starting',
      on: { 'messages.changed': { guard: and(['public messages wanted', 'public changed']), target: '.loading' } },
      states: {
        starting: { always: [{ guard: 'public messages wanted', target: 'loading' }, { target: 'off' }] },
        // The chat about ads lists conversations only: public news asks nothing there.
        off: {},
        loading: {
          invoke: {
            id: 'loadPublic',
            src: 'load public',
            input: () => ({ offset: 0, length: MESSAGE_PAGE_LENGTH }),
            onDone: { target: 'shown', actions: [{ type: 'store public', params: ({ event }) => ({ page: event.output, first: true }) }, 'read shown public'] },
            onError: { target: 'failed', actions: { type: 'store public failure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: { on: { 'messages.retry': 'loading' } },
        shown: {
          on: {
            'messages.morePublic': { guard: 'more public', target: 'loadingMore' },
            'messages.readPublic': { guard: 'public is unread', target: 'reading' },
          },
        },
        loadingMore: {
          invoke: {
            id: 'loadMorePublic',
            src: 'load public',
            input: ({ context }) => ({ offset: context.publicNext ?? 0, length: MESSAGE_PAGE_LENGTH }),
            onDone: { target: 'shown', actions: [{ type: 'store public', params: ({ event }) => ({ page: event.output, first: false }) }, 'read shown public'] },
            onError: { target: 'shown', actions: { type: 'store public failure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        // Every public message up to the newest is marked read.
        reading: {
          invoke: {
            id: 'readPublic',
            src: 'read public',
            input: ({ context }) => ({ id: context.publicMessages[0]?.id ?? 0 }),
            onDone: {
              target: 'shown',
              actions: [
                { type: 'store read totals', params: ({ event }) => ({ unread: event.output }) },
                { type: 'tell chat the totals', params: ({ event }) => ({ unread: event.output }) },
              ],
            },
            onError: 'shown',
          },
        },
      },
    },
    conversations: {
      initial: 'loading',
      on: {
        'messages.changed': [
          { guard: 'the open conversation changed', target: '.loading', actions: 'tell the conversation' },
          { guard: 'public changed' },
          { target: '.loading' },
        ],
      },
      states: {
        loading: {
          invoke: {
            id: 'loadConversations',
            src: 'load conversations',
            input: () => ({ offset: 0, length: CONVERSATION_PAGE_LENGTH }),
            onDone: { target: 'shown', actions: { type: 'store conversations', params: ({ event }) => ({ list: event.output, first: true }) } },
            onError: { target: 'failed', actions: { type: 'store conversations failure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: { on: { 'messages.retry': 'loading' } },
        shown: { on: { 'messages.moreConversations': { guard: 'more conversations', target: 'loadingMore' } } },
        loadingMore: {
          invoke: {
            id: 'loadMoreConversations',
            src: 'load conversations',
            input: ({ context }) => ({ offset: context.conversationsNext ?? 0, length: CONVERSATION_PAGE_LENGTH }),
            onDone: { target: 'shown', actions: { type: 'store conversations', params: ({ event }) => ({ list: event.output, first: false }) } },
            onError: { target: 'shown', actions: { type: 'store conversations failure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

export type MessagesSnapshot = SnapshotFrom<typeof messagesMachine>;
export type ConversationActor = ActorRefFrom<typeof conversationMachine>;

/** The open conversation's actor, for its view. */
export const openConversation = (snapshot: MessagesSnapshot): ConversationActor | undefined => snapshot.children[OPEN_CONVERSATION_ID] as ConversationActor | undefined;
type MessagesViewed = Pick<MessagesSnapshot, 'context' | 'matches'>;

export const publicFailure = (snapshot: MessagesViewed): ApiFailure | null => (snapshot.matches({ public: 'failed' }) ? snapshot.context.publicFailure : null);
export const isLoadingPublic = (snapshot: MessagesViewed): boolean => snapshot.matches({ public: 'loading' });
export const conversationsFailure = (snapshot: MessagesViewed): ApiFailure | null => (snapshot.matches({ conversations: 'failed' }) ? snapshot.context.conversationsFailure : null);
/** The conversations with another customer (a classified ad's publisher or buyer), each titled with its ad: /home-4/chat's list. */
export const adConversations = (snapshot: MessagesViewed): Conversation[] => snapshot.context.conversations.filter((conversation) => conversation.peer_user_id !== null);
export const isLoadingConversations = (snapshot: MessagesViewed): boolean => snapshot.matches({ conversations: 'loading' });
