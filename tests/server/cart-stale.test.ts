import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orderItems } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { call, catalogOf, movableClock } from './checkout-support/helpers';

/** Two tabs of one account: a count change made from a stale view cannot overwrite a newer one; every session hears of a change. */
let t: TestApp;
const clock = movableClock();
const host = 'kebab.localhost';
let catalog: Awaited<ReturnType<typeof catalogOf>>;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  catalog = await catalogOf(t.db, 'kebab');
});
afterAll(() => t.close());

const countOf = async (lineId: number) => (await t.db.select().from(orderItems).where(eq(orderItems.id, lineId)))[0]?.itemCount;

describe('cart_controller seen_count', () => {
  it('Scenario: tab A raises a line 1 → 3; tab B, still seeing 1, sets 2: refused (409 cart_stale, fa and en), nothing written, the fresh cart answered', async () => {
    const { cookie } = await t.signIn('kebab');
    const fries = catalog.item('French fries');
    const added = await call(t, host, cookie, 'cart_controller', { item_id: fries.id, count: 1 });
    const lineId = added.data.lines[0].order_item_id;
    // Tab A: + twice, each from what it saw.
    expect((await call(t, host, cookie, 'cart_controller', { operation: 2, order_item_id: lineId, count: 2, seen_count: 1 })).ok).toBe(true);
    expect((await call(t, host, cookie, 'cart_controller', { operation: 2, order_item_id: lineId, count: 3, seen_count: 2 })).ok).toBe(true);
    // Tab B still shows 1.
    const stale = await call(t, host, cookie, 'cart_controller', { operation: 2, order_item_id: lineId, count: 2, seen_count: 1 });
    expect([stale.status, stale.result]).toEqual([409, 'cart_stale']);
    expect(stale.message).toBe('سبد خرید شما در صفحه یا دستگاه دیگری تغییر کرده است؛ سبد تازه را ببینید و دوباره انتخاب کنید.');
    expect(await countOf(lineId)).toBe(3);
    const fresh = stale.data as { lines: { order_item_id: number; item_count: number }[] };
    expect(fresh.lines.map((line) => [line.order_item_id, line.item_count])).toEqual([[lineId, 3]]);
    expect(fresh).toEqual((await call(t, host, cookie, 'get_cart')).data);
    // In English too.
    const english = await call(t, host, cookie, 'cart_controller', { operation: 2, order_item_id: lineId, count: 2, seen_count: 1, language: 'en' });
    expect([english.status, english.message]).toEqual([409, 'Your cart was changed in another tab or device; here it is as it stands now, choose again.']);
    // Tab B, refreshed, sends what it now sees: 3 → 4.
    const fromFresh = await call(t, host, cookie, 'cart_controller', { operation: 2, order_item_id: lineId, count: 4, seen_count: 3 });
    expect(fromFresh.data.lines[0].item_count).toBe(4);
    expect(await countOf(lineId)).toBe(4);
  });

  it('Scenario: a line removed in another tab is stale too (the fresh cart without it); a client sending only the spec fields still sets the count', async () => {
    const { cookie } = await t.signIn('kebab');
    const fries = catalog.item('French fries');
    const added = await call(t, host, cookie, 'cart_controller', { item_id: fries.id, count: 2 });
    const lineId = added.data.lines[0].order_item_id;
    const specOnly = await call(t, host, cookie, 'cart_controller', { operation: 2, order_item_id: lineId, count: 5 });
    expect(specOnly.data.lines[0].item_count).toBe(5);
    expect((await call(t, host, cookie, 'cart_controller', { operation: 3, order_item_id: lineId })).ok).toBe(true);
    const stale = await call(t, host, cookie, 'cart_controller', { operation: 2, order_item_id: lineId, count: 6, seen_count: 5 });
    expect([stale.status, stale.result]).toEqual([409, 'cart_stale']);
    expect((stale.data as { lines: unknown[] }).lines).toEqual([]);
    expect(await countOf(lineId)).toBeUndefined();
  });

  it('Scenario: every change reaches the account\'s long poll as cart_changed (its other tabs and devices read the cart again); a refused one does not', async () => {
    const { cookie } = await t.signIn('kebab');
    const head = (await call(t, host, cookie, 'longpull', { count: 0, wait: 0 })).data.count;
    const fries = catalog.item('French fries');
    const added = await call(t, host, cookie, 'cart_controller', { item_id: fries.id, count: 1 });
    const lineId = added.data.lines[0].order_item_id;
    await call(t, host, cookie, 'cart_controller', { operation: 2, order_item_id: lineId, count: 2, seen_count: 1 });
    await call(t, host, cookie, 'cart_controller', { operation: 2, order_item_id: lineId, count: 9, seen_count: 1 });
    const poll = await call(t, host, cookie, 'longpull', { count: head, wait: 0 });
    expect(poll.data.events.filter((event) => event.type === 'cart_changed')).toEqual([
      { id: expect.any(Number), type: 'cart_changed', order_id: added.data.order?.id },
      { id: expect.any(Number), type: 'cart_changed', order_id: added.data.order?.id },
    ]);
  });
});
