import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import type { ConversationList, Language, LongPoll, User } from '@contract/index';
import { appMachine } from '@machines/app-machine';
import { chatMachine, unreadTotal } from '@machines/chat-machine';
import type { PollInput } from '@machines/long-poll';
import { SYSTEM_IDS } from '@machines/system';
import { eventsAnswer, firstAnswer } from './chat-fixtures';
import { bannersFixture, conversationsFixture, emptyCartFixture, foldersFixture, shopFixture, slidesFixture, userFixture } from './fixtures';

/** The real app with the real chat as its child; the startup steps answer at once, each poll waits for the test. */
function startApp(user: User | null) {
  const polls: { count: number; resolve: (answer: LongPoll) => void; signal: AbortSignal }[] = [];
  let conversationLoads = 0;
  const fresher: ConversationList = { ...conversationsFixture, unread_count: 5 };
  const machine = appMachine.provide({
    actors: {
      'load language': fromPromise<Language, void>(async () => 'fa'),
      'load shop': fromPromise(async () => shopFixture),
      'load user': fromPromise(async () => user),
      'load conversations': fromPromise(async () => (conversationLoads++ === 0 ? conversationsFixture : fresher)),
      'load cart': fromPromise(async () => emptyCartFixture),
      'load slides': fromPromise(async () => slidesFixture),
      'load folders': fromPromise(async () => foldersFixture),
      'load banners': fromPromise(async () => bannersFixture),
      chat: chatMachine.provide({
        actors: { poll: fromPromise<LongPoll, PollInput>(({ input, signal }) => new Promise((resolve) => polls.push({ count: input.count, resolve, signal }))) },
      }),
    },
    actions: { 'persist language': () => {} },
  });
  const app = createActor(machine, { systemId: SYSTEM_IDS.app }).start();
  const held = () => polls.filter((poll) => !poll.signal.aborted);
  /** Answers the poll being held. */
  const answer = (reply: LongPoll) => {
    const [poll] = held();
    polls.splice(polls.indexOf(poll), 1);
    poll.resolve(reply);
  };
  const chat = () => app.system.get(SYSTEM_IDS.chat) as ActorRefFrom<typeof chatMachine>;
  return { app, polls, held, answer, chat, loads: () => conversationLoads, fresher };
}

describe('app and chat', () => {
  it('Scenario: a logged-in start connects the chat with the startup unread count; a new_message reads the chat list again', async () => {
    const { app, held, answer, chat, loads, fresher } = startApp(userFixture);
    await waitFor(app, (snapshot) => snapshot.matches('ready'));
    expect(held().map((poll) => poll.count)).toEqual([0]);
    expect(unreadTotal(chat().getSnapshot())).toBe(conversationsFixture.unread_count);
    answer(firstAnswer);
    await waitFor(chat(), () => held().length === 1 && held()[0].count === firstAnswer.count, { timeout: 2_000 });
    answer(eventsAnswer);
    await waitFor(app, (snapshot) => snapshot.context.conversations === fresher, { timeout: 2_000 });
    expect(loads()).toBe(2);
  });

  it('Scenario: an anonymous start leaves the chat idle; login starts it, logout stops it', async () => {
    const { app, held, chat } = startApp(null);
    await waitFor(app, (snapshot) => snapshot.matches('ready'));
    expect(chat().getSnapshot().matches({ connection: 'idle' })).toBe(true);
    expect(held()).toEqual([]);
    app.send({ type: 'session.update', user: userFixture });
    await waitFor(chat(), (snapshot) => snapshot.matches({ connection: 'live' }));
    expect(held().map((poll) => poll.count)).toEqual([0]);
    app.send({ type: 'session.update', user: null });
    await waitFor(chat(), (snapshot) => snapshot.matches({ connection: 'idle' }));
    expect(held()).toEqual([]);
  });
});
