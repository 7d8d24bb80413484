import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { addresses, discountCodes, discountUsages, orderItems, orders, payments, sandboxGatewayTransactions, shops, walletTransactions } from '../../server/db/schema';
import { createRepositories } from '../../server/repositories';
import { spendFromWallet } from '../../server/repositories/wallet-spend';
import type { TestApp } from './helpers/create-test-app';
import { call, creditWallet, ledgerSum, readyCart, vanak } from './checkout-support/helpers';
import { checkoutTestFile } from './checkout-support/test-file';

const { t, clock, host, database, key } = checkoutTestFile('fault');

async function snapshot() {
  const tables = [orders, orderItems, payments, addresses, walletTransactions, discountUsages, sandboxGatewayTransactions];
  const rows = await Promise.all(tables.map((table) => t.db.select().from(table)));
  return JSON.stringify(rows.map((list) => [...list].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))));
}

describe(`fault guarantees (${database})`, () => {
  it('Scenario: 20 concurrent final_order calls for one cart create exactly one order and one payment request', async () => {
    const { cookie, orderId } = await readyCart(t);
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'online', idempotency_key: key() })),
    );
    const accepted = replies.filter((reply) => reply.ok);
    expect(accepted).toHaveLength(1);
    expect(replies.filter((reply) => !reply.ok).every((reply) => reply.status === 409 && reply.result === 'order_already_placed')).toBe(true);
    expect((await t.db.select({ total: count() }).from(payments).where(eq(payments.orderId, orderId)))[0].total).toBe(1);
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order.status).toBe(2);
    expect((await t.db.select({ total: count() }).from(sandboxGatewayTransactions).where(eq(sandboxGatewayTransactions.token, accepted[0].data.sep_id!)))[0].total).toBe(1);
  });

  it('Scenario: 20 concurrent repeats of one idempotency key all get the first answer; the same key with another body is refused', async () => {
    const { cookie, orderId } = await readyCart(t);
    const shared = key();
    const replies = await Promise.all(
      Array.from({ length: 20 }, () => call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'online', idempotency_key: shared })),
    );
    expect(replies.every((reply) => reply.ok)).toBe(true);
    expect(new Set(replies.map((reply) => JSON.stringify(reply.data))).size).toBe(1);
    expect((await t.db.select({ total: count() }).from(payments).where(eq(payments.orderId, orderId)))[0].total).toBe(1);
    const before = await snapshot();
    const other = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'cash', idempotency_key: shared });
    expect(other.status).toBe(422);
    expect(other.result).toBe('idempotency_mismatch');
    expect(await snapshot()).toBe(before);
  });

  it('Scenario: 50 concurrent wallet spends never take the balance below zero; the ledger sums to the balance', async () => {
    const { userId, catalog } = await readyCart(t);
    const [shop] = await t.db.select().from(shops).where(eq(shops.id, catalog.shop.id));
    await creditWallet(t.db, shop.rootId!, userId, 1_000_000);
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        createRepositories(t.db, shop).transaction((tx) => spendFromWallet(tx.wallet, { userId, amount: 30_000, orderId: 100_000 + index })),
      ),
    );
    const spent = outcomes.filter(Boolean).length;
    expect(spent).toBe(Math.floor(1_000_000 / 30_000));
    const balance = await createRepositories(t.db, shop).wallet.balance(userId);
    expect(balance).toBe(1_000_000 - spent * 30_000);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(await ledgerSum(t.db, userId)).toBe(balance);
  });

  it('Scenario: a discount code limited to 5 uses is used exactly 5 times under 50 concurrent orders', async () => {
    const carts = [];
    for (let index = 0; index < 50; index += 1) {
      const cart = await readyCart(t);
      const applied = await call(t, host, cart.cookie, 'discount_compute', { order_id: cart.orderId, discount: 'LIMITED5' });
      expect(applied.ok).toBe(true);
      carts.push(cart);
    }
    const replies = await Promise.all(
      carts.map((cart) => call(t, host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'cash', idempotency_key: key() })),
    );
    expect(replies.filter((reply) => reply.ok)).toHaveLength(5);
    expect(replies.filter((reply) => !reply.ok).every((reply) => reply.result === 'discount_refused')).toBe(true);
    const [code] = await t.db.select().from(discountCodes).where(and(eq(discountCodes.shopId, carts[0].catalog.shop.id), eq(discountCodes.code, 'LIMITED5')));
    expect(code.usedCount).toBe(5);
    expect((await t.db.select({ total: count() }).from(discountUsages).where(eq(discountUsages.discountCodeId, code.id)))[0].total).toBe(5);
    const placed = await t.db.select().from(orders).where(and(eq(orders.discountCodeId, code.id), eq(orders.status, 3)));
    expect(placed).toHaveLength(5);
  });

  it('Scenario: forged and replayed gateway callbacks mark nothing paid; a second verify changes nothing', async () => {
    const { cookie, orderId } = await readyCart(t);
    const placed = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'online', idempotency_key: key() });
    const token = placed.data.sep_id!;
    const before = await snapshot();
    // A made-up sep_id, and the real one before the bank said anything (a forged "state=OK" return).
    expect((await call(t, host, cookie, 'get_sep', { sep_id: 'forged-token-123' })).status).toBe(404);
    expect((await call(t, host, cookie, 'get_sep', { sep_id: token })).data).toMatchObject({ outcome: 'waiting', paid: false });
    // Another customer replaying the callback URL they saw.
    const thief = await t.signIn('kebab');
    expect((await call(t, host, thief.cookie, 'get_sep', { sep_id: token })).status).toBe(404);
    // Posting to the bank with a token it never issued.
    expect((await t.app.inject({ method: 'POST', url: '/sandbox-gateway/pay/not-a-token/pay', headers: { host } })).statusCode).toBe(404);
    // A token the database cannot even compare (a NUL): no such transaction either, never a 500.
    for (const [method, url] of [['GET', '/sandbox-gateway/pay/%00'], ['POST', '/sandbox-gateway/pay/%00/pay'], ['POST', '/sandbox-gateway/pay/abc%00/cancel']] as const) {
      const refused = await t.app.inject({ method, url, headers: { host } });
      expect([refused.statusCode, refused.body.includes('Transaction not found.')]).toEqual([404, true]);
    }
    expect(await snapshot()).toBe(before);

    // A bank record whose amount differs from ours fails verification and reopens the cart.
    await t.db.update(sandboxGatewayTransactions).set({ state: 'paid', amount: 1, refNum: 'X' }).where(eq(sandboxGatewayTransactions.token, token));
    const tampered = await call(t, host, cookie, 'get_sep', { sep_id: token });
    expect(tampered.data).toMatchObject({ outcome: 'failed', paid: false, status: 1 });
    const settled = await snapshot();
    expect((await call(t, host, cookie, 'get_sep', { sep_id: token })).data).toMatchObject({ outcome: 'failed', paid: false });
    expect(await snapshot()).toBe(settled);

    const honest = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'online', idempotency_key: key() });
    await t.app.inject({ method: 'POST', url: `${honest.data.redirect_url}/pay`, headers: { host } });
    expect((await call(t, host, cookie, 'get_sep', { sep_id: honest.data.sep_id! })).data).toMatchObject({ outcome: 'paid', status: 3 });
    const paid = await snapshot();
    for (let round = 0; round < 3; round += 1) {
      expect((await call(t, host, cookie, 'get_sep', { sep_id: honest.data.sep_id! })).data).toMatchObject({ outcome: 'paid', status: 3 });
      await t.app.inject({ method: 'POST', url: `${honest.data.redirect_url}/cancel`, headers: { host } });
    }
    expect(await snapshot()).toBe(paid);
  });

  it('Scenario: another user\'s or another shop\'s order, address and cart line id are not found, and nothing changes', async () => {
    const victim = await readyCart(t);
    const victimCart = await call(t, host, victim.cookie, 'get_cart');
    const lineId = victimCart.data.lines[0].order_item_id;
    const [victimAddress] = (await call(t, host, victim.cookie, 'get_addresses')).data;
    const placedElsewhere = await readyCart(t);
    await call(t, host, placedElsewhere.cookie, 'final_order', { order_id: placedElsewhere.orderId, payment: 'cash', idempotency_key: key() });

    const attacker = await readyCart(t);
    const grocery = await t.signIn('grocery');
    const before = await snapshot();
    const attempts: [string | null, string, Record<string, string | number>][] = [
      [attacker.cookie, 'cart_controller', { operation: 2, order_item_id: lineId, count: 9 }],
      [attacker.cookie, 'cart_controller', { operation: 3, order_item_id: lineId }],
      [null, 'cart_controller', { operation: 3, order_item_id: lineId }],
      [attacker.cookie, 'cart_controller', { order_id: victim.orderId, item_id: victim.catalog.item('Local doogh').id }],
      [attacker.cookie, 'save_comment', { order_id: victim.orderId, comment: 'hacked' }],
      [attacker.cookie, 'final_order', { order_id: victim.orderId, payment: 'cash', idempotency_key: key() }],
      [attacker.cookie, 'discount_compute', { order_id: victim.orderId, discount: 'WELCOME10' }],
      [attacker.cookie, 'use_wallet', { order_id: victim.orderId }],
      [attacker.cookie, 'update_address_order', { order_id: victim.orderId, delivery_method: 1 }],
      [attacker.cookie, 'update_address_order', { order_id: attacker.orderId, delivery_method: 2, address_id: victimAddress.id }],
      [attacker.cookie, 'update_address', { id: victimAddress.id, ...vanak }],
      [attacker.cookie, 'delete_address', { id: victimAddress.id }],
      [attacker.cookie, 'price_controler', { order_id: attacker.orderId, delivery_method: 2, address: victimAddress.id }],
      [attacker.cookie, 'get_order_by_id', { id: placedElsewhere.orderId }],
      [attacker.cookie, 'repeat_order', { id: placedElsewhere.orderId }],
      [attacker.cookie, 'update_status_order', { order_id: placedElsewhere.orderId, status: 7 }],
      [attacker.cookie, 'get_discount_data', { order_id: victim.orderId }],
    ];
    for (const [cookie, code, fields] of attempts) {
      const reply = await call(t, host, cookie, code as 'get_cart', fields);
      expect(reply.status, `${code} ${JSON.stringify(fields)}`).toBe(404);
    }
    // The same account root, another shop: the kebab order is not the grocery's.
    for (const [code, fields] of [
      ['get_order_by_id', { id: placedElsewhere.orderId }],
      ['final_order', { order_id: victim.orderId, payment: 'cash', idempotency_key: key() }],
    ] as const) {
      expect((await call(t, 'grocery.localhost', grocery.cookie, code, fields)).status).toBe(404);
    }
    expect(await snapshot()).toBe(before);
  });

  it('Scenario: the server restarts between payment request and callback; the callback still completes the order', async () => {
    const { cookie, orderId } = await readyCart(t);
    const placed = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'online', idempotency_key: key() });
    expect(placed.data.status).toBe(2);
    await t.app.close();
    // A new process on the same database: nothing of the payment lived in memory.
    const restarted = await buildApp({ db: t.db, config: { defaultShop: 'kebab', spaDir: '/nonexistent', nodeEnv: 'test' }, clock: clock.now });
    const viaRestarted: TestApp = {
      ...t,
      app: restarted,
      call: (callHost, fields, { headers = {} } = {}) =>
        restarted.inject({
          method: 'POST',
          url: '/order/order.php',
          headers: { host: callHost, 'content-type': 'application/x-www-form-urlencoded', ...headers },
          payload: new URLSearchParams(fields).toString(),
        }),
    };
    const answer = await restarted.inject({ method: 'POST', url: `${placed.data.redirect_url}/pay`, headers: { host } });
    expect(answer.statusCode).toBe(303);
    const sepId = new URL(answer.headers.location as string, 'http://x').searchParams.get('sep_id')!;
    const verified = await call(viaRestarted, host, cookie, 'get_sep', { sep_id: sepId });
    await restarted.close();
    expect(verified.data).toMatchObject({ outcome: 'paid', paid: true, status: 3, order_id: orderId });
  });
});
