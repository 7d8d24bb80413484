import { assertEvent, assign, enqueueActions, fromCallback, fromPromise, raise, setup, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { ChatMessage, MessageList, Unread } from '@contract/entities/chat';
import { CHAT_PAGE_LENGTH, supportMediaProblem, supportMessageProblem, WEB_MESSAGE_TYPE, type CHAT_ERRORS } from '@contract/rules/chat';
import { asFailure, type ApiFailure } from './api-failure';
import type { ChatEvent, ConnectionBack, SupportReceived } from './chat-machine';
import { notProvided } from './not-provided';
import { mergeNewestFirst, pagedListStates } from './paged-list';
import { SYSTEM_IDS } from './system';
import { progressPercent, type PickedFile, type UploadEvent } from './upload';
import { composerImplementations, composerStates, PICTURE_COMPOSER_BLANK, type ComposerProblem, type PictureComposerContext } from './composer';

export type ChatRefusal = (typeof CHAT_ERRORS)[keyof typeof CHAT_ERRORS];

/** Why a send was refused: a rule of spec §5 checked here (the view words it), or the server's reply. */
export type SupportProblem = ComposerProblem<ChatRefusal>;

export interface SupportChatContext extends PictureComposerContext<ChatRefusal> {
  /** newest first, as the server pages them */
  messages: ChatMessage[];
  /** the offset of the next older page; null when there is none */
  nextOffset: number | null;
  name: string;
  /** the first page could not be read */
  loadFailure: ApiFailure | null;
  /** an older page could not be read (the list stays) */
  olderFailure: ApiFailure | null;
  /** the text as it was when the send (or the picture's) started: what is typed after it stays once it is sent */
  sentText: string;
}

export interface SupportChatInput {
  /** the logged-in user's name, the composer's first name */
  name: string;
}

export interface SendMessageRequest {
  name: string;
  message: string;
  type: typeof WEB_MESSAGE_TYPE;
}

export interface PictureUpload {
  file: PickedFile;
  name: string;
  message: string;
}

export type SupportChatEvent =
  | { type: 'support.name'; name: string }
  | { type: 'support.text'; text: string }
  | { type: 'support.file'; file: PickedFile | null }
  | { type: 'support.send' }
  | { type: 'support.sendPicture' }
  | { type: 'support.cancel' }
  | { type: 'support.older' }
  | { type: 'support.retry' }
  /** raised after a send: spec §4 clears the list and reads it again */
  | { type: 'support.reload' }
  /** raised when the shop's replies are on screen unread */
  | { type: 'support.read' }
  | SupportReceived
  | ConnectionBack
  | UploadEvent;

const newestUnreadReply = (messages: ChatMessage[]) => messages.find((message) => message.from === 'shop' && !message.read) ?? null;

/** The paged list's states with its first load starting from a blank list (a reload is another person's, or a retry). */
/** Spec §5's rules, checked before a text or a picture is sent. */
const composer = composerImplementations<SupportChatContext, SupportChatEvent, ChatRefusal>({
  text: (context) => supportMessageProblem(context.name, context.text),
  picture: (context) => supportMediaProblem(context.name, context.file),
});

const startingBlank = <T extends { loading: object }>(states: T) => ({ ...states, loading: { ...states.loading, entry: 'clear list' as const } });

/** The composer's sending and uploading note the text they send as they start. */
const withSentText = <T extends { sending: object; uploading: { entry: 'start progress' } }>(states: T) => ({
  ...states,
  sending: { ...states.sending, entry: 'note sent text' as const },
  uploading: { ...states.uploading, entry: ['start progress', 'note sent text'] as const },
});

/** What is left of the text once `sent` went: the words typed after it, or the whole text when it was changed otherwise. */
const typedAfter = (text: string, sent: string): string => (text.startsWith(sent) ? text.slice(sent.length).trimStart() : text);

/**
 * The support chat while /support shows (systemId 'supportChat'): pages of 7 (spec §9), older
 * pages on request, a text message (send_message_web) or a picture (the upload, with progress
 * and cancel), each checked first with spec §5's rules; after a send the list is cleared and read
 * again (spec §4). The chat appends the shop's live replies; replies on screen are marked read and
 * the new totals go to the chat, so the header's count drops.
 */
export const supportChatMachine = setup({
  types: {
    context: {} as SupportChatContext,
    events: {} as SupportChatEvent,
    input: {} as SupportChatInput,
  },
  actors: {
    'load messages': fromPromise<MessageList, { offset: number; length: number }>(notProvided('load messages')),
    'send message': fromPromise<ChatMessage, SendMessageRequest>(notProvided('send message')),
    'mark read': fromPromise<Unread, { id: number }>(notProvided('mark read')),
    'upload picture': fromCallback<UploadEvent, PictureUpload>(() => {
      throw new Error("'upload picture' not provided");
    }),
  },
  guards: {
    ...composer.guards,
    'has older page': ({ context }) => context.nextOffset !== null,
    'a reply is unread': ({ context }) => newestUnreadReply(context.messages) !== null,
  },
  actions: {
    ...composer.actions,
    'edit name': assign(({ event }) => {
      assertEvent(event, 'support.name');
      return { name: event.name, problem: null };
    }),
    'clear list': assign({ messages: [], nextOffset: null, loadFailure: null, olderFailure: null }),
    'note sent text': assign(({ context }) => ({ sentText: context.text })),
    // The composer's own clears the whole text; here what was typed during the send stays.
    'clear sent': assign(({ context }) => ({ ...PICTURE_COMPOSER_BLANK, text: typedAfter(context.text, context.sentText), sentText: '' })),
    'store page': assign(({ context }, params: { page: MessageList }) => ({
      messages: mergeNewestFirst(context.messages, params.page.messages),
      nextOffset: params.page.next_offset,
      olderFailure: null,
    })),
    'store load failure': assign((_, params: { error: unknown }) => ({ loadFailure: asFailure(params.error) })),
    'store older failure': assign((_, params: { error: unknown }) => ({ olderFailure: asFailure(params.error) })),
    'append received': assign(({ context, event }) => {
      assertEvent(event, 'support.received');
      return { messages: mergeNewestFirst(context.messages, [event.message]) };
    }),
    'reload list': raise({ type: 'support.reload' }),
    'read replies': raise({ type: 'support.read' }),
    'mark replies read': assign(({ context }, params: { upTo: number }) => ({
      messages: context.messages.map((message) => (message.from === 'shop' && message.id <= params.upTo ? { ...message, read: true } : message)),
    })),
    /** The header's count comes from the chat: it hears the new totals at once (when it runs). Typed in full, as the composer's actions beside it are. */
    'tell chat the totals': enqueueActions<SupportChatContext, SupportChatEvent, { unread: Unread }, SupportChatEvent, never, never, never, never, never>(({ system, enqueue }, params) => {
      const chat = system.get(SYSTEM_IDS.chat);
      const totals: ChatEvent = { type: 'chat.unread', unread: params.unread };
      if (chat) enqueue.sendTo(chat, totals);
    }),
  },
}).createMachine({
  id: 'supportChat',
  context: ({ input }) => ({
    messages: [],
    nextOffset: null,
    name: input.name,
    ...PICTURE_COMPOSER_BLANK,
    loadFailure: null,
    olderFailure: null,
    sentText: '',
  }),
  type: 'parallel',
  // The connection is back: what failed for want of it is gone, and a first page that could not be read is read.
  on: { 'connection.back': { actions: ['forget unanswered problem', raise({ type: 'support.retry' })] } },
  states: {
    list: {
      initial: 'loading',
      on: {
        'support.reload': '.loading',
        'support.received': { actions: ['append received', 'read replies'] },
      },
      // Older messages by the offset the last page gave; a reload (a login, a retry) starts from a blank list.
      states: startingBlank(
        pagedListStates({
          src: 'load messages',
          first: () => ({ offset: 0, length: CHAT_PAGE_LENGTH }),
          more: ({ context }: { context: SupportChatContext }) => ({ offset: context.nextOffset ?? 0, length: CHAT_PAGE_LENGTH }),
          storeFirst: [{ type: 'store page', params: ({ event }: { event: DoneActorEvent<MessageList> }) => ({ page: event.output }) }, 'read replies'],
          storeMore: { type: 'store page', params: ({ event }: { event: DoneActorEvent<MessageList> }) => ({ page: event.output }) },
          firstFailed: { type: 'store load failure', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) },
          moreFailed: { type: 'store older failure', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) },
          hasMore: 'has older page',
          events: { more: 'support.older', retry: 'support.retry', stale: 'support.reload' },
          whenStale: 'reload',
        }),
      ),
    },
    composer: {
      initial: 'editing',
      // The name and the text are typed on while a text or a picture is sent: nothing typed is lost.
      on: {
        'support.name': { actions: 'edit name' },
        'support.text': { actions: { type: 'edit text', params: ({ event }) => ({ text: event.text }) } },
      },
      // After a send the list is cleared and read again (spec §4).
      states: withSentText(composerStates({
        events: { text: 'support.text', send: 'support.send' },
        edits: { 'support.name': { actions: 'edit name' } },
        send: {
          src: 'send message',
          input: ({ context }: { context: SupportChatContext }): SendMessageRequest => ({ name: context.name.trim(), message: context.text.trim(), type: WEB_MESSAGE_TYPE }),
          done: ['reload list'],
        },
        upload: {
          src: 'upload picture',
          input: ({ context }: { context: SupportChatContext }) => ({ file: context.file as PickedFile, name: context.name.trim(), message: context.text.trim() }),
          done: ['reload list'],
          events: { file: 'support.file', send: 'support.sendPicture', cancel: 'support.cancel' },
        },
      })),
    },
    reading: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'support.read': { guard: 'a reply is unread', target: 'marking' } },
        },
        marking: {
          on: { 'support.read': { guard: 'a reply is unread', target: 'marking', reenter: true } },
          invoke: {
            id: 'markRead',
            src: 'mark read',
            input: ({ context }) => ({ id: context.messages.find((message) => message.from === 'shop')?.id ?? 0 }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'mark replies read', params: ({ context }) => ({ upTo: context.messages.find((message) => message.from === 'shop')?.id ?? 0 }) },
                { type: 'tell chat the totals', params: ({ event }) => ({ unread: event.output }) },
              ],
            },
            onError: 'idle',
          },
        },
      },
    },
  },
});

export type SupportChatSnapshot = SnapshotFrom<typeof supportChatMachine>;
type Viewed = Pick<SupportChatSnapshot, 'context' | 'matches'>;

/** The list as the view shows it: oldest at the top. */
export const oldestFirst = (messages: ChatMessage[]): ChatMessage[] => [...messages].reverse();
export const isLoadingList = (snapshot: Viewed): boolean => snapshot.matches({ list: 'loading' });
export const isLoadingOlder = (snapshot: Viewed): boolean => snapshot.matches({ list: 'loadingMore' });
export const listFailure = (snapshot: Viewed): ApiFailure | null => (snapshot.matches({ list: 'failed' }) ? snapshot.context.loadFailure : null);
/** "no message": the first page came back empty. */
export const isEmpty = (snapshot: Viewed): boolean => snapshot.matches({ list: 'shown' }) && snapshot.context.messages.length === 0;
export const hasOlder = (snapshot: Viewed): boolean => snapshot.context.nextOffset !== null;
export const isSending = (snapshot: Viewed): boolean => snapshot.matches({ composer: 'sending' });
export const isUploading = (snapshot: Viewed): boolean => snapshot.matches({ composer: 'uploading' });
/** Upload progress in percent (0–100), or null when nothing is being sent. */
export const uploadPercent = (snapshot: Viewed): number | null => progressPercent(snapshot.context.progress);
