import { describe, expect, it } from 'vitest';
import { addressMap } from '../../e2e/paths/address-map';
import { authMap } from '../../e2e/paths/auth-map';
import { checkoutMap } from '../../e2e/paths/checkout-map';
import { assertMapped, choosePaths, unmapped } from '../../e2e/paths/chart-model';

/** The map without one of its entries, as if the chart had gained a state or an event nobody mapped. */
const without = <T extends { states: object; events: object }>(map: T, part: 'states' | 'events', key: string): T => {
  const entries = Object.fromEntries(Object.entries(map[part]).filter(([name]) => name !== key));
  return { ...map, [part]: entries };
};

describe('the browser paths map every state and event of their chart (e2e/paths)', () => {
  it('the checkout, address and auth maps cover their charts', () => {
    expect(unmapped(checkoutMap as never)).toEqual([]);
    expect(unmapped(addressMap as never)).toEqual([]);
    expect(unmapped(authMap as never)).toEqual([]);
  });

  it('a state with no mapping fails by name', () => {
    const map = without(checkoutMap, 'states', 'savingDelivery');
    expect(unmapped(map as never)).toEqual(["checkout chart: state 'savingDelivery' has no mapping in e2e/paths/checkout-map.ts"]);
    expect(() => assertMapped(map as never)).toThrow("checkout chart: state 'savingDelivery' has no mapping in e2e/paths/checkout-map.ts");
  });

  it('an event with no mapping fails by name, an internal one too', () => {
    expect(unmapped(without(authMap, 'events', 'code.resend') as never)).toEqual(["auth chart: event 'code.resend' has no mapping in e2e/paths/auth-map.ts"]);
    expect(unmapped(without(authMap, 'events', 'countdown.tick') as never)).toEqual(["auth chart: event 'countdown.tick' has no mapping in e2e/paths/auth-map.ts"]);
    expect(unmapped(without(checkoutMap, 'events', 'xstate.done.actor.place') as never)).toEqual([
      "checkout chart: event 'xstate.done.actor.place' has no mapping in e2e/paths/checkout-map.ts",
    ]);
  });

  it('a mapping of a state the chart no longer has fails by name', () => {
    const map = { ...checkoutMap, states: { ...checkoutMap.states, 'address.confirming': { passing: 'gone' } } };
    expect(unmapped(map as never)).toEqual(["checkout chart: e2e/paths/checkout-map.ts maps state 'address.confirming', which the chart does not have"]);
  });

  it('the paths reach every state a new customer can reach, a placed order both ways (cash and the bank)', () => {
    const { shortest, simple } = choosePaths(checkoutMap as never);
    const ends = [...shortest, ...simple].map((path) => path.state.value);
    expect(ends.filter((value) => value === 'placed').length).toBeGreaterThanOrEqual(2);
    const steps = [...shortest, ...simple].flatMap((path) => path.steps.map((step) => step.event.type));
    for (const type of ['xstate.done.actor.addressBook', 'discount.apply', 'checkout.back', 'payment.returned']) expect(steps).toContain(type);
  });

  it('the address paths add, choose, edit, delete and place a point both ways (a tap, the device)', () => {
    const { shortest, simple } = choosePaths(addressMap as never);
    expect([...shortest, ...simple].some((path) => path.state.value === 'chosen')).toBe(true);
    const steps = [...shortest, ...simple].flatMap((path) => path.steps.map((step) => step.event.type));
    for (const type of ['address.add', 'address.select', 'address.compose', 'address.update', 'address.delete', 'address.locate', 'address.findMe']) expect(steps).toContain(type);
  });
});
