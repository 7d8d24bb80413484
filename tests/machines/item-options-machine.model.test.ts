import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type AnyActorRef } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { ItemOptions, Item } from '@contract/entities/catalog';
import {
  canDecrement,
  canIncrement,
  itemOptionsMachine,
  missingParts,
  stepTotal,
  unitPrice,
  type ItemOptionsContext,
  type ItemOptionsEvent,
} from '@machines/item-options-machine';
import type { CartEvent } from '@machines/cart-machine';
import { emptyCartFixture } from './fixtures';
import { fries, friesOptions, noOptions, pizza, pizzaOptions, softDrink } from './item-options-fixtures';

/** A stand-in cart actor that records what the item page asks of it; the test answers for it. */
function recordingCart() {
  const received: CartEvent[] = [];
  const ref = createActor(fromCallback<CartEvent>(({ receive }) => receive((event) => void received.push(event)))).start();
  return { ref: ref as AnyActorRef, received };
}

const refusal = { result: 'invalid_input', message: '«30 سانتی‌متر» برای این محصول وجود ندارد' };
/** The context the model can compare: the cart's ref exists only on the real actor. */
const comparable = ({ cart: _cart, ...rest }: ItemOptionsContext) => rest;

type Snapshot = { value: unknown; context: ItemOptionsContext };

/** Every event the page can send for an item: each counter up and down, each feature/color/size, submit, and one unknown name. */
function eventsFor(item: Item, options: ItemOptions): ItemOptionsEvent[] {
  return [
    ...options.options.flatMap((option) => [
      { type: 'option.increment' as const, optionId: option.id },
      { type: 'option.decrement' as const, optionId: option.id },
    ]),
    ...item.data.features.map((feature) => ({ type: 'feature.select' as const, name: feature.name })),
    ...item.data.colors.map((color) => ({ type: 'color.select' as const, name: color.name })),
    ...item.data.sizes.map((size) => ({ type: 'size.select' as const, name: size.name })),
    { type: 'size.select', name: 'XXL' },
    { type: 'selection.submit' },
    // The cart's answers to 'cart.add'.
    { type: 'cart.added', cart: emptyCartFixture },
    { type: 'cart.refused', failure: refusal },
  ];
}

/** The invariants every reachable state keeps, checked on the real actor. */
function checkInvariants(context: ItemOptionsContext, value: unknown) {
  for (const option of context.options) {
    expect(context.counts[option.id]).toBeGreaterThanOrEqual(option.min_count);
    expect(context.counts[option.id]).toBeLessThanOrEqual(option.max_count);
  }
  for (const step of context.steps) expect(stepTotal(context, step.id)).toBeLessThanOrEqual(step.max_count);
  if (value === 'adding' || value === 'added') {
    expect(missingParts(context)).toEqual([]);
    expect(context.selection).not.toBeNull();
    expect(context.selection?.size_name).toBe(context.size);
    expect(context.selection?.newoptions).toEqual(context.options.filter((option) => context.counts[option.id] > 0).map((option) => ({ id: option.id, count: context.counts[option.id] })));
  } else if (context.refusal === null) {
    expect(context.selection).toBeNull();
  }
  if (context.missing.length > 0) expect(context.missing).toEqual(missingParts(context));
}

const cases: [string, Item, ItemOptions][] = [
  ['pizza (sizes, ketchup at min 1, sauces 1..3)', pizza, pizzaOptions],
  ['fries (sauces 2..3, none preset)', fries, friesOptions],
  ['soft drink (feature and color)', softDrink, noOptions],
];

describe.each(cases)('item options machine, model-based: %s', (_name, item, options) => {
  const machine = itemOptionsMachine;
  const model = createTestModel(machine, { events: eventsFor(item, options) });
  // createTestModel needs the machine's input to build the initial context.
  const paths = model.getShortestPaths({ input: { item, options } } as never);

  it('reaches added (the cart took the line), a refusal back in choosing, and both ends of every counter', () => {
    const snapshots = paths.map((path) => path.state as unknown as Snapshot);
    expect(snapshots.some((snapshot) => snapshot.value === 'added')).toBe(true);
    expect(snapshots.some((snapshot) => snapshot.value === 'choosing' && snapshot.context.refusal !== null)).toBe(true);
    for (const option of options.options) {
      const counts = new Set(snapshots.map((snapshot) => snapshot.context.counts[option.id]));
      expect(counts.has(option.min_count)).toBe(true);
      // An option reaches its max unless the step's max stops it first.
      const step = options.steps.find((candidate) => candidate.id === option.step)!;
      expect(counts.has(Math.min(option.max_count, step.max_count))).toBe(true);
    }
    for (const step of options.steps) {
      const totals = new Set(snapshots.map((snapshot) => stepTotal(snapshot.context, step.id)));
      expect(totals.has(step.max_count)).toBe(true);
    }
  });

  it(`the real machine follows every shortest path and keeps the bounds on each`, async () => {
    expect(paths.length).toBeGreaterThan(2);
    for (const path of paths) {
      const cart = recordingCart();
      const actor = createActor(machine, { input: { item, options, cart: cart.ref } }).start();
      await path.test({
        states: {
          '*': (state) => {
            const real = actor.getSnapshot();
            expect(real.value).toEqual(state.value);
            expect(comparable(real.context)).toEqual(comparable(state.context as ItemOptionsContext));
            checkInvariants(real.context, real.value);
            // Adding is a conversation: the cart was asked for exactly the stored selection.
            if (real.value === 'adding') expect(cart.received.at(-1)).toMatchObject({ type: 'cart.add', line: { item_id: item.item_id }, replyTo: actor });
          },
        },
        events: Object.fromEntries(
          eventsFor(item, options).map((event) => [
            event.type,
            ({ event: step }: { event: ItemOptionsEvent }) => {
              actor.send(step);
            },
          ]),
        ),
      });
      actor.stop();
    }
  });
});

describe('item options machine: the e2e story on the pizza', () => {
  it('Scenario: size 30 and 2 sauces; a third is allowed, a fourth refused; ketchup cannot go below its minimum', () => {
    const cart = recordingCart();
    const actor = createActor(itemOptionsMachine, { input: { item: pizza, options: pizzaOptions, cart: cart.ref } }).start();
    const snapshot = () => actor.getSnapshot();
    expect(snapshot().context.counts).toEqual({ 101: 1, 102: 0, 103: 0 });
    actor.send({ type: 'selection.submit' });
    expect(snapshot().value).toBe('choosing');
    expect(snapshot().context.missing).toEqual([{ kind: 'size' }]);

    actor.send({ type: 'size.select', name: '۳۰ سانتی‌متر' });
    actor.send({ type: 'option.increment', optionId: 102 });
    expect(stepTotal(snapshot().context, 1)).toBe(2);
    expect(snapshot().can({ type: 'option.increment', optionId: 103 })).toBe(true);
    actor.send({ type: 'option.increment', optionId: 103 });
    expect(stepTotal(snapshot().context, 1)).toBe(3);
    expect(snapshot().can({ type: 'option.increment', optionId: 102 })).toBe(false);
    actor.send({ type: 'option.increment', optionId: 102 });
    expect(snapshot().context.counts[102]).toBe(1);
    expect(snapshot().can({ type: 'option.decrement', optionId: 101 })).toBe(false);
    actor.send({ type: 'option.decrement', optionId: 101 });
    expect(snapshot().context.counts[101]).toBe(1);
    expect(unitPrice(snapshot().context)).toBe(4_400_000 + 80_000 + 120_000);

    actor.send({ type: 'selection.submit' });
    expect(snapshot().value).toBe('adding');
    expect(snapshot().context.selection).toEqual({
      item_id: 9,
      count: 1,
      feature_name: null,
      size_name: '۳۰ سانتی‌متر',
      color_name: null,
      newoptions: [
        { id: 101, count: 1 },
        { id: 102, count: 1 },
        { id: 103, count: 1 },
      ],
    });
    // The size travels as the item names it (Persian digits): the server matches names, never rewritten ones.
    expect(cart.received).toEqual([
      {
        type: 'cart.add',
        line: { item_id: 9, count: 1, size_name: '۳۰ سانتی‌متر', newoptions: [{ id: 101, count: 1 }, { id: 102, count: 1 }, { id: 103, count: 1 }] },
        replyTo: actor,
      },
    ]);
    // Nothing changes while the cart talks to the server.
    expect(snapshot().can({ type: 'option.decrement', optionId: 103 })).toBe(false);
    expect(snapshot().can({ type: 'selection.submit' })).toBe(false);
    actor.send({ type: 'cart.added', cart: emptyCartFixture });
    expect(snapshot().value).toBe('added');
    actor.send({ type: 'option.decrement', optionId: 103 });
    expect(snapshot().value).toBe('choosing');
    expect(snapshot().context.selection).toBeNull();
  });

  it('Scenario: the item page never says "added" after the cart refused the line; the refusal shows and the selection stays', () => {
    const cart = recordingCart();
    const actor = createActor(itemOptionsMachine, { input: { item: pizza, options: pizzaOptions, cart: cart.ref } }).start();
    actor.send({ type: 'size.select', name: '۳۰ سانتی‌متر' });
    actor.send({ type: 'selection.submit' });
    expect(actor.getSnapshot().value).toBe('adding');
    actor.send({ type: 'cart.refused', failure: refusal });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().matches('added')).toBe(false);
    expect(actor.getSnapshot().context).toMatchObject({ refusal, size: '۳۰ سانتی‌متر' });
    // A late 'added' (there is none after a refusal) cannot turn it into a success either.
    actor.send({ type: 'cart.added', cart: emptyCartFixture });
    expect(actor.getSnapshot().value).toBe('choosing');
    // The customer may try again with the same selection.
    actor.send({ type: 'selection.submit' });
    expect(actor.getSnapshot().value).toBe('adding');
    expect(cart.received).toHaveLength(2);
  });

  it('Scenario: fries with one sauce are refused with the step minimum; feature and color are required on the drink', () => {
    const fryActor = createActor(itemOptionsMachine, { input: { item: fries, options: friesOptions } }).start();
    fryActor.send({ type: 'option.increment', optionId: 201 });
    fryActor.send({ type: 'selection.submit' });
    expect(fryActor.getSnapshot().context.missing).toEqual([{ kind: 'step', stepId: 1, minCount: 2 }]);
    const drink = createActor(itemOptionsMachine, { input: { item: softDrink, options: noOptions } }).start();
    drink.send({ type: 'selection.submit' });
    expect(drink.getSnapshot().context.missing).toEqual([{ kind: 'feature' }, { kind: 'color' }]);
    drink.send({ type: 'feature.select', name: 'قوطی' });
    drink.send({ type: 'color.select', name: 'Purple' });
    expect(drink.getSnapshot().context.color).toBeNull();
    drink.send({ type: 'color.select', name: 'کولا' });
    drink.send({ type: 'selection.submit' });
    expect(drink.getSnapshot().context.selection).toMatchObject({ feature_name: 'قوطی', color_name: 'کولا', newoptions: [] });
  });

  it('Scenario: the bound helpers agree with the guards', () => {
    const context = createActor(itemOptionsMachine, { input: { item: pizza, options: pizzaOptions } }).start().getSnapshot().context;
    expect(canIncrement(context, 101)).toBe(true);
    expect(canDecrement(context, 101)).toBe(false);
    expect(canIncrement(context, 999)).toBe(false);
    expect(canDecrement(context, 102)).toBe(false);
  });
});
