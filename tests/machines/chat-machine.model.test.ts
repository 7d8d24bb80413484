import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { assign, createActor, createMachine, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { ActorRefFrom, AnyStateMachine, AnyStateNode, AnyTransitionDefinition, DoneActorEvent, ErrorActorEvent, MachineConfig, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { LongPoll } from '@contract/entities/chat';
import { chatMachine, type ChatContext, type ChatEvent, type ChatInput } from '@machines/chat-machine';
import { reconnectDelay, type PollInput } from '@machines/long-poll';
import { LONGPOLL_HOLD_MIN_MS } from '@contract/rules/chat';
import { SYSTEM_IDS } from '@machines/system';
import { emptyAnswer, eventsAnswer, firstAnswer, harness, networkDown, readUnread, shopReply } from './chat-fixtures';
import { withInvocationsAsEvents, type ConfigNode } from './model-config';

/**
 * The model is the chat chart's own config with the poll replaced by the done/error events it
 * would deliver and the backoff's timer by an event ('model.after.reconnect backoff'); guards,
 * actions and targets stay the chart's. The jitter is drawn from a fixed source.
 */
const BACKOFF = 'model.after.reconnect backoff';
/** The shortest hold a server may be set to has passed since the poll began. */
const LEAST_HOLD = 'model.after.least hold';
const REPLACED_BACKOFF = 'model.after.replaced backoff';
type ModelEvent = ChatEvent | DoneActorEvent<LongPoll, 'poll'> | ErrorActorEvent<unknown, 'poll'> | { type: typeof BACKOFF | typeof LEAST_HOLD | typeof REPLACED_BACKOFF };

type TimedNode = Omit<ConfigNode, 'states'> & { after?: Record<string, unknown>; states?: Record<string, TimedNode> };
function withDelaysAsEvents(node: TimedNode): ConfigNode {
  const { after, states, ...rest } = node;
  const on = { ...rest.on, ...Object.fromEntries(Object.entries(after ?? {}).map(([delay, transition]) => [`model.after.${delay}`, transition])) };
  return { ...rest, on, ...(states ? { states: Object.fromEntries(Object.entries(states).map(([key, child]) => [key, withDelaysAsEvents(child)])) } : {}) };
}

const JITTER = 0.25;
const fixedJitter = { 'draw jitter': assign({ jitter: JITTER }) };

const modelMachine = createMachine(
  {
    ...(withInvocationsAsEvents(withDelaysAsEvents(chatMachine.config as TimedNode)) as MachineConfig<ChatContext, ModelEvent>),
    types: {} as { context: ChatContext; events: ModelEvent; input: ChatInput },
  },
  // The model walks the chart; handing events to their owners is checked on the real machine.
  { ...chatMachine.implementations, actions: { ...chatMachine.implementations.actions, ...fixedJitter, 'hand over': () => {} } } as never,
);
type ModelSnapshot = SnapshotFrom<typeof modelMachine>;

const done = (output: LongPoll) => ({ type: 'xstate.done.actor.poll', output, actorId: 'poll' }) as ModelEvent;
const failed = { type: 'xstate.error.actor.poll', error: networkDown, actorId: 'poll' } as ModelEvent;

/** The answer the server gives for the cursor sent: the first connection, then one of each event, then an empty hold. */
function answerFor(cursor: number): LongPoll {
  if (cursor === 0) return firstAnswer;
  if (cursor === firstAnswer.count) return eventsAnswer;
  return emptyAnswer(cursor, eventsAnswer.unread);
}

function eventsOf(snapshot: ModelSnapshot): ModelEvent[] {
  const events: ModelEvent[] = [
    { type: 'chat.login' },
    { type: 'chat.logout' },
    { type: 'chat.hide' },
    { type: 'chat.show' },
    { type: 'chat.reconnect' },
    { type: 'chat.unread', unread: readUnread },
  ];
  if (snapshot.matches({ connection: { live: 'polling' } })) events.push(done(answerFor(snapshot.context.cursor)), failed);
  // Three failures in a row are enough to see the wait double twice.
  if (snapshot.matches({ connection: { live: 'offline' } })) events.push({ type: BACKOFF });
  // The least hold matters only where the answer is nothing new (a held poll at the last cursor).
  const heldAtLast = snapshot.context.failures === 0 && snapshot.context.cursor === eventsAnswer.count;
  if (heldAtLast && snapshot.matches({ connection: { live: { polling: 'early' } } })) events.push({ type: LEAST_HOLD });
  if (snapshot.matches({ connection: { live: 'replaced' } })) events.push({ type: REPLACED_BACKOFF });
  if (snapshot.context.failures >= 3) return events.filter((event) => event !== failed);
  // One replacement is enough to see the wait (its doubling is chat-machine.test.ts's).
  if (snapshot.context.replaced >= 1 && snapshot.matches({ connection: { live: { polling: 'early' } } })) return events.filter((event) => event.type !== 'xstate.done.actor.poll');
  return events;
}

const listed = new WeakMap<object, Set<string>>();
function isListed(snapshot: unknown, event: unknown): boolean {
  let offered = listed.get(snapshot as object);
  if (!offered) listed.set(snapshot as object, (offered = new Set(eventsOf(snapshot as ModelSnapshot).map((entry) => JSON.stringify(entry)))));
  return offered.has(JSON.stringify(event));
}

const serializeState = (snapshot: unknown) => {
  const { value, context } = snapshot as ModelSnapshot;
  return JSON.stringify({ value, context });
};

/** Every transition of the chart, as `source|event|index`, read from the real machine's nodes. */
function transitionKey(definition: AnyTransitionDefinition): string {
  const source = definition.source as AnyStateNode;
  const list = definition.eventType === '' || !source.transitions.has(definition.eventType) ? source.always ?? [] : (source.transitions.get(definition.eventType) ?? []);
  return `${source.id}|${definition.eventType || 'always'}|${list.indexOf(definition)}`;
}
function allTransitions(node: AnyStateNode): string[] {
  const own = [...node.transitions.values()].flat().map(transitionKey);
  const always = (node.always ?? []).map(transitionKey);
  return [...own, ...always, ...Object.values(node.states).flatMap(allTransitions)];
}

interface PendingPoll {
  count: number;
  resolve: (answer: LongPoll) => void;
  reject: (error: unknown) => void;
  signal: AbortSignal;
}

/** The real chat, in a system with recorders for the actors it hands events to, on a simulated clock. */
function startSystemUnderTest() {
  const polls: PendingPoll[] = [];
  const taken = new Set<string>();
  const clock = new SimulatedClock();
  const machine = chatMachine.provide({
    actors: {
      poll: fromPromise<LongPoll, PollInput>(({ input, signal }) => new Promise((resolve, reject) => polls.push({ count: input.count, resolve, reject, signal }))),
    },
    actions: { 'draw jitter': assign({ jitter: JITTER }) },
  });
  const { root, received } = harness(machine);
  const app = createActor(root, {
    systemId: SYSTEM_IDS.app,
    clock,
    inspect: (inspection) => {
      if (inspection.type === '@xstate.microstep' && (inspection.actorRef as { id?: string }).id === 'chat') for (const definition of inspection._transitions) taken.add(transitionKey(definition));
    },
  });
  app.start();
  const chat = app.system.get(SYSTEM_IDS.chat) as ActorRefFrom<typeof chatMachine>;
  const livePolls = () => polls.filter((poll) => !poll.signal.aborted);
  return { app, chat, polls, livePolls, received, clock, taken };
}
type System = ReturnType<typeof startSystemUnderTest>;

async function settlesOn(system: System, expected: ModelSnapshot) {
  await waitFor(system.chat, (snapshot) => isDeepStrictEqual(snapshot.value, expected.value) && isDeepStrictEqual(snapshot.context, expected.context), { timeout: 2_000 });
}

function eventExecutors(system: System) {
  const send = async (step: { event: ModelEvent; state: ModelSnapshot }) => {
    system.chat.send(step.event as ChatEvent);
    await settlesOn(system, step.state);
  };
  const settle = async (step: { event: ModelEvent; state: ModelSnapshot }) => {
    const [poll] = system.livePolls();
    expect(poll, 'a long-poll is held').toBeDefined();
    const before = { support: system.received[SYSTEM_IDS.supportChat].length, messages: system.received[SYSTEM_IDS.messages].length, app: system.received[SYSTEM_IDS.app].length };
    // A poll answered after a failure tells the open chat screens the connection is back, after the events.
    const back = system.chat.getSnapshot().context.lost && step.event.type === 'xstate.done.actor.poll' ? [{ type: 'connection.back' }] : [];
    system.polls.splice(system.polls.indexOf(poll), 1);
    if (step.event.type === 'xstate.done.actor.poll') poll.resolve((step.event as DoneActorEvent<LongPoll>).output);
    else poll.reject((step.event as ErrorActorEvent).error);
    await settlesOn(system, step.state);
    // Each event went to the actor that owns it, once.
    const answer = step.event.type === 'xstate.done.actor.poll' ? (step.event as DoneActorEvent<LongPoll>).output : null;
    const supportEvents = answer?.events.filter((event) => event.type === 'new_support_message').length ?? 0;
    const conversationEvents = answer?.events.filter((event) => event.type === 'new_message').length ?? 0;
    expect(system.received[SYSTEM_IDS.supportChat].slice(before.support)).toEqual([...(supportEvents ? [{ type: 'support.received', message: shopReply }] : []), ...back]);
    expect(system.received[SYSTEM_IDS.messages].slice(before.messages)).toEqual([...(conversationEvents ? [{ type: 'messages.changed', conversationId: 12 }] : []), ...back]);
    expect(system.received[SYSTEM_IDS.app].slice(before.app)).toEqual(conversationEvents ? [{ type: 'conversations.refresh' }] : []);
  };
  const backoff = async (step: { event: ModelEvent; state: ModelSnapshot }) => {
    const { failures, jitter } = system.chat.getSnapshot().context;
    const wait = reconnectDelay(failures, jitter);
    system.clock.increment(wait - 1);
    expect(system.chat.getSnapshot().matches({ connection: { live: 'offline' } }), `still offline ${wait - 1} ms after failure ${failures}`).toBe(true);
    system.clock.increment(1);
    await settlesOn(system, step.state);
  };
  const leastHold = async (step: { event: ModelEvent; state: ModelSnapshot }) => {
    system.clock.increment(LONGPOLL_HOLD_MIN_MS);
    await settlesOn(system, step.state);
  };
  const replacedBackoff = async (step: { event: ModelEvent; state: ModelSnapshot }) => {
    const { replaced, jitter } = system.chat.getSnapshot().context;
    const wait = reconnectDelay(replaced, jitter);
    system.clock.increment(wait - 1);
    expect(system.chat.getSnapshot().matches({ connection: { live: 'replaced' } }), `still waiting ${wait - 1} ms after replacement ${replaced}`).toBe(true);
    system.clock.increment(1);
    await settlesOn(system, step.state);
  };
  return {
    ...Object.fromEntries(['chat.login', 'chat.logout', 'chat.hide', 'chat.show', 'chat.reconnect', 'chat.unread'].map((type) => [type, send])),
    'xstate.done.actor.poll': settle,
    'xstate.error.actor.poll': settle,
    [BACKOFF]: backoff,
    [LEAST_HOLD]: leastHold,
    [REPLACED_BACKOFF]: replacedBackoff,
  };
}

/** What the chart promises in each state, on the real machine. */
function stateChecks(system: System) {
  const real = () => system.chat.getSnapshot();
  return {
    '*': (model: ModelSnapshot) => {
      expect(real().value).toEqual(model.value);
      expect(real().context).toEqual(model.context);
      const polling = model.matches({ connection: { live: 'polling' } });
      // One long-poll exactly while polling, with the cursor; none while anonymous, hidden or waiting.
      expect(system.livePolls().map((poll) => poll.count)).toEqual(polling ? [model.context.cursor] : []);
      if (model.matches({ tab: 'hidden' }) && model.matches({ connection: 'live' })) expect(real().matches({ connection: { live: 'paused' } })).toBe(true);
      if (model.matches({ connection: 'idle' })) expect(real().context).toMatchObject({ cursor: 0, failures: 0 });
    },
  };
}

const model = createTestModel(modelMachine as AnyStateMachine, { events: eventsOf as never, filterEvents: isListed, serializeState, input: {} });

type ModelPath = { state: ModelSnapshot; steps: { event: ModelEvent; state: ModelSnapshot }[]; weight: number };

/**
 * Shortest paths reach every state but skip an edge into a state already reached (showing the tab
 * again, the backoff's end): so every edge of the graph that changes the state gets a path of its
 * own, the shortest path to its source and then the edge.
 */
function edgePaths(): ModelPath[] {
  const toState = new Map(model.getShortestPaths({ allowDuplicatePaths: true }).map((path) => [serializeState(path.state), path as unknown as ModelPath]));
  const paths: ModelPath[] = [];
  for (const [key, { transitions }] of Object.entries(model.getAdjacencyMap())) {
    const base = toState.get(key);
    if (!base) continue;
    for (const { event, state: next } of Object.values(transitions) as { event: ModelEvent; state: ModelSnapshot }[]) {
      if (serializeState(next) === key) continue;
      paths.push({ state: next as ModelSnapshot, steps: [...base.steps, { event: event as ModelEvent, state: next as ModelSnapshot }], weight: base.steps.length + 1 });
    }
  }
  return paths;
}

describe('chat machine: model-based paths', () => {
  const paths = edgePaths();
  const describePath = (path: ModelPath) => path.steps.map((step) => step.event.type.replace('xstate.', '')).join(' → ') || 'start';
  const visited = paths.flatMap((path) => path.steps.map((step) => step.state));

  it('the model connects, takes events, fails with backoff, recovers, hides and shows, logs out and in', () => {
    const seen = (predicate: (state: ModelSnapshot) => boolean) => visited.some(predicate);
    expect(seen((state) => state.matches({ connection: { live: 'polling' } }) && state.context.cursor === eventsAnswer.count)).toBe(true);
    expect(seen((state) => state.matches({ connection: { live: 'offline' } }) && state.context.failures === 3)).toBe(true);
    expect(seen((state) => state.matches({ connection: { live: 'polling' } }) && state.context.failures > 0)).toBe(true);
    expect(seen((state) => state.matches({ connection: { live: 'paused' } }))).toBe(true);
    // A held poll answered at once with nothing new waits before the next.
    expect(seen((state) => state.matches({ connection: { live: 'replaced' } }) && state.context.replaced === 1)).toBe(true);
    expect(seen((state) => state.matches({ connection: 'idle' }) && state.matches({ tab: 'hidden' }))).toBe(true);
    // Failures keep the cursor: the next poll asks from where the last answer left off.
    expect(seen((state) => state.matches({ connection: { live: 'offline' } }) && state.context.cursor === eventsAnswer.count)).toBe(true);
  });

  it('the real machine follows every path, and the paths take every transition of the chart', async () => {
    const taken = new Set<string>();
    console.log(`chat model: ${paths.length} paths, one per edge`);
    for (const path of paths) {
      const system = startSystemUnderTest();
      try {
        await model.testPath(path as never, { states: stateChecks(system) as never, events: eventExecutors(system) as never });
      } catch (error) {
        throw new Error(`${describePath(path)}: ${String(error).slice(0, 600)}`);
      }
      for (const key of system.taken) taken.add(key);
      system.app.stop();
    }
    const every = allTransitions(chatMachine.root);
    expect(every.length).toBe(19);
    expect([...taken].sort()).toEqual(every.sort());
  }, 60_000);
});
