import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import type { AnyStateMachine, DoneActorEvent, ErrorActorEvent, MachineConfig, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { Banner, Cart, ConversationList, Folder, Language, Shop, Slide, User } from '@contract/index';
import { appMachine, STARTUP_STEPS } from '@machines/app-machine';
import type { AppContext, AppEvent, StartupStep } from '@machines/app-machine';
import {
  bannersFixture,
  conversationsFixture,
  emptyCartFixture,
  foldersFixture,
  shopFixture,
  shopInDevelopmentFixture,
  slidesFixture,
  userFixture,
} from './fixtures';
import { withInvocationsAsEvents, type ConfigNode } from './model-config';

/**
 * createTestModel refuses machines with invocations, so the model is the app
 * machine's own config with each invoke replaced by the done/error events it
 * would deliver. Guards, actions and targets stay the app machine's, so the
 * model cannot drift from the chart under test.
 */
type ModelEvent = AppEvent | DoneActorEvent<unknown, StartupStep> | ErrorActorEvent<unknown, StartupStep>;

/** The startup chart only: what the ready app does with its children (checkout, screens) has its own tests. */
function startupOnly(config: ConfigNode): ConfigNode {
  const ready = config.states?.ready;
  if (!ready) return config;
  // ready's own substates (reading the chat list again) are the ready app's too: the model stays in 'ready'.
  const { states: _refresh, initial: _initial, ...readyNode } = ready as ConfigNode & { initial?: string };
  const untargeted = (transitions: unknown) => [transitions].flat().map((transition) => ({ ...(transition as object), target: undefined }));
  const on = Object.fromEntries(Object.entries(ready.on ?? {}).filter(([type]) => type === 'session.update').map(([type, transitions]) => [type, untargeted(transitions)]));
  return { ...config, states: { ...config.states, ready: { ...readyNode, on } } };
}

const modelMachine = createMachine(
  {
    ...(startupOnly(withInvocationsAsEvents(appMachine.config as ConfigNode)) as MachineConfig<AppContext, ModelEvent>),
    types: {} as { context: AppContext; events: ModelEvent },
  },
  // The model only walks the chart: its children (spawned by the real machine under test) are left out of the walk.
  { ...appMachine.implementations, actions: { ...appMachine.implementations.actions, 'start cart': () => {}, 'start session': () => {}, 'start chat': () => {} } } as never,
);

const outputs: Record<StartupStep, unknown[]> = {
  language: ['fa'],
  shop: [shopFixture, shopInDevelopmentFixture],
  user: [userFixture, null],
  conversations: [conversationsFixture],
  cart: [emptyCartFixture],
  slides: [slidesFixture],
  folders: [foldersFixture],
  banners: [bannersFixture],
};

const modelEvents: ModelEvent[] = [
  ...STARTUP_STEPS.flatMap((step) => [
    ...outputs[step].map((output) => ({ type: `xstate.done.actor.${step}` as const, output, actorId: step })),
    { type: `xstate.error.actor.${step}` as const, error: new Error(`${step} is unavailable`), actorId: step },
  ]),
  { type: 'app.retry' },
  { type: 'language.change', language: 'en' },
  { type: 'session.update', user: null },
  { type: 'visit.internal' },
];

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  input: unknown;
}

/** The system under test: the real app machine whose actors wait for the model to settle them. */
function startSystemUnderTest() {
  const pending = new Map<StartupStep, Pending>();
  const persisted: Language[] = [];
  const deferred = <TOutput, TInput = void>(step: StartupStep) =>
    fromPromise<TOutput, TInput>(
      ({ input }) =>
        new Promise<TOutput>((resolve, reject) => {
          pending.set(step, { resolve: resolve as (value: unknown) => void, reject, input });
        }),
    );
  const machine = appMachine.provide({
    actors: {
      'load language': deferred<Language>('language'),
      'load shop': deferred<Shop, { language: Language }>('shop'),
      'load user': deferred<User | null>('user'),
      'load conversations': deferred<ConversationList>('conversations'),
      'load cart': deferred<Cart>('cart'),
      'load slides': deferred<Slide[]>('slides'),
      'load folders': deferred<Folder[]>('folders'),
      'load banners': deferred<Banner[]>('banners'),
    },
    actions: {
      'persist language': ({ context }) => {
        persisted.push(context.language);
      },
    },
  });
  const actor = createActor(machine);
  // The context on entering the shop step is what its input must carry, even if the language changes while it loads.
  const entered = { shopWithLanguage: null as Language | null, inShop: false };
  actor.subscribe((snapshot) => {
    const inShop = snapshot.matches({ starting: 'shop' });
    if (inShop && !entered.inShop) entered.shopWithLanguage = snapshot.context.language;
    entered.inShop = inShop;
  });
  actor.start();
  return { actor, pending, persisted, entered };
}

type ModelSnapshot = SnapshotFrom<typeof modelMachine>;
type System = ReturnType<typeof startSystemUnderTest>;

const stepOf = (type: string) => type.split('.').pop() as StartupStep;

/** The model leaves out ready's substates (reading the chat list again): the real value, seen the same way. */
const startupValue = (value: unknown) => (value !== null && typeof value === 'object' && 'ready' in value ? 'ready' : value);

/** Waits until the real machine shows the model's state value and context. */
async function settlesOn(system: System, expected: ModelSnapshot) {
  await waitFor(
    system.actor,
    (snapshot) => isDeepStrictEqual(startupValue(snapshot.value), expected.value) && isDeepStrictEqual(snapshot.context, expected.context),
    { timeout: 2_000 },
  );
}

function eventExecutors(system: System) {
  const settle = (kind: 'done' | 'error') => async (step: { event: ModelEvent; state: ModelSnapshot }) => {
    const name = stepOf(step.event.type);
    const request = system.pending.get(name);
    expect(request, `'load ${name}' was invoked`).toBeDefined();
    system.pending.delete(name);
    if (kind === 'done') request?.resolve((step.event as DoneActorEvent).output);
    else request?.reject((step.event as ErrorActorEvent).error);
    await settlesOn(system, step.state);
  };
  const send = async (step: { event: ModelEvent; state: ModelSnapshot }) => {
    system.actor.send(step.event as AppEvent);
    await settlesOn(system, step.state);
  };
  return Object.fromEntries([
    ...STARTUP_STEPS.flatMap((name) => [
      [`xstate.done.actor.${name}`, settle('done')],
      [`xstate.error.actor.${name}`, settle('error')],
    ]),
    ['app.retry', send],
    ['language.change', send],
    ['session.update', send],
    ['visit.internal', send],
  ]);
}

/** Assertions per state, checked on the real machine against what the model expects. */
function stateChecks(system: System) {
  const real = () => system.actor.getSnapshot();
  const stepChecks = Object.fromEntries(
    STARTUP_STEPS.map((name) => [
      `starting.${name}`,
      (model: ModelSnapshot) => {
        expect(real().matches({ starting: name })).toBe(true);
        expect(system.pending.has(name), `'load ${name}' is running`).toBe(true);
        expect(real().context.failure).toBeNull();
        if (name === 'shop') {
          expect(system.pending.get('shop')?.input).toEqual({ language: system.entered.shopWithLanguage });
          expect(real().context.language).toBe(model.context.language);
        }
        if (name === 'conversations') expect(real().context.user).not.toBeNull();
        if (name === 'cart') expect(real().context.conversations === null).toBe(real().context.user === null);
      },
    ]),
  );
  return {
    ...stepChecks,
    failed: (model: ModelSnapshot) => {
      expect(real().matches('failed')).toBe(true);
      expect(real().context.failure).toEqual(model.context.failure);
      expect(real().context.failure?.message).toBe(`${real().context.failure?.step} is unavailable`);
      expect(Object.keys(real().children)).toEqual([]);
    },
    maintenance: () => {
      expect(real().matches('maintenance')).toBe(true);
      expect(real().context.shop?.state_of_development).toBe(1);
      expect(Object.keys(real().children)).toEqual([]);
    },
    ready: (model: ModelSnapshot) => {
      expect(real().matches('ready')).toBe(true);
      expect(real().context.shop?.state_of_development).toBe(0);
      expect(real().context.banners).toEqual(bannersFixture);
      expect(real().context.folders).toEqual(foldersFixture);
      expect(real().context.slides).toEqual(slidesFixture);
      // The startup's cart went to the cart actor, a child of the app's system, as did the session.
      expect(real().context.cart).toBeNull();
      expect(model.context.cart).toBeNull();
      expect(system.actor.system.get('cart')?.getSnapshot().context.cart).toEqual(emptyCartFixture);
      expect(system.actor.system.get('session')?.getSnapshot().context.user).toEqual(real().context.user);
      expect(real().context.user).toEqual(model.context.user);
      expect(real().context.language).toBe(model.context.language);
      expect(system.persisted.at(-1) ?? 'fa').toBe(model.context.language);
    },
  };
}

const model = createTestModel(modelMachine as AnyStateMachine, { events: modelEvents });

describe('app machine: model-based paths', () => {
  const shortestPaths = model.getShortestPaths();

  it('the model reaches every top-level state and every startup step', () => {
    const reached = new Set(shortestPaths.map((path) => JSON.stringify(path.state.value)));
    for (const name of STARTUP_STEPS) expect(reached).toContain(JSON.stringify({ starting: name }));
    for (const name of ['failed', 'maintenance', 'ready']) expect(reached).toContain(JSON.stringify(name));
  });

  const name = (path: (typeof shortestPaths)[number]) =>
    `reaches ${JSON.stringify(path.state.value)} via ${path.steps.map((step) => step.event.type.replace('xstate.', '')).join(' → ') || 'start'}`;

  describe.each(shortestPaths.map((path) => [name(path), path]))('%s', (_description, path) => {
    it('the real machine follows the path', async () => {
      const system = startSystemUnderTest();
      await path.test({ states: stateChecks(system), events: eventExecutors(system) });
      expect(isDeepStrictEqual(system.actor.getSnapshot().context, path.state.context)).toBe(true);
      system.actor.stop();
    });
  });

  // Every loop-free route through startup, failures and retries (view events left out to keep the count finite and small:
  // with the visit's in-store mark, which doubles every state, the walk did not end).
  const simplePaths = model.getSimplePaths({
    filterEvents: (_snapshot, event) => !['language.change', 'session.update', 'visit.internal'].includes(event.type),
  });

  // All CPU: ~5 s on a quiet 2-core machine, 32 s at load 13 from other work, where vitest's default 30 s
  // failed two clean-clone CI runs. The limit only stops a hang; every path is still checked.
  it(`the real machine follows all ${simplePaths.length} simple startup paths`, async () => {
    expect(simplePaths.length).toBeGreaterThan(shortestPaths.length);
    for (const path of simplePaths) {
      const system = startSystemUnderTest();
      await path.test({ states: stateChecks(system), events: eventExecutors(system) });
      expect(startupValue(system.actor.getSnapshot().value)).toEqual(path.state.value);
      system.actor.stop();
    }
  }, 120_000);
});
