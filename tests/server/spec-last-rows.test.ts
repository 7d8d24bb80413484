import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { endpoints } from '@contract/api';
import { isThankedFor } from '@contract/rules/order-lifecycle';
import { ads } from '../../server/db/schema';
import { call, isfahan, movableClock, readyCart, vanak } from './checkout-support/helpers';
import { pendingOrder } from './checkout-support/counter';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { adCustomer, moderator, published, submit, visitor } from './helpers/ads';

/*
 * The spec's last partial rows that are one answer each: an ad awaiting approval has no published_at; price_controler's
 * out-of-range answer is the one its documentation (the contract's summary, docs/api.md) gives; and the order a
 * /successful-payment page would thank for is placed and not canceled, an unknown one is not the customer's.
 */

let t: TestApp;
const clock = movableClock();
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(() => t.close());

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
let keys = 0;
const key = () => `rows-${++keys}-${Date.now()}`;

describe(`an ad's publication date (${database})`, () => {
  it('Scenario: awaiting approval it has no published_at; approved it has; edited back into review it has none again', async () => {
    const publisher = await adCustomer(t);
    const submitted = await submit(publisher);
    expect(submitted.status).toBe('awaiting');
    expect(submitted.published_at).toBeNull();
    expect((await publisher.api.call('ty_my_ads')).ads.find((ad) => ad.id === submitted.id)?.published_at).toBeNull();
    const { api: staff } = await moderator(t);
    const queued = await staff.call('ads_queue');
    expect(queued.ads.find((row) => row.ad.id === submitted.id)?.ad.published_at).toBeNull();

    const ad = await published(t, publisher);
    const [row] = await t.db.select().from(ads).where(eq(ads.id, ad.id));
    const seen = await visitor(t).call('get_ad_ty', { id: String(ad.id) });
    expect(seen.published_at).toBe(row.publishedAt?.toISOString());
    const edited = await publisher.api.call('update_ad_ty', { ad_id: String(ad.id), ad_object: JSON.stringify({ ...adBody(seen), comment: 'تازه' }) });
    expect(edited.status).toBe('awaiting');
    expect(edited.published_at).toBeNull();
  });
});

/** The ad object the wizard would send again for an ad as shown. */
function adBody(ad: { request: string; type: string; title: string; province: string; city: string; neighborhood: string; meterage: number; rooms: number | null; build_year: number | null; deposit: number | null; monthly_rent: number | null; total_price: number | null; picture_ids: number[]; location: { lat: number; lng: number } }) {
  const { request, type, title, province, city, neighborhood, meterage, rooms, build_year, deposit, monthly_rent, total_price, picture_ids, location } = ad;
  return { request, type, title, province, city, neighborhood, meterage, rooms, build_year, deposit, monthly_rent, total_price, picture_ids, location, comment: '' };
}

describe(`price_controler out of range (${database})`, () => {
  it('Scenario: a courier point outside every branch is a 200 quote with out_of_range true, as the documentation says; choosing it is 409', async () => {
    const summary = endpoints.price_controler.summary;
    expect(summary).toContain('answered 200 with `out_of_range: true`');
    expect(summary).not.toContain('-> 409 `out_of_range`');
    const cart = await readyCart(t);
    const far = await call(t, cart.host, cart.cookie, 'new_add_addreses', isfahan);
    const quote = await call(t, cart.host, cart.cookie, 'price_controler', { order_id: cart.orderId, delivery_method: 2, address: far.data.id });
    expect(quote.status).toBe(200);
    expect(quote.data.out_of_range).toBe(true);
    expect(quote.data.distance).toBeGreaterThan(0);
    const byPoint = await call(t, cart.host, cart.cookie, 'price_controler', { order_id: cart.orderId, delivery_method: 2, location: JSON.stringify({ latitude: isfahan.lat, longitude: isfahan.lng }) });
    expect(byPoint.data.out_of_range).toBe(true);
    const near = await call(t, cart.host, cart.cookie, 'price_controler', { order_id: cart.orderId, delivery_method: 2, location: JSON.stringify({ latitude: vanak.lat, longitude: vanak.lng }) });
    expect(near.data.out_of_range).toBe(false);
    const chosen = await call(t, cart.host, cart.cookie, 'update_address_order', { order_id: cart.orderId, delivery_method: 2, address_id: far.data.id });
    expect(chosen).toMatchObject({ status: 409, result: 'out_of_range' });
  });
});

describe(`what /successful-payment thanks for (${database})`, () => {
  it('Scenario: a placed order is thanked for; canceled it is not; an unknown or another customer\'s order is 404', async () => {
    const order = await pendingOrder(t, key);
    const placed = await call(t, order.host, order.cookie, 'get_order_by_id', { id: order.orderId });
    expect(isThankedFor(placed.data.status)).toBe(true);
    await call(t, order.host, order.cookie, 'update_status_order', { order_id: order.orderId, status: 7 });
    const canceled = await call(t, order.host, order.cookie, 'get_order_by_id', { id: order.orderId });
    expect(canceled.data.status).toBe(7);
    expect(isThankedFor(canceled.data.status)).toBe(false);
    expect((await call(t, order.host, order.cookie, 'get_order_by_id', { id: 999_999_999 })).status).toBe(404);
    const stranger = await t.signIn('kebab');
    expect((await call(t, order.host, stranger.cookie, 'get_order_by_id', { id: order.orderId })).status).toBe(404);
    // A cart is no order to thank for.
    expect([1, 2].map(isThankedFor)).toEqual([false, false]);
  });
});
