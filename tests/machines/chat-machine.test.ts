import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, SimulatedClock, waitFor, type ActorRefFrom } from 'xstate';
import type { LongPoll } from '@contract/entities/chat';
import { chatMachine, isOffline, unreadTotal } from '@machines/chat-machine';
import { reconnectDelay, RECONNECT_BASE_MS, RECONNECT_MAX_MS, type PollInput } from '@machines/long-poll';
import { SYSTEM_IDS } from '@machines/system';
import { LONGPOLL_HOLD_MIN_MS } from '@contract/rules/chat';
import { emptyAnswer, eventsAnswer, firstAnswer, harness, networkDown } from './chat-fixtures';

/** The real chat in a system with recorders; each poll waits for the test, and the jitter is drawn from a list. */
function startChat(jitters: number[] = [0.5]) {
  const polls: { count: number; wait: boolean; resolve: (answer: LongPoll) => void; reject: (error: unknown) => void; signal: AbortSignal }[] = [];
  const draws = [...jitters];
  const clock = new SimulatedClock();
  const machine = chatMachine.provide({
    actors: {
      poll: fromPromise<LongPoll, { count: number; wait: boolean }>(({ input, signal }) =>
        new Promise((resolve, reject) => polls.push({ count: input.count, wait: input.wait, resolve, reject, signal })),
      ),
    },
    actions: { 'draw jitter': assign({ jitter: () => draws.shift() ?? 0.5 }) },
  });
  const { root, received } = harness(machine);
  const app = createActor(root, { systemId: SYSTEM_IDS.app, clock }).start();
  const chat = app.system.get(SYSTEM_IDS.chat) as ActorRefFrom<typeof chatMachine>;
  const held = () => polls.filter((poll) => !poll.signal.aborted);
  /** Answers (or fails) the poll being held and waits for the next state. */
  const settle = async (outcome: { answer: LongPoll } | { error: unknown }) => {
    const poll = held()[0];
    polls.splice(polls.indexOf(poll), 1);
    if ('answer' in outcome) poll.resolve(outcome.answer);
    else poll.reject(outcome.error);
    await waitFor(chat, (snapshot) => !snapshot.matches({ connection: { live: 'polling' } }) || held().length === 1);
  };
  return { chat, polls, held, settle, clock, received };
}

describe('chat machine', () => {
  it('Scenario: no long-poll while anonymous, nor while the tab is hidden; shown again, it polls from the same cursor', async () => {
    const { chat, held, settle } = startChat();
    expect(chat.getSnapshot().matches({ connection: 'idle' })).toBe(true);
    expect(held()).toEqual([]);
    chat.send({ type: 'chat.hide' });
    chat.send({ type: 'chat.login' });
    expect(chat.getSnapshot().matches({ connection: { live: 'paused' } })).toBe(true);
    expect(held()).toEqual([]);
    chat.send({ type: 'chat.show' });
    expect(held().map((poll) => poll.count)).toEqual([0]);
    await settle({ answer: firstAnswer });
    expect(held().map((poll) => poll.count)).toEqual([5]);
    const [waiting] = held();
    chat.send({ type: 'chat.hide' });
    // The request held open is cancelled, not left to the server.
    expect(waiting.signal.aborted).toBe(true);
    expect(held()).toEqual([]);
    chat.send({ type: 'chat.show' });
    expect(held().map((poll) => poll.count)).toEqual([5]);
  });

  it('Scenario: failures keep the cursor, wait longer each time with jitter, show offline, and recover by themselves', async () => {
    const { chat, held, settle, clock } = startChat([0, 1, 0.5]);
    chat.send({ type: 'chat.login' });
    await settle({ answer: firstAnswer });
    await settle({ error: networkDown });
    expect(isOffline(chat.getSnapshot())).toBe(true);
    expect(held()).toEqual([]);
    // First failure, jitter 0: half of the base wait.
    clock.increment(RECONNECT_BASE_MS / 2 - 1);
    expect(held()).toEqual([]);
    clock.increment(1);
    expect(held().map((poll) => poll.count)).toEqual([5]);
    // Still offline while trying again, until a poll is answered.
    expect(isOffline(chat.getSnapshot())).toBe(true);
    await settle({ error: networkDown });
    // Second failure, jitter 1: the whole doubled wait.
    clock.increment(2 * RECONNECT_BASE_MS - 1);
    expect(held()).toEqual([]);
    clock.increment(1);
    expect(held().map((poll) => poll.count)).toEqual([5]);
    await settle({ answer: eventsAnswer });
    expect(isOffline(chat.getSnapshot())).toBe(false);
    expect(chat.getSnapshot().context).toMatchObject({ cursor: 7, failures: 0 });
    expect(unreadTotal(chat.getSnapshot())).toBe(6);
  });

  it('Scenario: after a failure the poll asks not to be held, so the offline notice goes as soon as the server answers, not a hold later', async () => {
    const { chat, held, settle, clock } = startChat([0]);
    chat.send({ type: 'chat.login' });
    expect(held().map((poll) => poll.wait)).toEqual([true]);
    await settle({ answer: firstAnswer });
    expect(held().map((poll) => poll.wait)).toEqual([true]);
    await settle({ error: networkDown });
    clock.increment(RECONNECT_BASE_MS / 2);
    // The retry: answered at once by a server that is back, even with nothing new.
    expect(held().map((poll) => ({ count: poll.count, wait: poll.wait }))).toEqual([{ count: 5, wait: false }]);
    await settle({ answer: { ...firstAnswer, events: [] } });
    expect(isOffline(chat.getSnapshot())).toBe(false);
    // Back online, polls are held again.
    expect(held().map((poll) => poll.wait)).toEqual([true]);
    // A reconnect asked for (the browser is online again) does the same.
    await settle({ error: networkDown });
    chat.send({ type: 'chat.reconnect' });
    expect(held().map((poll) => poll.wait)).toEqual([false]);
  });

  it('Scenario: a held poll answered at once with nothing new (a newer poll took its place) waits out the backoff before the next, without showing offline; a hold that passed polls again at once', async () => {
    const { chat, held, settle, clock } = startChat([0, 0]);
    chat.send({ type: 'chat.login' });
    await settle({ answer: firstAnswer });
    expect(held().map((poll) => ({ count: poll.count, wait: poll.wait }))).toEqual([{ count: 5, wait: true }]);
    await settle({ answer: emptyAnswer(5, firstAnswer.unread) });
    // Before, the next poll went at once, and past the server's bounds the polls took each other's place in turn.
    expect(held()).toEqual([]);
    expect(isOffline(chat.getSnapshot())).toBe(false);
    clock.increment(RECONNECT_BASE_MS / 2 - 1);
    expect(held()).toEqual([]);
    clock.increment(1);
    expect(held().map((poll) => ({ count: poll.count, wait: poll.wait }))).toEqual([{ count: 5, wait: true }]);
    // Replaced again: the wait doubles.
    await settle({ answer: emptyAnswer(5, firstAnswer.unread) });
    clock.increment(RECONNECT_BASE_MS - 1);
    expect(held()).toEqual([]);
    clock.increment(1);
    expect(held().map((poll) => poll.count)).toEqual([5]);
    // Held past the shortest hold a server may be set to: its hold passed, and the next poll goes at once.
    clock.increment(LONGPOLL_HOLD_MIN_MS);
    await settle({ answer: emptyAnswer(5, firstAnswer.unread) });
    expect(held().map((poll) => poll.count)).toEqual([5]);
    expect(isOffline(chat.getSnapshot())).toBe(false);
  });

  it('Scenario: the wait doubles up to its ceiling, jitter spreads it over its upper half, a 503 wait is never undercut', () => {
    expect(reconnectDelay(1, 0)).toBe(RECONNECT_BASE_MS / 2);
    expect(reconnectDelay(1, 1)).toBe(RECONNECT_BASE_MS);
    expect(reconnectDelay(3, 0.5)).toBe(3 * RECONNECT_BASE_MS);
    expect(reconnectDelay(20, 1)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelay(20, 0)).toBe(RECONNECT_MAX_MS / 2);
    expect(reconnectDelay(1, 0, 8)).toBe(8000);
  });

  it('Scenario: each event goes to its owner: the open support chat, the messages screen and the app', async () => {
    const { chat, settle, received } = startChat();
    chat.send({ type: 'chat.login' });
    await settle({ answer: firstAnswer });
    await settle({ answer: eventsAnswer });
    expect(received[SYSTEM_IDS.supportChat]).toEqual([{ type: 'support.received', message: eventsAnswer.events[0].type === 'new_support_message' ? eventsAnswer.events[0].message : null }]);
    expect(received[SYSTEM_IDS.messages]).toEqual([{ type: 'messages.changed', conversationId: 12 }]);
    expect(received[SYSTEM_IDS.app]).toEqual([{ type: 'conversations.refresh' }]);
  });

  it('Scenario: a public message goes to the messages screen; the app does not read the conversations again (every customer hears it at once)', async () => {
    const { chat, settle, received } = startChat();
    chat.send({ type: 'chat.login' });
    await settle({ answer: firstAnswer });
    await settle({ answer: { count: 8, events: [{ id: 8, type: 'new_message', conversation_id: null }], unread: { support: 0, public: 1, conversations: 0 } } });
    expect(received[SYSTEM_IDS.messages]).toEqual([{ type: 'messages.changed', conversationId: null }]);
    expect(received[SYSTEM_IDS.app]).toEqual([]);
    expect(unreadTotal(chat.getSnapshot())).toBe(1);
  });

  it('Scenario: with the support chat and messages closed, their events are dropped (the next visit reads them)', async () => {
    const clock = new SimulatedClock();
    const polls: ((answer: LongPoll) => void)[] = [];
    const machine = chatMachine.provide({ actors: { poll: fromPromise<LongPoll, PollInput>(() => new Promise((resolve) => polls.push(resolve))) } });
    const { root, received } = harness(machine, [SYSTEM_IDS.app]);
    const app = createActor(root, { systemId: SYSTEM_IDS.app, clock }).start();
    const chat = app.system.get(SYSTEM_IDS.chat) as ActorRefFrom<typeof chatMachine>;
    chat.send({ type: 'chat.login' });
    polls.shift()?.(firstAnswer);
    await waitFor(chat, () => polls.length === 1);
    polls.shift()?.(eventsAnswer);
    await waitFor(chat, () => polls.length === 1);
    expect(chat.getSnapshot().context.cursor).toBe(7);
    expect(received[SYSTEM_IDS.app]).toEqual([{ type: 'conversations.refresh' }]);
    expect(chat.getSnapshot().status).toBe('active');
  });

  it('Scenario: logout forgets the cursor and the counts and stops polling; login starts from a fresh cursor', async () => {
    const { chat, held, settle } = startChat();
    chat.send({ type: 'chat.login' });
    await settle({ answer: firstAnswer });
    await settle({ answer: eventsAnswer });
    const [waiting] = held();
    chat.send({ type: 'chat.logout' });
    expect(waiting.signal.aborted).toBe(true);
    expect(held()).toEqual([]);
    expect(chat.getSnapshot().context).toMatchObject({ cursor: 0, unread: { support: 0, public: 0, conversations: 0 } });
    expect(unreadTotal(chat.getSnapshot())).toBe(0);
    chat.send({ type: 'chat.login' });
    expect(held().map((poll) => poll.count)).toEqual([0]);
  });
});
