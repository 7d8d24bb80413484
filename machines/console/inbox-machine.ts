import { assertEvent, assign, fromCallback, fromPromise, raise, setup, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { InboxChat, InboxChatList, InboxChatPage, InboxCustomer } from '@contract/console/entities';
import { INBOX_PAGE_LENGTH } from '@contract/console/rules';
import type { ChatMessage } from '@contract/entities/chat';
import { CHAT_ERRORS, CHAT_PAGE_LENGTH, chatTextProblem, declaredFileProblem } from '@contract/rules/chat';
import { asFailure, type ApiFailure } from '../api-failure';
import { notProvided } from '../not-provided';
import type { InboxLive } from './staff-live-machine';
import { appendOnce, mergeNewestFirst, pagedListStates } from '../paged-list';
import type { ChatRefusal } from '../support-chat-machine';
import { progressPercent, type PickedFile, type UploadEvent } from '../upload';
import { composerImplementations, composerStates, PICTURE_COMPOSER_BLANK, type ComposerProblem, type PictureComposerContext } from '../composer';

/** Why a reply was refused: a rule checked here (the view words it), or the server's localised message. */
export type InboxProblem = ComposerProblem<ChatRefusal>;

export interface InboxContext extends PictureComposerContext<ChatRefusal> {
  /** chats, the newest message first */
  chats: InboxChat[];
  chatsNextOffset: number | null;
  /** the inbox's total unread (the customers' messages no staff member has read) */
  unread: number;
  listFailure: ApiFailure | null;
  /** the open chat's customer id, null when none is open */
  openUserId: number | null;
  customer: InboxCustomer | null;
  /** the open chat, newest first */
  messages: ChatMessage[];
  messagesNextOffset: number | null;
  chatFailure: ApiFailure | null;
  /** the read being marked: its chat and the newest customer message it covers (the open chat may change before it answers) */
  markingRead: { userId: number; upTo: number } | null;
}

export interface ChatPageRequest {
  userId: number;
  offset: number;
  length: number;
}

export interface ReplyRequest {
  userId: number;
  message: string;
}

export interface PictureReply {
  userId: number;
  file: PickedFile;
  message: string;
}

export type InboxEvent =
  | { type: 'inbox.open'; userId: number }
  | { type: 'inbox.close' }
  | { type: 'inbox.more' }
  | { type: 'inbox.retry' }
  | { type: 'chat.older' }
  | { type: 'chat.retry' }
  | { type: 'reply.text'; text: string }
  | { type: 'reply.file'; file: PickedFile | null }
  | { type: 'reply.send' }
  | { type: 'reply.sendPicture' }
  | { type: 'reply.cancel' }
  /** raised: the open chat shows customer messages no staff member has read */
  | { type: 'chat.read' }
  /** raised: the list is stale (a live event); read its first page again, keeping what is shown */
  | { type: 'inbox.refresh' }
  | InboxLive
  | UploadEvent;

const unreadInChat = (messages: ChatMessage[]): ChatMessage | null => messages.find((message) => message.from === 'user' && !message.read) ?? null;

const pictureProblem = (file: PickedFile | null): ChatRefusal | null => (file === null ? CHAT_ERRORS.fileRequired : declaredFileProblem('media_message', file));

const composer = composerImplementations<InboxContext, InboxEvent, ChatRefusal>({
  text: (context) => chatTextProblem(context.text),
  picture: (context) => pictureProblem(context.file),
});

/**
 * The support inbox (systemId 'inbox'), invoked by the console chart while a staff member is logged
 * in: the chats by last message with unread counts (support_chats), one open chat (support_chat,
 * older pages on request) whose customer messages are marked read (support_read), a text reply
 * (support_reply) or a picture (the upload, with progress and cancel). The staff's live channel
 * hands it each answer (`inbox.live`): messages of the open chat are appended and the list is read again.
 */
export const inboxMachine = setup({
  types: {
    context: {} as InboxContext,
    events: {} as InboxEvent,
  },
  actors: {
    'load chats': fromPromise<InboxChatList, { offset: number; length: number }>(notProvided('load chats')),
    'load chat': fromPromise<InboxChatPage, ChatPageRequest>(notProvided('load chat')),
    'send reply': fromPromise<ChatMessage, ReplyRequest>(notProvided('send reply')),
    'mark read': fromPromise<{ unread_count: number }, { userId: number; id: number }>(notProvided('mark read')),
    'upload picture': fromCallback<UploadEvent, PictureReply>(() => {
      throw new Error("'upload picture' not provided");
    }),
  },
  guards: {
    ...composer.guards,
    'has more chats': ({ context }) => context.chatsNextOffset !== null,
    'has older messages': ({ context }) => context.messagesNextOffset !== null,
    'chat is open': ({ context }) => context.openUserId !== null,
    'a message is unread': ({ context }) => unreadInChat(context.messages) !== null,
  },
  actions: {
    ...composer.actions,
    'store chats': assign(({ context }, params: { page: InboxChatList; append: boolean }) => {
      const chats = params.append ? appendOnce(context.chats, params.page.chats, (chat) => chat.user_id) : params.page.chats;
      return { chats, chatsNextOffset: params.page.next_offset, unread: params.page.unread_count, listFailure: null };
    }),
    'store list failure': assign((_, params: { error: unknown }) => ({ listFailure: asFailure(params.error) })),
    'open chat': assign(({ event }) => {
      assertEvent(event, 'inbox.open');
      return { openUserId: event.userId, customer: null, messages: [], messagesNextOffset: null, chatFailure: null, ...PICTURE_COMPOSER_BLANK };
    }),
    'close chat': assign({ openUserId: null, customer: null, messages: [], messagesNextOffset: null, chatFailure: null, ...PICTURE_COMPOSER_BLANK }),
    'store chat page': assign(({ context }, params: { page: InboxChatPage }) => ({
      customer: params.page.customer,
      messages: mergeNewestFirst(context.messages, params.page.messages),
      messagesNextOffset: params.page.next_offset,
      chatFailure: null,
    })),
    'store chat failure': assign((_, params: { error: unknown }) => ({ chatFailure: asFailure(params.error) })),
    'append sent': assign(({ context }, params: { message: ChatMessage | null }) => ({
      messages: params.message ? mergeNewestFirst(context.messages, [params.message]) : context.messages,
    })),
    /** The open chat's new messages from the live channel; the total as the server counted it. */
    'take live': assign(({ context, event }) => {
      assertEvent(event, 'inbox.live');
      const mine = event.events.flatMap((live) => (live.type === 'new_support_message' && live.user_id === context.openUserId ? [live.message] : []));
      return { messages: mine.length > 0 ? mergeNewestFirst(context.messages, mine) : context.messages, unread: event.unread };
    }),
    'note read request': assign(({ context }) => ({ markingRead: { userId: context.openUserId ?? 0, upTo: unreadInChat(context.messages)?.id ?? 0 } })),
    /** What the server marked: that chat's count and, if it is still open, its messages up to the one sent. */
    'mark shown read': assign(({ context }, params: { unread: number }) => {
      const marked = context.markingRead;
      if (!marked) return { unread: params.unread };
      const stillOpen = context.openUserId === marked.userId;
      return {
        messages: stillOpen ? context.messages.map((message) => (message.from === 'user' && message.id <= marked.upTo ? { ...message, read: true } : message)) : context.messages,
        chats: context.chats.map((chat) => (chat.user_id === marked.userId ? { ...chat, unread: 0 } : chat)),
        unread: params.unread,
        markingRead: null,
      };
    }),
    'read chat': raise({ type: 'chat.read' }),
    'refresh list': raise({ type: 'inbox.refresh' }),
  },
}).createMachine({
  id: 'inbox',
  context: {
    chats: [],
    chatsNextOffset: null,
    unread: 0,
    listFailure: null,
    openUserId: null,
    customer: null,
    messages: [],
    messagesNextOffset: null,
    chatFailure: null,
    ...PICTURE_COMPOSER_BLANK,
    markingRead: null,
  },
  type: 'parallel',
  on: {
    'inbox.live': { actions: ['take live', 'refresh list', 'read chat'] },
  },
  states: {
    list: {
      initial: 'loading',
      // More chats by offset; a live event reads the first page again, the list staying on screen meanwhile.
      states: pagedListStates({
        src: 'load chats',
        first: () => ({ offset: 0, length: INBOX_PAGE_LENGTH }),
        more: ({ context }: { context: InboxContext }) => ({ offset: context.chatsNextOffset ?? 0, length: INBOX_PAGE_LENGTH }),
        storeFirst: { type: 'store chats', params: ({ event }: { event: DoneActorEvent<InboxChatList> }) => ({ page: event.output, append: false }) },
        storeMore: { type: 'store chats', params: ({ event }: { event: DoneActorEvent<InboxChatList> }) => ({ page: event.output, append: true }) },
        firstFailed: { type: 'store list failure', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) },
        moreFailed: { type: 'store list failure', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) },
        hasMore: 'has more chats',
        events: { more: 'inbox.more', retry: 'inbox.retry', stale: 'inbox.refresh' },
        whenStale: 'refresh',
      }),
    },
    chat: {
      initial: 'none',
      on: {
        'inbox.open': { target: '.loading', actions: 'open chat' },
        'inbox.close': { target: '.none', actions: 'close chat' },
      },
      states: {
        none: {},
        loading: {
          invoke: {
            src: 'load chat',
            input: ({ context }) => ({ userId: context.openUserId ?? 0, offset: 0, length: CHAT_PAGE_LENGTH }),
            onDone: { target: 'shown', actions: [{ type: 'store chat page', params: ({ event }) => ({ page: event.output }) }, 'read chat'] },
            onError: { target: 'failed', actions: { type: 'store chat failure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: { on: { 'chat.retry': 'loading' } },
        shown: {
          on: { 'chat.older': { guard: 'has older messages', target: 'loadingOlder' } },
        },
        loadingOlder: {
          invoke: {
            src: 'load chat',
            input: ({ context }) => ({ userId: context.openUserId ?? 0, offset: context.messagesNextOffset ?? 0, length: CHAT_PAGE_LENGTH }),
            onDone: { target: 'shown', actions: { type: 'store chat page', params: ({ event }) => ({ page: event.output }) } },
            onError: { target: 'shown', actions: { type: 'store chat failure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    composer: {
      initial: 'editing',
      on: {
        // Another chat opened (or none): what was being typed or sent belonged to the one left.
        'inbox.open': '.editing',
        'inbox.close': '.editing',
      },
      // A reply is appended to the open chat, and the list read again.
      states: composerStates({
        events: { text: 'reply.text', send: 'reply.send' },
        guard: 'chat is open',
        send: {
          src: 'send reply',
          input: ({ context }: { context: InboxContext }) => ({ userId: context.openUserId ?? 0, message: context.text.trim() }),
          done: [{ type: 'append sent', params: ({ event }: { event: DoneActorEvent<ChatMessage> }) => ({ message: event.output }) }, 'refresh list'],
        },
        upload: {
          src: 'upload picture',
          input: ({ context }: { context: InboxContext }) => ({ userId: context.openUserId ?? 0, file: context.file as PickedFile, message: context.text.trim() }),
          done: [{ type: 'append sent', params: ({ event }: { event: { message: ChatMessage | null } }) => ({ message: event.message }) }, 'refresh list'],
          events: { file: 'reply.file', send: 'reply.sendPicture', cancel: 'reply.cancel' },
        },
      }),
    },
    reading: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'chat.read': { guard: 'a message is unread', target: 'marking' } },
        },
        marking: {
          on: { 'chat.read': { guard: 'a message is unread', target: 'marking', reenter: true } },
          entry: 'note read request',
          invoke: {
            src: 'mark read',
            input: ({ context }) => ({ userId: context.markingRead?.userId ?? 0, id: context.markingRead?.upTo ?? 0 }),
            onDone: { target: 'idle', actions: { type: 'mark shown read', params: ({ event }) => ({ unread: event.output.unread_count }) } },
            onError: { target: 'idle', actions: assign({ markingRead: null }) },
          },
        },
      },
    },
  },
});

export type InboxSnapshot = SnapshotFrom<typeof inboxMachine>;
type Viewed = Pick<InboxSnapshot, 'context' | 'matches'>;

export const isLoadingChats = (snapshot: Viewed): boolean => snapshot.matches({ list: 'loading' });
export const chatsFailure = (snapshot: Viewed): ApiFailure | null => (snapshot.matches({ list: 'failed' }) ? snapshot.context.listFailure : null);
export const isLoadingChat = (snapshot: Viewed): boolean => snapshot.matches({ chat: 'loading' });
export const chatFailure = (snapshot: Viewed): ApiFailure | null => (snapshot.matches({ chat: 'failed' }) ? snapshot.context.chatFailure : null);
export const isSendingReply = (snapshot: Viewed): boolean => snapshot.matches({ composer: 'sending' });
export const isUploadingPicture = (snapshot: Viewed): boolean => snapshot.matches({ composer: 'uploading' });
/** Upload progress in percent (0–100), or null when nothing is being sent. */
export const replyUploadPercent = (snapshot: Viewed): number | null => progressPercent(snapshot.context.progress);
