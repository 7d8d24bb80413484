import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { ContactMessage, ContactPage, ContactState } from '@contract/console/customer-message-entities';
import { CUSTOMER_MESSAGES_PAGE_LENGTH } from '@contract/console/rules';
import { asFailure, type ApiFailure } from '../api-failure';
import { appendOnce } from '../paged-list';
import { notProvided } from '../not-provided';

export interface ContactPageRequest {
  state: ContactState;
  offset: number;
  length: number;
}

export interface ContactMark {
  message_id: number;
  read?: 0 | 1;
  done?: 0 | 1;
}

export interface ContactMessagesContext {
  /** the open messages or those marked done */
  state: ContactState;
  messages: ContactMessage[];
  total: number;
  unread: number;
  nextOffset: number | null;
  failure: ApiFailure | null;
  /** the server refused the last mark (another shop's, gone) */
  refusal: ApiFailure | null;
}

export type ContactMessagesEvent =
  | { type: 'contact.state'; state: ContactState }
  | { type: 'contact.more' }
  | { type: 'contact.retry' }
  | ({ type: 'contact.mark' } & ContactMark);

const pageRequest = (context: ContactMessagesContext, offset: number): ContactPageRequest => ({ state: context.state, offset, length: CUSTOMER_MESSAGES_PAGE_LENGTH });

/**
 * The contact form's messages to the shop (contact_messages): the open ones or those done, newest first, more on
 * request; each marked read or unread, done or open again (contact_message_mark), one mark at a time. A message marked
 * out of the list's state leaves the list; the unread count follows each mark.
 */
export const contactMessagesMachine = setup({
  types: { context: {} as ContactMessagesContext, events: {} as ContactMessagesEvent },
  actors: {
    'load messages': fromPromise<ContactPage, ContactPageRequest>(notProvided('load messages')),
    'mark message': fromPromise<ContactMessage, ContactMark>(notProvided('mark message')),
  },
  guards: {
    'has more': ({ context }) => context.nextOffset !== null,
    'is a message': ({ context, event }) => {
      assertEvent(event, 'contact.mark');
      return context.messages.some((message) => message.id === event.message_id);
    },
  },
  actions: {
    'choose state': assign(({ event }) => {
      assertEvent(event, 'contact.state');
      return { state: event.state, messages: [], total: 0, nextOffset: null, failure: null, refusal: null };
    }),
    'store page': assign(({ context }, params: { page: ContactPage; append: boolean }) => ({
      messages: params.append ? appendOnce(context.messages, params.page.messages) : params.page.messages,
      total: params.page.total,
      unread: params.page.unread,
      nextOffset: params.page.next_offset,
      failure: null,
    })),
    'store failure': assign((_, params: { error: unknown }) => ({ failure: asFailure(params.error) })),
    'store mark': assign(({ context }, params: { message: ContactMessage }) => {
      const before = context.messages.find((message) => message.id === params.message.id);
      const stays = params.message.done === (context.state === 'done');
      const unread = context.unread + (before && before.read !== params.message.read ? (params.message.read ? -1 : 1) : 0);
      return {
        messages: stays ? context.messages.map((message) => (message.id === params.message.id ? params.message : message)) : context.messages.filter((message) => message.id !== params.message.id),
        total: stays ? context.total : Math.max(0, context.total - 1),
        unread: Math.max(0, unread),
        refusal: null,
      };
    }),
    'store refusal': assign((_, params: { error: unknown }) => ({ refusal: asFailure(params.error) })),
  },
}).createMachine({
  id: 'contactMessages',
  context: { state: 'open', messages: [], total: 0, unread: 0, nextOffset: null, failure: null, refusal: null },
  initial: 'loading',
  on: { 'contact.state': { target: '.loading', actions: 'choose state' } },
  states: {
    loading: {
      invoke: {
        src: 'load messages',
        input: ({ context }) => pageRequest(context, 0),
        onDone: { target: 'shown', actions: { type: 'store page', params: ({ event }) => ({ page: event.output, append: false }) } },
        onError: { target: 'failed', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'contact.retry': 'loading' } },
    shown: {
      on: {
        'contact.more': { guard: 'has more', target: 'loadingMore' },
        'contact.mark': { guard: 'is a message', target: 'marking' },
      },
    },
    loadingMore: {
      invoke: {
        src: 'load messages',
        input: ({ context }) => pageRequest(context, context.nextOffset ?? 0),
        onDone: { target: 'shown', actions: { type: 'store page', params: ({ event }) => ({ page: event.output, append: true }) } },
        onError: { target: 'shown', actions: { type: 'store failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    marking: {
      invoke: {
        src: 'mark message',
        input: ({ event }) => {
          assertEvent(event, 'contact.mark');
          return { message_id: event.message_id, ...(event.read === undefined ? {} : { read: event.read }), ...(event.done === undefined ? {} : { done: event.done }) };
        },
        onDone: { target: 'shown', actions: { type: 'store mark', params: ({ event }) => ({ message: event.output }) } },
        onError: { target: 'shown', actions: { type: 'store refusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});

export type ContactMessagesSnapshot = SnapshotFrom<typeof contactMessagesMachine>;
type Viewed = Pick<ContactMessagesSnapshot, 'context' | 'matches'>;
export const isLoadingContact = (snapshot: Viewed): boolean => snapshot.matches('loading');
export const isLoadingMoreContact = (snapshot: Viewed): boolean => snapshot.matches('loadingMore');
export const contactFailure = (snapshot: Viewed): ApiFailure | null => (snapshot.matches('failed') ? snapshot.context.failure : null);
