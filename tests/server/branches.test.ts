import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { orderItems, orders, shops } from '../../server/db/schema';
import { BRANCH_COOKIE } from '../../server/http/cookies';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { call, catalogOf, creditWallet, movableClock } from './checkout-support/helpers';

/*
 * Issue 12, branches: a master shop's branches measured from the visitor's position (contract
 * rules/branch-order.ts), and select_branch, which routes this visitor's later requests at the
 * master's host to the chosen branch through the `branch` cookie.
 */

let t: TestApp;
const clock = movableClock();
const host = 'chain.localhost';
const ids: Record<string, number> = {};
/** A point in central Isfahan, ~0.5 km from the Isfahan branch. */
const nearIsfahan = { lat: 32.657, lng: 51.67 };
const nearTehran = { lat: 35.7, lng: 51.4 };

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  for (const row of await t.db.select({ id: shops.id, slug: shops.slug }).from(shops)) ids[row.slug] = row.id;
});
afterAll(() => t.close());

interface ListedBranch {
  slug: string;
  distance: number | null;
  out_of_range: boolean;
  status: number;
}

const branchList = async (fields: Record<string, string>, cookie?: string) => {
  const reply = await t.app.inject({
    method: 'POST',
    url: '/order/branch_list.php',
    headers: { host, 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
    payload: new URLSearchParams(fields).toString(),
  });
  return { status: reply.statusCode, body: reply.json() as { data: ListedBranch[] | null; result: string; message: string | null } };
};

/** The `name=value` of a Set-Cookie for `name`, or undefined. */
const cookieFrom = (setCookie: string[], name: string) => setCookie.find((line) => line.startsWith(`${name}=`))?.split(';')[0];

describe('the branch list, measured from the visitor', () => {
  it('Scenario: near Isfahan, the Isfahan branch is first with its distance, Tehran is out of range, the closed Shiraz branch is last', async () => {
    const { status, body } = await branchList({ lat: String(nearIsfahan.lat), lng: String(nearIsfahan.lng) });
    expect(status).toBe(200);
    const list = body.data!;
    expect(list.map((branch) => branch.slug)).toEqual(['chain-isfahan', 'chain-tehran', 'chain-shiraz']);
    expect(list[0]).toMatchObject({ distance: 0.5, out_of_range: false, status: 1 });
    expect(list[1].distance).toBeGreaterThan(300);
    expect(list[1].out_of_range).toBe(true);
    // Shiraz (lat 29.59) is outside the distance area: no distance, so it cannot be in range.
    expect(list[2]).toMatchObject({ distance: null, out_of_range: true, status: 2 });
  });

  it('Scenario: near Tehran the order changes: Tehran first and in range', async () => {
    const list = (await branchList({ lat: String(nearTehran.lat), lng: String(nearTehran.lng) })).body.data!;
    expect(list.map((branch) => [branch.slug, branch.out_of_range])).toEqual([
      ['chain-tehran', false],
      ['chain-isfahan', true],
      ['chain-shiraz', true],
    ]);
    expect(list[0].distance).toBe(1.6);
  });

  it('Scenario: distances only inside lat 30–40 and lng 40–60, edges included', async () => {
    const distances = async (lat: number, lng: number) =>
      Object.fromEntries((await branchList({ lat: String(lat), lng: String(lng) })).body.data!.map((branch) => [branch.slug, branch.distance]));
    for (const [lat, lng] of [[30, 51.666], [40, 51.666], [32.6539, 40], [32.6539, 60]]) {
      expect((await distances(lat, lng))['chain-isfahan'], `${lat},${lng}`).toEqual(expect.any(Number));
    }
    for (const [lat, lng] of [[29.99, 51.666], [40.01, 51.666], [32.6539, 39.99], [32.6539, 60.01]]) {
      const outside = await distances(lat, lng);
      expect(outside, `${lat},${lng}`).toEqual({ 'chain-isfahan': null, 'chain-tehran': null, 'chain-shiraz': null });
    }
    // At lat 30, due south of Isfahan: computed (30 is inside); 2.6539° of latitude is 295.1 km by haversine.
    expect((await distances(30, 51.666))['chain-isfahan']).toBe(295.1);
  });

  it('Scenario: without a position the list is open first, no distances; a position off the globe is a 400', async () => {
    const list = (await branchList({})).body.data!;
    expect(list.map((branch) => [branch.slug, branch.distance, branch.out_of_range])).toEqual([
      ['chain-tehran', null, false],
      ['chain-isfahan', null, false],
      ['chain-shiraz', null, false],
    ]);
    const refused = await branchList({ lat: '95', lng: '51' });
    expect(refused.status).toBe(400);
    expect(refused.body.result).toBe('invalid_input');
  });

  it('Scenario: a signed-in customer\'s last position (set_last_location) orders get_shop\'s branches', async () => {
    const { cookie } = await t.signIn('chain');
    expect((await call(t, host, cookie, 'set_last_location', nearIsfahan)).ok).toBe(true);
    const shop = await call(t, host, cookie, 'get_shop');
    expect(shop.data.branches.map((branch) => branch.slug)).toEqual(['chain-isfahan', 'chain-tehran', 'chain-shiraz']);
    expect(shop.data.branches[0].distance).toBe(0.5);
    // Another visitor, without a position, sees no distances.
    expect((await call(t, host, null, 'get_shop')).data.branches[0].distance).toBeNull();
  });
});

describe('select_branch', () => {
  it('Scenario: choosing Isfahan keeps the login, wallet and addresses; get_shop, the cart and the boot page are then Isfahan\'s', async () => {
    const { userId, cookie } = await t.signIn('chain');
    await creditWallet(t.db, ids.chain, userId, 500_000);
    expect((await call(t, host, cookie, 'new_add_addreses', { id: 0, label: 'خانه', address: 'اصفهان، خیابان چهارباغ عباسی، پلاک ۴', ...nearIsfahan })).ok).toBe(true);

    const chosen = await call(t, host, cookie, 'select_branch', { branch_id: ids['chain-isfahan'], ...nearIsfahan });
    expect(chosen.ok).toBe(true);
    expect(chosen.data).toMatchObject({ slug: 'chain-isfahan', master_id: ids.chain, root_id: ids.chain, master_flag: 0 });
    const branch = cookieFrom(chosen.setCookie, BRANCH_COOKIE)!;
    expect(branch).toBe(`${BRANCH_COOKIE}=${ids['chain-isfahan']}`);
    expect(chosen.setCookie.find((line) => line.startsWith(`${BRANCH_COOKIE}=`))).toMatch(/HttpOnly/i);

    const both = `${cookie}; ${branch}`;
    expect((await call(t, host, both, 'get_shop')).data.slug).toBe('chain-isfahan');
    expect((await call(t, host, both, 'get_user_detail')).data).toMatchObject({ id: userId });
    expect((await call(t, host, both, 'get_wallet')).data.balance).toBe(500_000);
    expect((await call(t, host, both, 'get_addresses')).data.map((address: { label: string }) => address.label)).toEqual(['خانه']);

    const burger = (await catalogOf(t.db, 'chain-isfahan')).item('Classic cheeseburger');
    const added = await call(t, host, both, 'cart_controller', { item_id: burger.id, count: 1 });
    expect(added.ok).toBe(true);
    const [cart] = await t.db.select().from(orders).where(eq(orders.id, added.data.order!.id));
    expect(cart.shopId).toBe(ids['chain-isfahan']);
    // The master's own item ids are another shop's here.
    const masterBurger = (await catalogOf(t.db, 'chain')).item('Classic cheeseburger');
    expect((await call(t, host, both, 'cart_controller', { item_id: masterBurger.id, count: 1 })).status).toBe(404);
  });

  it('Scenario: a closed branch, an out-of-range one, another shop\'s id and a shop without branches are refused, with no cookie', async () => {
    const closed = await call(t, host, null, 'select_branch', { branch_id: ids['chain-shiraz'] });
    expect([closed.status, closed.result]).toEqual([409, 'branch_closed']);
    expect(closed.message).toBe('این شعبه فعلا سفارش نمی‌پذیرد.');
    const far = await call(t, host, null, 'select_branch', { branch_id: ids['chain-tehran'], ...nearIsfahan, language: 'en' });
    expect([far.status, far.result, far.message]).toEqual([409, 'branch_out_of_range', 'Your location is outside this branch’s delivery area.']);
    const foreign = await call(t, host, null, 'select_branch', { branch_id: ids.kebab });
    expect([foreign.status, foreign.result]).toEqual([404, 'branch_not_found']);
    const notMaster = await call(t, 'kebab.localhost', null, 'select_branch', { branch_id: ids['chain-isfahan'] });
    expect([notMaster.status, notMaster.result]).toEqual([409, 'no_branches']);
    for (const reply of [closed, far, foreign, notMaster]) expect(cookieFrom(reply.setCookie, BRANCH_COOKIE)).toBeUndefined();
    // A signed-in customer's last position counts when none is sent.
    const { cookie } = await t.signIn('chain');
    await call(t, host, cookie, 'set_last_location', nearTehran);
    expect((await call(t, host, cookie, 'select_branch', { branch_id: ids['chain-isfahan'] })).result).toBe('branch_out_of_range');
    expect((await call(t, host, cookie, 'select_branch', { branch_id: ids['chain-tehran'] })).ok).toBe(true);
  });

  it('Scenario: a cookie naming a closed or foreign branch is the master again', async () => {
    for (const id of [ids['chain-shiraz'], ids.kebab, 999_999, -1]) {
      expect((await call(t, host, `${BRANCH_COOKIE}=${id}`, 'get_shop')).data.slug, String(id)).toBe('chain');
    }
    // And a branch cookie means nothing at a shop that is not a master.
    expect((await call(t, 'kebab.localhost', `${BRANCH_COOKIE}=${ids['chain-isfahan']}`, 'get_shop')).data.slug).toBe('kebab');
  });

  it('Scenario: leaving a branch keeps its cart for a return, or empties it with clear_cart 1; branch 0 returns to the list', async () => {
    const { cookie } = await t.signIn('chain');
    const isfahan = `${cookie}; ${BRANCH_COOKIE}=${ids['chain-isfahan']}`;
    const burger = (await catalogOf(t.db, 'chain-isfahan')).item('Classic cheeseburger');
    const added = await call(t, host, isfahan, 'cart_controller', { item_id: burger.id, count: 2 });
    expect(added.ok).toBe(true);

    // To Tehran, keeping the Isfahan cart: Tehran's cart is empty, lines never cross branches.
    const toTehran = await call(t, host, isfahan, 'select_branch', { branch_id: ids['chain-tehran'], clear_cart: 0, ...nearTehran });
    expect(toTehran.ok).toBe(true);
    const tehran = `${cookie}; ${cookieFrom(toTehran.setCookie, BRANCH_COOKIE)}`;
    expect((await call(t, host, tehran, 'get_cart')).data.lines).toEqual([]);
    expect((await call(t, host, isfahan, 'get_cart')).data.lines.map((line) => line.item_count)).toEqual([2]);

    // Back to the list (branch 0) from Isfahan, clearing its cart.
    const back = await call(t, host, isfahan, 'select_branch', { branch_id: 0, clear_cart: 1 });
    expect(back.ok).toBe(true);
    expect(back.data.slug).toBe('chain');
    expect(back.data.branches).toHaveLength(3);
    expect(back.setCookie.find((line) => line.startsWith(`${BRANCH_COOKIE}=`))).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/i);
    expect((await call(t, host, isfahan, 'get_cart')).data.lines).toEqual([]);
    const left = await t.db.select().from(orderItems).where(and(eq(orderItems.orderId, added.data.order!.id), eq(orderItems.shopId, ids['chain-isfahan'])));
    expect(left).toEqual([]);
  });

  it('Scenario: bad input changes nothing', async () => {
    const bad: Record<string, string | number>[] = [{ branch_id: 'x' }, { branch_id: ids['chain-isfahan'], clear_cart: 2 }, { branch_id: ids['chain-isfahan'], lat: '91', lng: '51' }];
    for (const fields of bad) {
      const reply = await call(t, host, null, 'select_branch', fields);
      expect([reply.status, reply.result], JSON.stringify(fields)).toEqual([400, 'invalid_input']);
      expect(cookieFrom(reply.setCookie, BRANCH_COOKIE)).toBeUndefined();
    }
  });
});
