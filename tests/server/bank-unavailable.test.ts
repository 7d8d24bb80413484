import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OrderStatus } from '@contract/entities/order';
import { DeliveryMethod } from '@contract/enums';
import { orderItems, orders, payments, sessions, users } from '../../server/db/schema';
import { hashToken } from '../../server/repositories/user-repository';
import { GUEST_COOKIE } from '../../server/services/guest-cart';
import type { PaymentGateway } from '../../server/services/payments';
import { createConsoleSmsProvider } from '../../server/services/sms';
import { browser, lastCode } from './helpers/account-browser';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { call, creditWallet, ledgerSum, movableClock, readyCart } from './checkout-support/helpers';

/*
 * A bank that cannot be reached (a timeout, a refused connection) is a fault, not bad input: every code that asks it
 * answers 503 gateway_unavailable in the visitor's language with Retry-After, and writes nothing, so the same request
 * succeeds once the bank answers again.
 */

// A bank of our own that can be taken down: when up, it takes payments and reports none captured.
const bank = { down: false };
const reachable = () => {
  if (bank.down) throw new Error('connect ETIMEDOUT bank.example:443');
};
const farBank: PaymentGateway = {
  name: 'farbank',
  request: async (_db, payment) => {
    reachable();
    return { redirectUrl: `https://bank.example/pay/${payment.token}` };
  },
  verify: async () => {
    reachable();
    return { outcome: 'canceled', refId: null };
  },
  refund: async () => reachable(),
};

const clock = movableClock();
const sms = createConsoleSmsProvider({ keepOutbox: true, clock: clock.now });
const host = 'kebab.localhost';
let keys = 0;
const key = () => `bank-down-${++keys}`;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now, sms, payments: { offered: farBank, find: (name) => (name === farBank.name ? farBank : null) } });
});
afterAll(() => t.close());

/** A signed-in customer's cart waiting for its online payment at the bank. */
async function waitingCart() {
  bank.down = false;
  const cart = await readyCart(t);
  const placed = await call(t, host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'online', idempotency_key: key() });
  expect(placed.data).toMatchObject({ status: OrderStatus.awaitingLocationAndPayment });
  return { ...cart, sepId: placed.data.sep_id! };
}

/** What a refused request must leave as it was: the order, its lines and its payments. */
const stateOf = async (orderId: number) => ({
  order: (await t.db.select({ status: orders.status, payment: orders.payment, bill: orders.bill }).from(orders).where(eq(orders.id, orderId)))[0],
  lines: await t.db.select({ id: orderItems.id, count: orderItems.itemCount }).from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.id),
  payments: await t.db.select({ status: payments.status }).from(payments).where(eq(payments.orderId, orderId)),
});

function expectBankDown(reply: { status: number; result: string | null; message: string | null }, language: 'fa' | 'en' = 'fa') {
  expect(reply.status).toBe(503);
  expect(reply.result).toBe('gateway_unavailable');
  expect(reply.message).toBe(language === 'fa' ? 'درگاه پرداخت در دسترس نیست؛ سبد شما دست نخورده است.' : 'The payment gateway is unavailable; your cart is unchanged.');
}

describe('a bank that cannot be reached', () => {
  it('Scenario: placing an online order answers 503 in fa and en with Retry-After, and the cart stays as it was', async () => {
    const cart = await readyCart(t);
    const before = await stateOf(cart.orderId);
    bank.down = true;
    const fields = { code: 'final_order', order_id: String(cart.orderId), payment: 'online', idempotency_key: key() };
    const refused = await t.call(host, fields, { headers: { cookie: cart.cookie } });
    expect(refused.headers['retry-after']).toBe('30');
    expectBankDown({ ...refused.json(), status: refused.statusCode });
    expectBankDown(await call(t, host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'online', idempotency_key: key(), language: 'en' }), 'en');
    expect(await stateOf(cart.orderId)).toEqual(before);
    bank.down = false;
    expect((await call(t, host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'online', idempotency_key: key() })).data).toMatchObject({ status: OrderStatus.awaitingLocationAndPayment });
  });

  it('Scenario: editing a cart that waits for its payment (which voids it and asks the bank) answers 503 and changes nothing', async () => {
    const cart = await waitingCart();
    const before = await stateOf(cart.orderId);
    bank.down = true;
    expectBankDown(await call(t, host, cart.cookie, 'cart_controller', { item_id: cart.catalog.item('Local doogh').id, count: 1 }));
    expect(await stateOf(cart.orderId)).toEqual(before);
    expect(before.payments).toEqual([{ status: 'requested' }]);
    bank.down = false;
    expect((await call(t, host, cart.cookie, 'cart_controller', { item_id: cart.catalog.item('Local doogh').id, count: 1 })).ok).toBe(true);
    expect((await stateOf(cart.orderId)).payments).toEqual([{ status: 'canceled' }]);
  });

  it('Scenario: asking after a payment (get_sep) answers 503 and changes nothing', async () => {
    const cart = await waitingCart();
    const before = await stateOf(cart.orderId);
    bank.down = true;
    expectBankDown(await call(t, host, cart.cookie, 'get_sep', { sep_id: cart.sepId }));
    expect(await stateOf(cart.orderId)).toEqual(before);
    bank.down = false;
    expect((await call(t, host, cart.cookie, 'get_sep', { sep_id: cart.sepId })).data).toMatchObject({ outcome: 'canceled' });
  });

  it('Scenario: repeating a past order into a cart that waits at the bank, partly paid from the wallet, answers 503 and changes nothing', async () => {
    bank.down = false;
    const past = await readyCart(t);
    expect((await call(t, host, past.cookie, 'final_order', { order_id: past.orderId, payment: 'cash', idempotency_key: key() })).data.status).toBe(OrderStatus.pending);
    const [user] = await t.db.select().from(users).where(eq(users.id, past.userId));
    await creditWallet(t.db, user.rootId, past.userId, 500_000);
    // More than the wallet holds, so the rest is paid at the bank.
    const added = await call(t, host, past.cookie, 'cart_controller', { item_id: past.catalog.item('Koobideh kebab').id, count: 2, feature_name: 'With grilled tomato' });
    const cartId = added.data.order!.id;
    await call(t, host, past.cookie, 'update_address_order', { order_id: cartId, delivery_method: DeliveryMethod.pickup });
    await call(t, host, past.cookie, 'use_wallet', { order_id: cartId });
    expect((await call(t, host, past.cookie, 'final_order', { order_id: cartId, payment: 'online', idempotency_key: key() })).data.status).toBe(OrderStatus.awaitingLocationAndPayment);
    const ordersOf = () => t.db.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.userId, past.userId)).orderBy(orders.id);
    const before = { orders: await ordersOf(), cart: await stateOf(cartId), wallet: await ledgerSum(t.db, past.userId) };
    expect(before.wallet).toBeLessThan(500_000);

    bank.down = true;
    expectBankDown(await call(t, host, past.cookie, 'repeat_order', { id: past.orderId }));
    expect({ orders: await ordersOf(), cart: await stateOf(cartId), wallet: await ledgerSum(t.db, past.userId) }).toEqual(before);
    // With the bank back, the repeat reopens the cart (its wallet part back in the wallet) and adds the past lines.
    bank.down = false;
    expect((await call(t, host, past.cookie, 'repeat_order', { id: past.orderId })).ok).toBe(true);
    expect(await ledgerSum(t.db, past.userId)).toBe(500_000);
    expect((await stateOf(cartId)).order.status).toBe(OrderStatus.choosingProduct);
  });

  it('Scenario: a login that would merge a guest cart into a cart waiting at the bank changes nothing; with the bank back the same code signs in and ends the old session everywhere', async () => {
    const cart = await waitingCart();
    const [user] = await t.db.select().from(users).where(eq(users.id, cart.userId));
    const oldToken = cart.cookie.slice('sid='.length);
    // A browser holding the account's old session and a guest cart with a line; the old session is read, so it is kept in memory.
    const client = browser(t, host, '10.77.0.1');
    const guest = await call(t, host, null, 'cart_controller', { item_id: cart.catalog.item('Local doogh').id, count: 1 });
    client.jar.set(GUEST_COOKIE, guest.setCookie.find((cookie) => cookie.startsWith(`${GUEST_COOKIE}=`))!.split(';')[0].slice(GUEST_COOKIE.length + 1));
    client.jar.set('sid', oldToken);
    expect((await client.post({ code: 'get_user_detail' })).json().data?.id).toBe(cart.userId);
    const before = await stateOf(cart.orderId);
    const sessionsOf = async () => (await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, cart.userId))).map((row) => row.id);
    expect(await sessionsOf()).toEqual([hashToken(oldToken)]);

    expect((await client.post({ code: 'login', phone_number: user.mobile })).statusCode).toBe(200);
    const code = lastCode(sms, user.mobile);
    bank.down = true;
    const refused = await client.post({ code: 'check_verify_code', verify_code: code });
    expectBankDown({ ...refused.json(), status: refused.statusCode });
    expect(await stateOf(cart.orderId)).toEqual(before);
    expect(await sessionsOf()).toEqual([hashToken(oldToken)]);
    expect(client.jar.get('sid')).toBe(oldToken);

    bank.down = false;
    const verified = await client.post({ code: 'check_verify_code', verify_code: code });
    expect(verified.json()).toMatchObject({ status: true, data: { registered: true } });
    // The login's session replaced the old one.
    expect(await sessionsOf()).toEqual([hashToken(client.jar.get('sid')!)]);
    const after = await stateOf(cart.orderId);
    expect(after.order.status).toBe(OrderStatus.choosingProduct);
    expect(after.lines).toHaveLength(before.lines.length + 1);
    expect(after.payments).toEqual([{ status: 'canceled' }]);
    // The old token signs no one in, on this instance either (it was kept in memory).
    expect((await browser(t, host, '10.77.0.2').post({ code: 'get_user_detail' }, { cookie: `sid=${oldToken}` })).json().data).toBeNull();
  });
});
