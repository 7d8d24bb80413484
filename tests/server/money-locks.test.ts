import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { orders, paymentRefunds, payments, shops, walletTransactions } from '../../server/db/schema';
import { call, creditWallet, ledgerSum, readyCart } from './checkout-support/helpers';
import { checkoutTestFile } from './checkout-support/test-file';

// Issue 9, item 4: one customer's parallel money writes (a double click on "pay
// from wallet", a bank return racing a cart edit) never deadlock: every
// transaction takes its locks in the order docs/server.md "Lock order" gives.

const { t, host, database, key } = checkoutTestFile('lock');

const CREDIT = 20_000_000;

async function walletCustomer() {
  const cart = await readyCart(t);
  const [shop] = await t.db.select().from(shops).where(eq(shops.id, cart.catalog.shop.id));
  await creditWallet(t.db, shop.rootId!, cart.userId, CREDIT);
  return cart;
}

const buys = (userId: number) =>
  t.db.select().from(walletTransactions).where(and(eq(walletTransactions.userId, userId), eq(walletTransactions.operation, 'buy')));

describe(`lock order under parallel money writes (${database})`, () => {
  it.each([2, 10])('Scenario: %i parallel final_order (wallet) with distinct keys for one customer place one order, the rest get a 409, no 5xx', async (parallel) => {
    for (let round = 0; round < 3; round += 1) {
      const { cookie, userId, orderId } = await walletCustomer();
      const started = Date.now();
      const replies = await Promise.all(
        Array.from({ length: parallel }, () => call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'wallet', idempotency_key: key() })),
      );
      const elapsed = Date.now() - started;
      expect(replies.map((reply) => reply.status).filter((status) => status >= 500)).toEqual([]);
      const accepted = replies.filter((reply) => reply.ok);
      expect(accepted).toHaveLength(1);
      for (const reply of replies.filter((entry) => !entry.ok)) {
        expect(reply.status).toBe(409);
        expect(['order_already_placed', 'wallet_insufficient']).toContain(reply.result);
      }
      expect(accepted[0].data).toMatchObject({ status: 3, paid: true, order_id: orderId });
      const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
      expect(order.status).toBe(3);
      const spent = await buys(userId);
      expect(spent.map((row) => row.amount)).toEqual([-Number(order.bill!.total)]);
      expect(await ledgerSum(t.db, userId)).toBe(CREDIT - Number(order.bill!.total));
      // Generous: a deadlock shows up after PostgreSQL's 1 s deadlock_timeout per victim.
      expect(elapsed).toBeLessThan(parallel * 1500);
    }
  });

  it('Scenario: get_sep racing cart_controller never deadlocks; the payment either completes the order or is voided and refunded', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { cookie, userId, orderId, catalog } = await readyCart(t);
      const placed = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'online', idempotency_key: key() });
      expect(placed.data.status).toBe(2);
      await t.app.inject({ method: 'POST', url: `${placed.data.redirect_url}/pay`, headers: { host } });
      const [verified, edited, again] = await Promise.all([
        call(t, host, cookie, 'get_sep', { sep_id: placed.data.sep_id! }),
        call(t, host, cookie, 'cart_controller', { item_id: catalog.item('Local doogh').id, count: 1 }),
        call(t, host, cookie, 'get_sep', { sep_id: placed.data.sep_id! }),
      ]);
      expect([verified.status, edited.status, again.status]).toEqual([200, 200, 200]);
      const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
      const [payment] = await t.db.select().from(payments).where(eq(payments.token, placed.data.sep_id!));
      const walletRefunds = await t.db
        .select()
        .from(walletTransactions)
        .where(and(eq(walletTransactions.userId, userId), eq(walletTransactions.operation, 'refund')));
      const bankRefunds = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id));
      // A voided attempt's capture goes back through the bank (issue 33), never to the wallet.
      expect(walletRefunds).toEqual([]);
      if (order.status === 3) {
        // get_sep came first: the order is paid, the edit went to a new cart, nothing refunded.
        expect(payment.status).toBe('paid');
        expect(order.paid).toBe(1);
        expect(bankRefunds).toEqual([]);
        expect(edited.data.order?.id).not.toBe(orderId);
      } else {
        // The edit came first: the payment is void and its captured amount refunded at the bank, once.
        expect(order.status).toBe(1);
        expect(payment.status).not.toBe('paid');
        expect(bankRefunds.map((row) => [row.amount, row.reason, row.status])).toEqual([[placed.data.payable, 'voided_paid', 'done']]);
      }
      expect(await ledgerSum(t.db, userId)).toBe(0);
    }
  });
});
