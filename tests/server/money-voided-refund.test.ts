import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { paymentRefunds, payments, sandboxGatewayTransactions, walletTransactions } from '../../server/db/schema';
import { call, ledgerSum, readyCart } from './checkout-support/helpers';
import { checkoutTestFile } from './checkout-support/test-file';

// Issue 9, item 2: money the bank captured for an attempt we voided (the cart was
// edited) or canceled is refunded exactly once, with a notice, never lost; since issue 33 through the bank that took
// it (a payment_refunds row, 'voided_paid'), not to the wallet.

const { t, host, database, key } = checkoutTestFile('refund');

async function placedOnline() {
  const cart = await readyCart(t);
  const placed = await call(t, host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'online', idempotency_key: key() });
  expect(placed.data).toMatchObject({ status: 2, paid: false });
  expect(placed.data.payable).toBeGreaterThan(0);
  return { ...cart, placed: placed.data };
}

const bank = (redirectUrl: string | null, decision: 'pay' | 'cancel') => t.app.inject({ method: 'POST', url: `${redirectUrl}/${decision}`, headers: { host } });

/** The order's refund rows in the wallet ledger (none: a voided payment goes back to the card). */
const walletRefunds = (userId: number, orderId: number) =>
  t.db
    .select()
    .from(walletTransactions)
    .where(and(eq(walletTransactions.userId, userId), eq(walletTransactions.orderId, orderId), eq(walletTransactions.operation, 'refund')));

/** The order's bank refunds: amount, why, and whether the bank accepted it. */
const refundRows = async (orderId: number) =>
  (await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId))).map((row) => ({ amount: row.amount, reason: row.reason, status: row.status }));

/** What the sandbox bank says of the attempt. */
const bankState = async (token: string) => (await t.db.select().from(sandboxGatewayTransactions).where(eq(sandboxGatewayTransactions.token, token)))[0].state;

describe(`a captured payment of a voided attempt is refunded (${database})`, () => {
  it('Scenario: the bank captures, then the cart is edited before get_sep: the amount goes back to the card once, with a notice', async () => {
    const { cookie, userId, orderId, placed, catalog } = await placedOnline();
    expect((await bank(placed.redirect_url, 'pay')).statusCode).toBe(303);
    // The customer edits the cart instead of coming back from the bank first: the attempt is voided.
    const edited = await call(t, host, cookie, 'cart_controller', { item_id: catalog.item('Local doogh').id, count: 1, language: 'en' });
    expect(edited.ok).toBe(true);
    // The gateway already reported the attempt captured when it was voided: refunded at the bank right then, and the cart says so.
    expect(await refundRows(orderId)).toEqual([{ amount: placed.payable, reason: 'voided_paid', status: 'done' }]);
    expect(await bankState(placed.sep_id!)).toBe('refunded');
    expect(edited.data.order?.notice).toMatch(/refunded to your bank card/);

    const answers = [];
    for (let round = 0; round < 3; round += 1) answers.push(await call(t, host, cookie, 'get_sep', { sep_id: placed.sep_id!, language: round === 0 ? 'en' : 'fa' }));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.data).toMatchObject({ paid: false, status: 1, outcome: 'canceled', refunded: placed.payable });
    }
    expect(answers[0].data.message).toMatch(/bank card/i);
    expect(answers[1].data.message).toContain('کارت بانکی');

    expect(await refundRows(orderId)).toEqual([{ amount: placed.payable, reason: 'voided_paid', status: 'done' }]);
    expect(await walletRefunds(userId, orderId)).toEqual([]);
    expect(await ledgerSum(t.db, userId)).toBe(0);
    const [payment] = await t.db.select().from(payments).where(eq(payments.token, placed.sep_id!));
    expect(payment.status).not.toBe('paid');
    expect(payment.refundedAt).not.toBeNull();

    // The notice is on the order too: the cart says so, in the request's language.
    const cart = await call(t, host, cookie, 'get_cart', { language: 'en' });
    expect(cart.data.order?.notice).toMatch(/refunded to your bank card/);
  });

  it('Scenario: the attempt is voided first, the bank captures afterwards; 10 replayed callbacks at once refund exactly once', async () => {
    const { cookie, userId, orderId, placed, catalog } = await placedOnline();
    const edited = await call(t, host, cookie, 'cart_controller', { item_id: catalog.item('Local doogh').id, count: 1 });
    expect(edited.ok).toBe(true);
    // The bank page was still open: the customer pays the voided attempt.
    expect((await bank(placed.redirect_url, 'pay')).statusCode).toBe(303);

    const replies = await Promise.all(Array.from({ length: 10 }, () => call(t, host, cookie, 'get_sep', { sep_id: placed.sep_id! })));
    expect(replies.map((reply) => reply.status)).toEqual(Array(10).fill(200));
    for (const reply of replies) expect(reply.data).toMatchObject({ paid: false, outcome: 'canceled', refunded: placed.payable });
    expect(await refundRows(orderId)).toEqual([{ amount: placed.payable, reason: 'voided_paid', status: 'done' }]);
    expect(await bankState(placed.sep_id!)).toBe('refunded');
    expect(await ledgerSum(t.db, userId)).toBe(0);

    // The order placed later carries the notice on its invoice.
    const again = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'cash', idempotency_key: key() });
    expect(again.data.status).toBe(3);
    const invoice = await call(t, host, cookie, 'get_order_by_id', { id: orderId, language: 'en' });
    expect(invoice.data.notice).toMatch(/refunded to your bank card/);
  });

  it('Scenario: a voided attempt the bank never captured refunds nothing and says nothing about a refund', async () => {
    const { cookie, userId, orderId, placed, catalog } = await placedOnline();
    await call(t, host, cookie, 'cart_controller', { item_id: catalog.item('Local doogh').id, count: 1 });
    expect((await call(t, host, cookie, 'get_sep', { sep_id: placed.sep_id! })).data).toMatchObject({ refunded: 0, paid: false });
    expect((await bank(placed.redirect_url, 'cancel')).statusCode).toBe(303);
    expect((await call(t, host, cookie, 'get_sep', { sep_id: placed.sep_id! })).data).toMatchObject({ refunded: 0, outcome: 'canceled' });
    expect(await refundRows(orderId)).toEqual([]);
    expect(await walletRefunds(userId, orderId)).toEqual([]);
    expect((await call(t, host, cookie, 'get_cart')).data.order?.notice ?? null).toBeNull();
  });

  it('Scenario: a paid order is never refunded by a replayed callback', async () => {
    const { cookie, userId, orderId, placed } = await placedOnline();
    await bank(placed.redirect_url, 'pay');
    const replies = await Promise.all(Array.from({ length: 5 }, () => call(t, host, cookie, 'get_sep', { sep_id: placed.sep_id! })));
    for (const reply of replies) expect(reply.data).toMatchObject({ outcome: 'paid', paid: true, status: 3, refunded: 0 });
    expect(await refundRows(orderId)).toEqual([]);
    expect(await walletRefunds(userId, orderId)).toEqual([]);
  });
});
