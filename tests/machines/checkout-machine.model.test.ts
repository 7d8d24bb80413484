import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { assign, createActor, createMachine, fromPromise, waitFor } from 'xstate';
import type { AnyStateMachine, DoneActorEvent, ErrorActorEvent, MachineConfig, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { checkoutMachine, routeDecision, screenOf, type CheckoutContext, type CheckoutEvent, type CheckoutScreen } from '@machines/checkout-machine';
import {
  canceledVerdict,
  checkoutInput,
  delivery,
  discounted,
  emptyWallet,
  otherCityAddress,
  nearAddress,
  paidVerdict,
  placedCash,
  placedOnline,
  refusedFailure,
  richWallet,
  savedAddresses,
  waitingVerdict,
  walletInUse,
  walletReleased,
  worthless,
} from './checkout-fixtures';
import { withInvocationsAsEvents, withoutPrefixPaths, type ConfigNode } from './model-config';

/**
 * createTestModel refuses invocations, so the model is the checkout machine's
 * own config with each invoke replaced by the done/error events it would
 * deliver (as in app-machine.model.test.ts). Guards, actions and targets are
 * the machine's; only the idempotency key is made deterministic in the model.
 */
const INVOKES = ['addressBook', 'saveDelivery', 'bill', 'discount', 'useWallet', 'releaseWallet', 'place', 'verify'] as const;
type InvokeId = (typeof INVOKES)[number];
type ModelEvent = CheckoutEvent | DoneActorEvent<unknown, InvokeId> | ErrorActorEvent<unknown, InvokeId>;

const implementations = checkoutMachine.implementations as unknown as { actions: Record<string, unknown>; guards: Record<string, unknown> };
const modelMachine = createMachine(
  {
    ...(withInvocationsAsEvents(checkoutMachine.config as ConfigNode) as MachineConfig<CheckoutContext, ModelEvent>),
    types: {} as { context: CheckoutContext; events: ModelEvent },
  },
  { ...implementations, actions: { ...implementations.actions, 'start attempt': assign({ attemptKey: 'attempt', refusal: null, failure: null }) } } as never,
);
type ModelSnapshot = SnapshotFrom<typeof modelMachine>;

const done = (id: InvokeId, output: unknown) => ({ type: `xstate.done.actor.${id}`, output, actorId: id }) as ModelEvent;
const fail = (id: InvokeId, error: unknown = refusedFailure) => ({ type: `xstate.error.actor.${id}`, error, actorId: id }) as ModelEvent;

/** Every event a customer or an actor can produce in a state (refusals, errors and going back included). */
function allEvents(snapshot: ModelSnapshot): ModelEvent[] {
  const { context } = snapshot;
  if (snapshot.matches('delivery')) return [1, 2, 3, 4].map((method) => ({ type: 'delivery.select', method: method as 1 }));
  // The address step is the address chart (its own tests: address-machine.test.ts): it ends with a chosen address.
  if (snapshot.matches({ address: 'choosing' })) {
    return [
      ...[nearAddress.id, otherCityAddress.id].map((addressId) => done('addressBook', { addressId, addresses: savedAddresses })),
      { type: 'checkout.back' },
    ];
  }
  if (snapshot.matches('savingDelivery')) return [done('saveDelivery', delivery(context.method ?? 1, context.addressId ?? 0)), fail('saveDelivery')];
  if (snapshot.matches('loadingBill')) return [done('bill', emptyWallet), done('bill', richWallet), fail('bill')];
  if (snapshot.matches('discount')) {
    return [{ type: 'discount.apply', code: 'WELCOME10' }, { type: 'discount.apply', code: '  ' }, { type: 'discount.skip' }, { type: 'checkout.back' }];
  }
  if (snapshot.matches('applyingDiscount')) return [done('discount', discounted), done('discount', worthless), fail('discount', { result: 'discount_refused', message: 'کد تخفیف وجود ندارد' })];
  if (snapshot.matches('wallet')) return [{ type: 'wallet.use' }, { type: 'wallet.skip' }, { type: 'checkout.back' }];
  if (snapshot.matches('usingWallet')) return [done('useWallet', walletInUse), fail('useWallet')];
  if (snapshot.matches('releasingWallet')) return [done('releaseWallet', walletReleased)];
  if (snapshot.matches('payment')) {
    return [
      ...(['cash', 'card_reader', 'online', 'money_transfer', 'wallet'] as const).map((payment) => ({ type: 'payment.select', payment }) as ModelEvent),
      { type: 'time.select', timing: 'now' },
      { type: 'time.select', timing: 'later', clock: '25:99' },
      { type: 'checkout.place' },
      { type: 'checkout.back' },
    ];
  }
  if (snapshot.matches('placing')) {
    const online = context.payment === 'online' && (context.bill?.payable ?? 0) > 0;
    return [done('place', online ? placedOnline : placedCash), fail('place', { result: 'store_closed', message: 'فروشگاه اینترنتی موقتا تعطیل است' })];
  }
  if (snapshot.matches('placeFailed')) return [{ type: 'checkout.retry' }, { type: 'checkout.edit' }];
  if (snapshot.matches('paying')) return [{ type: 'payment.returned', sepId: 'tok' }];
  if (snapshot.matches('verifying')) return [done('verify', paidVerdict), done('verify', canceledVerdict), done('verify', waitingVerdict), fail('verify', new Error('offline'))];
  return [];
}

/** The forward events of a placed order: no refusals, errors, going back or address editing; one payment choice. */
function isForward(snapshot: ModelSnapshot, event: ModelEvent): boolean {
  const { context } = snapshot;
  {
    if (event.type.startsWith('xstate.error.') || ['checkout.back', 'checkout.retry', 'checkout.edit'].includes(event.type)) return false;
    if (event.type === 'delivery.select') return event.method !== (4 as number);
    if (event.type === 'xstate.done.actor.addressBook') {
      const { addressId } = (event as DoneActorEvent<{ addressId: number }>).output;
      return context.method === 2 ? addressId === nearAddress.id : addressId === otherCityAddress.id;
    }
    if (event.type === 'discount.apply') return event.code.trim() !== '';
    if (event.type === 'wallet.use') return context.balance > 0;
    // The model's bills have no discount bag: its use is a refusal (the bag's paths: checkout-machine.test.ts).
    if (event.type === 'gift.use' || event.type === 'gift.release') return false;
    if (event.type === 'payment.select') return context.payment === null && (event.payment !== 'wallet' || context.balance >= (context.bill?.total ?? Infinity));
    if (event.type === 'time.select') return false;
    if (event.type === 'checkout.place') return context.payment !== null;
    if (event.type === `xstate.done.actor.verify`) return (event as DoneActorEvent<typeof paidVerdict>).output.outcome !== 'waiting';
    return true;
  }
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  input: unknown;
}

const SOURCES: Record<InvokeId, string> = {
  addressBook: 'address book',
  saveDelivery: 'save delivery',
  bill: 'load bill',
  discount: 'apply discount',
  useWallet: 'use wallet',
  releaseWallet: 'release wallet',
  place: 'place order',
  verify: 'verify payment',
};

/** The real checkout machine whose actors wait for the model to settle them. */
function startSystemUnderTest(input = checkoutInput, comparison: Comparison = 'context') {
  const pending = new Map<InvokeId, Pending>();
  const placeInputs: { idempotency_key: string }[] = [];
  const gatewaysOpened: string[] = [];
  const deferred = (id: InvokeId) =>
    fromPromise<unknown, unknown>(
      ({ input }) =>
        new Promise((resolve, reject) => {
          if (id === 'place') placeInputs.push(input as { idempotency_key: string });
          pending.set(id, { resolve, reject, input });
        }),
    );
  const machine = checkoutMachine.provide({
    actors: Object.fromEntries(INVOKES.map((id) => [SOURCES[id], deferred(id)])) as never,
    actions: { 'open gateway': ({ context }) => void gatewaysOpened.push(context.placed?.redirect_url ?? '') },
  });
  const actor = createActor(machine, { input });
  actor.start();
  return { actor, pending, placeInputs, gatewaysOpened, comparison };
}
type System = ReturnType<typeof startSystemUnderTest>;

const comparable = (context: CheckoutContext) => ({ ...context, attemptKey: context.attemptKey === null ? null : 'set' });

/** How a real snapshot is compared with the model's: the whole context, or (shortest paths) the facts that steer the chart. */
type Comparison = 'context' | 'projection';

async function settlesOn(system: System, expected: ModelSnapshot) {
  await waitFor(
    system.actor,
    (snapshot) =>
      system.comparison === 'projection'
        ? serializeWithoutMessages(snapshot) === serializeWithoutMessages(expected)
        : isDeepStrictEqual(snapshot.value, expected.value) && isDeepStrictEqual(comparable(snapshot.context), comparable(expected.context)),
    { timeout: 2_000 },
  );
}

function eventExecutors(system: System) {
  const settle = async (step: { event: ModelEvent; state: ModelSnapshot }) => {
    const id = step.event.type.split('.').pop() as InvokeId;
    const request = system.pending.get(id);
    expect(request, `'${SOURCES[id]}' was invoked`).toBeDefined();
    system.pending.delete(id);
    if (step.event.type.startsWith('xstate.done.')) request?.resolve((step.event as DoneActorEvent).output);
    else request?.reject((step.event as ErrorActorEvent).error);
    await settlesOn(system, step.state);
  };
  const send = async (step: { event: ModelEvent; state: ModelSnapshot }) => {
    system.actor.send(step.event as CheckoutEvent);
    await settlesOn(system, step.state);
  };
  const customerEvents: CheckoutEvent['type'][] = [
    'delivery.select', 'discount.apply', 'discount.skip', 'wallet.use', 'wallet.skip', 'gift.use', 'gift.release',
    'payment.select', 'time.select', 'checkout.place', 'checkout.retry', 'checkout.edit', 'checkout.back', 'payment.returned',
  ];
  return Object.fromEntries([
    ...INVOKES.flatMap((id) => [[`xstate.done.actor.${id}`, settle], [`xstate.error.actor.${id}`, settle]]),
    ...customerEvents.map((type) => [type, send]),
  ]);
}

const SCREENS: CheckoutScreen[] = ['delivery', 'address', 'payment', 'gateway', 'result'];

/** Assertions per state on the real machine, beyond "same value and context as the model". */
function stateChecks(system: System) {
  const real = () => system.actor.getSnapshot();
  const noOtherScreen = () => {
    const current = screenOf(real());
    for (const screen of SCREENS) expect(routeDecision(real(), screen).allowed).toBe(screen === current);
  };
  return {
    delivery: () => {
      expect(screenOf(real())).toBe('delivery');
      noOtherScreen();
    },
    'address.choosing': () => {
      expect(screenOf(real())).toBe('address');
      expect(real().context.method === 2 || real().context.method === 3).toBe(true);
      noOtherScreen();
    },
    payment: () => {
      expect(screenOf(real())).toBe('payment');
      expect(real().context.delivery).not.toBeNull();
      expect(real().context.bill).not.toBeNull();
      noOtherScreen();
    },
    placing: () => {
      const last = system.placeInputs.at(-1);
      expect(last?.idempotency_key).toBe(real().context.attemptKey);
      expect(last?.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    },
    paying: () => {
      expect(screenOf(real())).toBe('gateway');
      expect(system.gatewaysOpened.at(-1)).toBe(placedOnline.redirect_url);
    },
    placed: () => {
      expect(screenOf(real())).toBe('result');
      expect(real().status).toBe('done');
      const placed = real().context.placed;
      expect(placed).not.toBeNull();
      // An online order is placed only by a verified payment.
      if (placed?.redirect_url) expect(real().context.verdict?.outcome).toBe('paid');
      noOtherScreen();
    },
  };
}

/** Snapshots are immutable and the traversals serialize the same ones over and over: each is serialized once. */
const once = (serialize: (snapshot: ModelSnapshot) => string) => {
  const cache = new WeakMap<object, string>();
  return (snapshot: unknown) => {
    let serialized = cache.get(snapshot as object);
    if (serialized === undefined) cache.set(snapshot as object, (serialized = serialize(snapshot as ModelSnapshot)));
    return serialized;
  };
};
// A state is its value and context (not the event that led there), so paths only differ by what changed.
const serializeState = once((snapshot) => JSON.stringify({ value: snapshot.value, context: snapshot.context }));
// For shortest paths a state is its value and the facts that steer the chart; refusal texts are tested one by one below.
const serializeWithoutMessages = once((snapshot) => {
  const { value, context } = snapshot;
  return JSON.stringify({
    value,
    method: context.method,
    addressId: context.addressId,
    balance: context.balance > 0,
    discount: context.discountApplied,
    wallet: context.walletInUse,
    payment: context.payment,
    placed: context.placed !== null,
    verdict: context.verdict?.outcome ?? null,
    failed: context.failure !== null,
  });
});
const model = createTestModel(modelMachine as AnyStateMachine, { events: allEvents as never, input: checkoutInput, serializeState: serializeWithoutMessages });
const forwardModel = createTestModel(modelMachine as AnyStateMachine, { events: allEvents as never, filterEvents: isForward as never, input: checkoutInput, serializeState });

const describePath = (path: { steps: { event: { type: string } }[]; state: { value: unknown } }) =>
  `${JSON.stringify(path.state.value)} via ${path.steps.map((step) => step.event.type.replace('xstate.', '')).join(' → ') || 'start'}`;

describe('checkout machine: model-based paths', () => {
  const started = Date.now();
  const placedPaths = forwardModel.getSimplePaths({ toState: (snapshot) => (snapshot as ModelSnapshot).matches('placed') });
  console.log(`forward enumeration took ${Date.now() - started} ms`);
  console.log(`checkout model: ${placedPaths.length} simple paths to a placed order`);

  it('withoutPrefixPaths keeps exactly the paths TestModel keeps, in its order (the shortest paths below rely on it)', () => {
    const all = forwardModel.getShortestPaths({ allowDuplicatePaths: true });
    const kept = forwardModel.getShortestPaths();
    const events = (paths: typeof all) => paths.map((path) => path.steps.map((step) => JSON.stringify(step.event)).join(' → '));
    expect(kept.length).toBeLessThan(all.length);
    expect(events(withoutPrefixPaths(all))).toEqual(events(kept));
  });

  it('covers every delivery method x payment type, with and without discount and wallet', () => {
    const combos = new Set(
      placedPaths.map((path) => {
        const events = path.steps.map((step) => step.event as ModelEvent);
        const method = events.find((event) => event.type === 'delivery.select') as { method: number };
        const payment = events.find((event) => event.type === 'payment.select') as { payment: string };
        const discount = events.some((event) => event.type === 'xstate.done.actor.discount' && (event as DoneActorEvent<{ discount: number }>).output.discount > 0);
        const wallet = events.some((event) => event.type === 'xstate.done.actor.useWallet');
        return `${method.method}/${payment.payment}/${discount}/${wallet}`;
      }),
    );
    for (const method of [1, 2, 3]) {
      for (const payment of ['cash', 'card_reader', 'online', 'money_transfer', 'wallet']) {
        for (const discount of [true, false]) for (const wallet of [true, false]) expect(combos).toContain(`${method}/${payment}/${discount}/${wallet}`);
      }
    }
    expect(placedPaths.length).toBeGreaterThanOrEqual(60);
  });

  it(`the real machine follows all ${placedPaths.length} simple paths to a placed order`, async () => {
    for (const path of placedPaths) {
      const system = startSystemUnderTest();
      await path.test({ states: stateChecks(system), events: eventExecutors(system) });
      expect(system.actor.getSnapshot().matches('placed'), describePath(path)).toBe(true);
      system.actor.stop();
    }
  }, 120_000);

  // Every guard refusal: the shortest forward path to where it can happen, then the refused event.
  /** The shortest prefix of a placed-order path that ends where `where` holds. */
  const prefixTo = (where: (snapshot: ModelSnapshot) => boolean) => {
    let best: (typeof placedPaths)[number]['steps'] | null = null;
    for (const path of placedPaths) {
      const index = path.steps.findIndex((step) => where(step.state as ModelSnapshot));
      if (index >= 0 && (best === null || index + 1 < best.length)) best = path.steps.slice(0, index + 1);
    }
    if (!best) throw new Error('no placed-order path passes the state');
    return best;
  };
  // refusal null: the event is not offered (snapshot.can false) and a stale one changes nothing.
  const refusalCases: { refusal: string | null; where: (snapshot: ModelSnapshot) => boolean; event: CheckoutEvent; input?: typeof checkoutInput }[] = [
    { refusal: null, where: (s) => s.matches('delivery'), event: { type: 'delivery.select', method: 4 as 1 } },
    { refusal: 'discount_required', where: (s) => s.matches('discount'), event: { type: 'discount.apply', code: '   ' } },
    { refusal: null, where: (s) => s.matches('wallet') && s.context.balance === 0, event: { type: 'wallet.use' } },
    { refusal: 'wallet_insufficient', where: (s) => s.matches('payment') && s.context.balance === 0, event: { type: 'payment.select', payment: 'wallet' } },
    { refusal: 'payment_unavailable', where: (s) => s.matches('payment'), event: { type: 'payment.select', payment: 'wallet' }, input: { ...checkoutInput, paymentTypes: ['cash'] } },
    { refusal: 'time_invalid', where: (s) => s.matches('payment'), event: { type: 'time.select', timing: 'later', clock: '25:99' } },
    { refusal: null, where: (s) => s.matches('payment') && s.context.payment === null, event: { type: 'checkout.place' } },
  ];

  it.each(refusalCases.map((entry) => [entry.refusal ?? `${entry.event.type} not offered`, entry]))('guard refusal: %s leaves the state and invokes nothing', async (_name, entry) => {
    const steps = prefixTo(entry.where);
    // Another input changes paymentTypes, so only the steering facts are compared on the way there.
    const system = startSystemUnderTest(entry.input, entry.input ? 'projection' : 'context');
    const executors = eventExecutors(system) as Record<string, (step: unknown) => Promise<void>>;
    for (const step of steps.slice(1)) await executors[step.event.type](step);
    const before = system.actor.getSnapshot();
    const invoked = [...system.pending.keys()];
    // snapshot.can tells the truth: true for a refusal the chart records, false for an event it does not take.
    expect(before.can(entry.event)).toBe(entry.refusal !== null);
    system.actor.send(entry.event);
    const after = system.actor.getSnapshot();
    expect(after.value).toEqual(before.value);
    expect(after.context.refusal).toBe(entry.refusal);
    expect(after.context.failure).toBeNull();
    expect([...system.pending.keys()]).toEqual(invoked);
    system.actor.stop();
  });

  // Shortest paths over every event (failures, retries, going back, locating, adding an address included).
  // withoutPrefixPaths keeps the paths getShortestPaths() keeps, in seconds rather than minutes (see model-config.ts).
  const shortestPaths = process.env.SKIP_SHORTEST ? [] : withoutPrefixPaths(model.getShortestPaths({ allowDuplicatePaths: true }));

  it(`the real machine follows all ${shortestPaths.length} shortest paths (refusals, failures, retries, going back)`, async () => {
    for (const path of shortestPaths) {
      const system = startSystemUnderTest(checkoutInput, 'projection');
      try {
        await path.test({ states: stateChecks(system), events: eventExecutors(system) });
      } catch (error) {
        throw new Error(`${describePath(path)}: ${String(error).slice(0, 300)}`);
      }
      expect(system.actor.getSnapshot().value, describePath(path)).toEqual((path.state as ModelSnapshot).value);
      system.actor.stop();
    }
  }, 120_000);
});
