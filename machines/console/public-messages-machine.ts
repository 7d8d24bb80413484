import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { PublicMessage } from '@contract/console/customer-message-entities';
import { chatTextProblem } from '@contract/rules/chat';
import { asFailure, type ApiFailure } from '../api-failure';
import { mergeNewestFirst } from '../paged-list';
import { notProvided } from '../not-provided';

export interface PublicMessagesContext {
  messages: PublicMessage[];
  failure: ApiFailure | null;
  /** a new message as typed */
  draft: string;
  /** the message being changed and its text as typed, or null */
  editing: { id: number; body: string } | null;
  /** the message whose delete is being asked, or null */
  deleting: number | null;
  /** a blank text was refused here (chatTextProblem), or the server refused the last write */
  problem: { kind: 'blank'; on: 'draft' | 'edit' } | { kind: 'server'; failure: ApiFailure } | null;
  note: 'added' | 'saved' | 'deleted' | null;
  /** the new message's text as sent (the server words it its own way: digits, spaces) */
  sentDraft: string | null;
}

export type PublicMessagesEvent =
  | { type: 'list.retry' }
  | { type: 'draft.edit'; value: string }
  | { type: 'draft.submit' }
  | { type: 'edit.open'; messageId: number }
  | { type: 'edit.change'; value: string }
  | { type: 'edit.submit' }
  | { type: 'edit.cancel' }
  | { type: 'delete.ask'; messageId: number }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

const known = (context: PublicMessagesContext, id: number) => context.messages.some((message) => message.id === id);

/**
 * The owner's public messages (what every customer reads in /messages): the list (public_messages), a new one
 * (public_message_add), a change (public_message_update) and a delete asked first (public_message_delete). A blank
 * text is refused here by the chat's rule before anything is sent; typing is kept in every state.
 */
export const publicMessagesMachine = setup({
  types: { context: {} as PublicMessagesContext, events: {} as PublicMessagesEvent },
  actors: {
    'load messages': fromPromise<PublicMessage[], void>(notProvided('load messages')),
    'add message': fromPromise<PublicMessage, { body: string }>(notProvided('add message')),
    'update message': fromPromise<PublicMessage, { message_id: number; body: string }>(notProvided('update message')),
    'delete message': fromPromise<{ id: number }, { message_id: number }>(notProvided('delete message')),
  },
  guards: {
    'draft is blank': ({ context }) => chatTextProblem(context.draft) !== null,
    'edit is blank': ({ context }) => context.editing !== null && chatTextProblem(context.editing.body) !== null,
    'is editing': ({ context }) => context.editing !== null,
    'is a message': ({ context, event }) => {
      assertEvent(event, ['edit.open', 'delete.ask']);
      return known(context, event.messageId);
    },
    'a delete is asked': ({ context }) => context.deleting !== null,
  },
  actions: {
    'edit draft': assign(({ event }) => {
      assertEvent(event, 'draft.edit');
      return { draft: event.value, problem: null };
    }),
    'open edit': assign(({ context, event }) => {
      assertEvent(event, 'edit.open');
      const message = context.messages.find((one) => one.id === event.messageId);
      return { editing: message ? { id: message.id, body: message.body } : null, problem: null, note: null };
    }),
    'change edit': assign(({ context, event }) => {
      assertEvent(event, 'edit.change');
      return context.editing ? { editing: { ...context.editing, body: event.value }, problem: null } : {};
    }),
    'close edit': assign({ editing: null, problem: null }),
    'ask delete': assign(({ event }) => {
      assertEvent(event, 'delete.ask');
      return { deleting: event.messageId, note: null };
    }),
    'drop delete': assign({ deleting: null }),
    'refuse draft': assign({ problem: { kind: 'blank', on: 'draft' } as const, note: null }),
    'refuse edit': assign({ problem: { kind: 'blank', on: 'edit' } as const, note: null }),
    'start write': assign({ problem: null, note: null }),
    'store list': assign((_, params: { messages: PublicMessage[] }) => ({ messages: params.messages, failure: null })),
    'store list failure': assign((_, params: { error: unknown }) => ({ failure: asFailure(params.error) })),
    // What was typed after the send began stays in the field.
    'store added': assign(({ context }, params: { message: PublicMessage }) => ({
      messages: mergeNewestFirst(context.messages, [params.message]),
      draft: context.draft === context.sentDraft ? '' : context.draft,
      sentDraft: null,
      note: 'added' as const,
    })),
    'store saved': assign(({ context }, params: { message: PublicMessage }) => ({ messages: mergeNewestFirst(context.messages, [params.message]), editing: null, note: 'saved' as const })),
    'store deleted': assign(({ context }, params: { id: number }) => ({ messages: context.messages.filter((message) => message.id !== params.id), deleting: null, note: 'deleted' as const })),
    'store refusal': assign((_, params: { error: unknown }) => ({ problem: { kind: 'server', failure: asFailure(params.error) } as const })),
  },
}).createMachine({
  id: 'publicMessages',
  context: { messages: [], failure: null, draft: '', editing: null, deleting: null, problem: null, note: null, sentDraft: null },
  initial: 'loading',
  // Typing is kept whatever is under way (a load, a write).
  on: {
    'draft.edit': { actions: 'edit draft' },
    'edit.change': { actions: 'change edit' },
  },
  states: {
    loading: {
      invoke: {
        src: 'load messages',
        onDone: { target: 'shown', actions: { type: 'store list', params: ({ event }) => ({ messages: event.output }) } },
        onError: { target: 'failed', actions: { type: 'store list failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'list.retry': 'loading' } },
    shown: {
      on: {
        'draft.submit': [{ guard: 'draft is blank', actions: 'refuse draft' }, { target: 'adding', actions: ['start write', assign({ sentDraft: ({ context }) => context.draft })] }],
        'edit.open': { guard: 'is a message', actions: 'open edit' },
        'edit.submit': [{ guard: 'edit is blank', actions: 'refuse edit' }, { guard: 'is editing', target: 'updating', actions: 'start write' }],
        'edit.cancel': { actions: 'close edit' },
        'delete.ask': { guard: 'is a message', actions: 'ask delete' },
        'delete.cancel': { actions: 'drop delete' },
        'delete.confirm': { guard: 'a delete is asked', target: 'deleting', actions: 'start write' },
      },
    },
    adding: {
      invoke: {
        src: 'add message',
        input: ({ context }) => ({ body: context.draft.trim() }),
        onDone: { target: 'shown', actions: { type: 'store added', params: ({ event }) => ({ message: event.output }) } },
        onError: { target: 'shown', actions: { type: 'store refusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    updating: {
      invoke: {
        src: 'update message',
        input: ({ context }) => ({ message_id: context.editing?.id ?? 0, body: (context.editing?.body ?? '').trim() }),
        onDone: { target: 'shown', actions: { type: 'store saved', params: ({ event }) => ({ message: event.output }) } },
        onError: { target: 'shown', actions: { type: 'store refusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    deleting: {
      invoke: {
        src: 'delete message',
        input: ({ context }) => ({ message_id: context.deleting ?? 0 }),
        onDone: { target: 'shown', actions: { type: 'store deleted', params: ({ event }) => ({ id: event.output.id }) } },
        onError: { target: 'shown', actions: [{ type: 'store refusal', params: ({ event }) => ({ error: event.error }) }, 'drop delete'] },
      },
    },
  },
});

export type PublicMessagesSnapshot = SnapshotFrom<typeof publicMessagesMachine>;
type Viewed = Pick<PublicMessagesSnapshot, 'matches'>;
export const isLoadingPublicMessages = (snapshot: Viewed): boolean => snapshot.matches('loading');
export const isWritingPublicMessage = (snapshot: Viewed): boolean => snapshot.matches('adding') || snapshot.matches('updating') || snapshot.matches('deleting');
