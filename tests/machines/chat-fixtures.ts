import * as v from 'valibot';
import { createActor, createMachine, fromCallback, fromPromise, spawnChild, waitFor, type ActorRefFrom, type AnyActorLogic, type EventObject } from 'xstate';
import { ChatMessageSchema, LongPollSchema, type ChatMessage, type LongPoll, type Unread } from '@contract/entities/chat';
import { chatMachine } from '@machines/chat-machine';
import type { PollInput } from '@machines/long-poll';
import type { Notice } from '@machines/notice';
import { SYSTEM_IDS } from '@machines/system';

export const shopReply: ChatMessage = v.parse(ChatMessageSchema, {
  id: 41,
  type: 'chat',
  from: 'shop',
  name: 'پشتیبانی',
  message: 'سلام، سفارش شما در راه است',
  media: null,
  read: false,
  created_at: '2024-05-01T10:00:00Z',
});

export const customerMessage = (id: number, text = `پیام ${id}`): ChatMessage =>
  v.parse(ChatMessageSchema, { id, type: 'chat', from: 'user', name: 'سارا', message: text, media: null, read: true, created_at: '2024-05-01T09:00:00Z' });

export const someUnread: Unread = { support: 1, public: 2, conversations: 3 };
export const readUnread: Unread = { support: 0, public: 2, conversations: 3 };

/** longpull's answers: the first connection (cursor only), an answer with one event of each kind, an empty hold. */
export const firstAnswer: LongPoll = v.parse(LongPollSchema, { count: 5, events: [], unread: { support: 0, public: 1, conversations: 0 } });
export const eventsAnswer: LongPoll = v.parse(LongPollSchema, {
  count: 7,
  events: [
    { id: 6, type: 'new_support_message', message: shopReply },
    { id: 7, type: 'new_message', conversation_id: 12 },
  ],
  unread: someUnread,
});
export const emptyAnswer = (count: number, unread: Unread): LongPoll => ({ count, events: [], unread });

export const networkDown = { result: 'network_error', message: 'Failed to fetch' };

/**
 * A root standing in for the app: its system holds recorders under the ids the chat hands events
 * to ('app', 'supportChat', 'messages') and, as 'chat', the logic under test.
 */
export function harness(chat: AnyActorLogic, owners: readonly string[] = [SYSTEM_IDS.app, SYSTEM_IDS.supportChat, SYSTEM_IDS.messages]) {
  const received: Record<string, EventObject[]> = Object.fromEntries(owners.map((id) => [id, []]));
  const recorder = (id: string) =>
    fromCallback(({ receive }) => {
      receive((event) => void received[id].push(event));
    });
  const root = createMachine({
    id: 'harness',
    entry: [
      ...owners.filter((id) => id !== SYSTEM_IDS.app).map((id) => spawnChild(recorder(id), { id, systemId: id })),
      spawnChild(chat, { id: 'chat', systemId: SYSTEM_IDS.chat, input: {} }),
    ],
    // The root is the app here: it records what the chat tells the app.
    on: { '*': { actions: ({ event }) => void received[SYSTEM_IDS.app]?.push(event) } },
  });
  return { root, received };
}

/**
 * The real chat, logged in, among recorders for `owners`; `answer` resolves its pending long poll with a reply and
 * waits for the next poll; the notices it raises are recorded.
 */
export function startLiveChannel(owners: readonly string[]) {
  const polls: ((answer: LongPoll) => void)[] = [];
  const notices: Notice[] = [];
  const machine = chatMachine.provide({
    actors: { poll: fromPromise<LongPoll, PollInput>(() => new Promise((resolve) => polls.push(resolve))) },
    actions: { notify: (_, notice) => void notices.push(notice) },
  });
  const { root, received } = harness(machine, owners);
  const app = createActor(root, { systemId: SYSTEM_IDS.app }).start();
  const chat = app.system.get(SYSTEM_IDS.chat) as ActorRefFrom<typeof chatMachine>;
  chat.send({ type: 'chat.login' });
  const answer = async (reply: LongPoll) => {
    polls.shift()?.(reply);
    await waitFor(chat, () => polls.length === 1);
  };
  return { answer, received, notices };
}
