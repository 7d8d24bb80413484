import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { orderItems, orders, payments, shops } from '../../server/db/schema';
import { createConsoleSmsProvider } from '../../server/services/sms';
import { browser, lastCode } from './helpers/account-browser';
import { call, catalogOf, creditWallet, readyCart } from './checkout-support/helpers';
import { checkoutTestFile } from './checkout-support/test-file';

// Issue 9, item 1: an order that waits for an online payment (status 2) is frozen.
// Every write either leaves it (and its payment) as it is, or voids the payment
// first and reopens the cart (docs/checkout.md "A cart waiting for payment"):
// never an edited order with a live payment that the old amount could complete.

const { t, host, database, key, sms } = checkoutTestFile('frozen', { sms: (now) => createConsoleSmsProvider({ keepOutbox: true, clock: now }) });

/** The order row, its lines and its payments, to compare before and after a write. */
async function state(orderId: number) {
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const attempts = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
  return { order, lines: lines.map(({ id, itemId, itemCount }) => ({ id, itemId, itemCount })).sort((a, b) => a.id - b.id), attempts };
}

/** A kebab customer with two lines (koobideh, doogh) placed with online payment: status 2, one live payment. */
async function awaitingPayment() {
  const cart = await readyCart(t);
  const doogh = cart.catalog.item('Local doogh');
  const added = await call(t, host, cart.cookie, 'cart_controller', { item_id: doogh.id, count: 1 });
  expect(added.ok).toBe(true);
  const placed = await call(t, host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'online', idempotency_key: key() });
  expect(placed.data).toMatchObject({ status: 2 });
  const lines = (await call(t, host, cart.cookie, 'get_cart')).data.lines;
  return { ...cart, placed: placed.data, lines, doogh };
}

/** The invariant: either nothing changed (still waiting, payment live) or the payment is void and the cart open again. */
async function expectFrozenOrVoided(orderId: number, before: Awaited<ReturnType<typeof state>>, label: string) {
  const after = await state(orderId);
  const live = after.attempts.filter((attempt) => attempt.status === 'requested');
  if (after.order.status === 2) {
    expect(live, label).toHaveLength(1);
    expect(after.lines, `${label}: lines of an order waiting for payment changed`).toEqual(before.lines);
    expect(after.order.comment, label).toBe(before.order.comment);
    expect(after.order.useWallet, label).toBe(before.order.useWallet);
    expect(after.order.discountCodeId, label).toBe(before.order.discountCodeId);
    expect(after.order.deliveryMethod, label).toBe(before.order.deliveryMethod);
  } else {
    expect(after.order.status, label).toBe(1);
    expect(live, `${label}: the order was edited while its payment stayed live`).toHaveLength(0);
  }
}

/** The bank takes the old amount, the customer comes back: the edited order must not be completed by it. */
async function payOldAmount(cookie: string, placed: { redirect_url: string | null; sep_id: string | null }, orderId: number, label: string) {
  const bank = await t.app.inject({ method: 'POST', url: `${placed.redirect_url}/pay`, headers: { host } });
  expect(bank.statusCode, label).toBe(303);
  const verified = await call(t, host, cookie, 'get_sep', { sep_id: placed.sep_id! });
  expect(verified.status, label).toBe(200);
  const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
  if (order.status === 3) {
    // Completed by the old payment: only acceptable when the order is exactly what was priced.
    expect(Number(order.bill?.payable ?? 0) + Number(order.bill?.wallet ?? 0), label).toBe(Number(order.bill?.total ?? -1));
  }
  return { verified, order };
}

describe(`an order waiting for payment is frozen (${database})`, () => {
  const writes: [string, (cart: Awaited<ReturnType<typeof awaitingPayment>>) => Record<string, string | number> & { code: string }][] = [
    ['cart_controller add', (cart) => ({ code: 'cart_controller', item_id: cart.doogh.id, count: 300 })],
    ['cart_controller count change', (cart) => ({ code: 'cart_controller', operation: 2, order_item_id: cart.lines[0].order_item_id, count: 300 })],
    ['cart_controller removal', (cart) => ({ code: 'cart_controller', operation: 3, order_item_id: cart.lines[1].order_item_id })],
    ['save_comment', (cart) => ({ code: 'save_comment', order_id: cart.orderId, comment: 'بدون پیاز' })],
    ['discount_compute', (cart) => ({ code: 'discount_compute', order_id: cart.orderId, discount: 'WELCOME10' })],
    ['use_wallet', (cart) => ({ code: 'use_wallet', order_id: cart.orderId })],
    ['none_use_wallet', (cart) => ({ code: 'none_use_wallet', order_id: cart.orderId })],
    ['wallet_operations 1 (use)', (cart) => ({ code: 'wallet_operations', operation: 1, order_id: cart.orderId })],
    ['wallet_operations 2 (stop)', (cart) => ({ code: 'wallet_operations', operation: 2, order_id: cart.orderId })],
    ['update_address_order (pickup)', (cart) => ({ code: 'update_address_order', order_id: cart.orderId, delivery_method: 1 })],
  ];

  it.each(writes)('Scenario: %s on an order waiting for payment never leaves an edited order with a live payment', async (label, write) => {
    const cart = await awaitingPayment();
    const [shop] = await t.db.select().from(shops).where(eq(shops.id, cart.catalog.shop.id));
    await creditWallet(t.db, shop.rootId!, cart.userId, 500_000);
    const before = await state(cart.orderId);
    const { code, ...fields } = write(cart);
    const reply = await call(t, host, cart.cookie, code as 'get_cart', fields);
    expect(reply.status, `${label}: ${reply.message}`).toBeLessThan(500);
    await expectFrozenOrVoided(cart.orderId, before, label);
    const { order } = await payOldAmount(cart.cookie, cart.placed, cart.orderId, label);
    if (reply.ok) expect(order.status, `${label}: the old payment completed the edited order`).not.toBe(3);
  });

  it('Scenario: wallet_operations 0 only reads: the order keeps waiting and the old payment still completes it', async () => {
    const cart = await awaitingPayment();
    const before = await state(cart.orderId);
    const read = await call(t, host, cart.cookie, 'wallet_operations', { operation: 0, order_id: cart.orderId });
    expect(read.ok).toBe(true);
    const after = await state(cart.orderId);
    expect(after.order.status).toBe(2);
    expect(after.attempts.map((attempt) => attempt.status)).toEqual(before.attempts.map((attempt) => attempt.status));
    const { verified } = await payOldAmount(cart.cookie, cart.placed, cart.orderId, 'read');
    expect(verified.data).toMatchObject({ outcome: 'paid', status: 3, paid: true });
  });

  it('Scenario: wallet_operations with an operation that does not exist is refused in fa and en, and the payment stays live', async () => {
    const cart = await awaitingPayment();
    const before = await state(cart.orderId);
    for (const operation of [3, -1, 9]) {
      for (const language of ['fa', 'en']) {
        const refused = await call(t, host, cart.cookie, 'wallet_operations', { operation, order_id: cart.orderId, language });
        expect([refused.status, refused.result]).toEqual([400, 'invalid_input']);
        expect(refused.message).toBe(language === 'fa' ? 'مقدار فیلد «operation» نامعتبر است (یکی از ۰، ۱، ۲).' : 'The field "operation" is invalid (one of 0, 1, 2).');
      }
    }
    expect(await state(cart.orderId)).toEqual(before);
  });

  it('Scenario: repeat_order on an order waiting for payment voids the payment before adding the past lines', async () => {
    const past = await readyCart(t);
    const cash = await call(t, host, past.cookie, 'final_order', { order_id: past.orderId, payment: 'cash', idempotency_key: key() });
    expect(cash.ok).toBe(true);
    const again = await call(t, host, past.cookie, 'cart_controller', { item_id: past.catalog.item('Local doogh').id, count: 6 });
    const orderId = again.data.order!.id;
    await call(t, host, past.cookie, 'update_address_order', { order_id: orderId, delivery_method: 1 });
    const placed = await call(t, host, past.cookie, 'final_order', { order_id: orderId, payment: 'online', idempotency_key: key() });
    expect(placed.data.status).toBe(2);
    const before = await state(orderId);
    const repeated = await call(t, host, past.cookie, 'repeat_order', { id: past.orderId });
    expect(repeated.ok).toBe(true);
    await expectFrozenOrVoided(orderId, before, 'repeat_order');
    const { order } = await payOldAmount(past.cookie, placed.data, orderId, 'repeat_order');
    expect(order.status).not.toBe(3);
  });

  it('Scenario: a guest cart merged at login never joins an order waiting for payment; the old amount cannot complete it', async () => {
    // The account: an online order for 2 koobideh + 1 doogh, waiting for the bank.
    const phone = '09351110001';
    const { cookie } = await t.signIn('kebab', { mobile: phone });
    const catalog = await catalogOf(t.db, 'kebab');
    const koobideh = catalog.item('Koobideh kebab');
    const first = await call(t, host, cookie, 'cart_controller', { item_id: koobideh.id, count: 2, feature_name: 'With grilled tomato' });
    const orderId = first.data.order!.id;
    await call(t, host, cookie, 'update_address_order', { order_id: orderId, delivery_method: 1 });
    const placed = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'online', idempotency_key: key() });
    expect(placed.data.status).toBe(2);
    const before = await state(orderId);

    // A second browser: a guest fills a cart with 300 koobideh, then logs in to the same account.
    const guest = browser(t, host, '10.9.0.1');
    const added = await guest.post({ code: 'cart_controller', item_id: String(koobideh.id), count: '300', feature_name: 'With grilled tomato' });
    expect(added.statusCode, added.body).toBe(200);
    expect((await guest.post({ code: 'login', phone_number: phone })).statusCode).toBe(200);
    const verified = await guest.post({ code: 'check_verify_code', verify_code: lastCode(sms, phone) });
    expect(verified.statusCode, verified.body).toBe(200);

    await expectFrozenOrVoided(orderId, before, 'login merge');
    const { order } = await payOldAmount(cookie, placed.data, orderId, 'login merge');
    expect(order.status).not.toBe(3);
    // The guest's lines are not lost: the account's cart now has them.
    const cart = await call(t, host, cookie, 'get_cart');
    expect(cart.data.lines.reduce((sum, line) => sum + line.item_count, 0)).toBe(302);
    const live = await t.db.select().from(payments).where(and(eq(payments.orderId, orderId), eq(payments.status, 'requested')));
    expect(live).toHaveLength(0);
  });
});
