import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type AnyActorRef } from 'xstate';
import { itemOptionsMachine } from '@machines/item-options-machine';
import type { CartEvent } from '@machines/cart-machine';
import { fries, friesOptions } from './item-options-fixtures';

/** A stand-in cart actor that records what the item page asks of it. */
function recordingCart() {
  const received: CartEvent[] = [];
  const ref = createActor(fromCallback<CartEvent>(({ receive }) => receive((event) => void received.push(event)))).start();
  return { ref: ref as AnyActorRef, received };
}

describe('an item finished for now (issue 32)', () => {
  it('Scenario: its page cannot submit and asks the cart nothing; the same item in stock can', () => {
    const finished = { ...fries, finished: true as const };
    const cart = recordingCart();
    const actor = createActor(itemOptionsMachine, { input: { item: finished, options: friesOptions, cart: cart.ref } }).start();
    actor.send({ type: 'option.increment', optionId: friesOptions.options[0].id });
    expect(actor.getSnapshot().can({ type: 'selection.submit' })).toBe(false);
    actor.send({ type: 'selection.submit' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(cart.received).toEqual([]);

    const inStock = createActor(itemOptionsMachine, { input: { item: fries, options: friesOptions, cart: cart.ref } }).start();
    expect(inStock.getSnapshot().can({ type: 'selection.submit' })).toBe(true);
  });
});
