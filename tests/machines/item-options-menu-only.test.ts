import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, type AnyActorRef } from 'xstate';
import { offersCart, itemOptionsMachine } from '@machines/item-options-machine';
import type { CartEvent } from '@machines/cart-machine';
import { fries, friesOptions } from './item-options-fixtures';

describe("a menu-only shop's item page (issue 32)", () => {
  it('Scenario: offers no cart, cannot submit and asks the cart nothing; the same item at a shop that takes orders can', () => {
    const received: CartEvent[] = [];
    const cart = createActor(fromCallback<CartEvent>(({ receive }) => receive((event) => void received.push(event)))).start() as AnyActorRef;
    const menu = createActor(itemOptionsMachine, { input: { item: fries, options: friesOptions, cart, menuOnly: true } }).start();
    expect(offersCart(menu.getSnapshot())).toBe(false);
    expect(menu.getSnapshot().can({ type: 'selection.submit' })).toBe(false);
    menu.send({ type: 'selection.submit' });
    expect([menu.getSnapshot().value, received]).toEqual(['choosing', []]);
    // The choices still work: the menu shows what an option costs.
    menu.send({ type: 'option.increment', optionId: friesOptions.options[0].id });
    expect(menu.getSnapshot().context.counts[friesOptions.options[0].id]).toBeGreaterThan(0);

    const shop = createActor(itemOptionsMachine, { input: { item: fries, options: friesOptions, cart } }).start();
    expect([offersCart(shop.getSnapshot()), shop.getSnapshot().can({ type: 'selection.submit' })]).toEqual([true, true]);
  });
});
