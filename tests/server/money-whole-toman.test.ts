import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { sandboxGatewayTransactions, walletTransactions } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { call, creditWallet, ledgerSum, movableClock, readyCart } from './checkout-support/helpers';

// Issue 10, defect 8: at a toman (IRT) shop the customer confirmed ۲۸۵٬۲۶۶ تومان, the bank took
// 2,852,655 IRR and the cancel gave back ۲۸۵٬۲۶۵ تومان. The rule (contract/rules/money.ts,
// docs/checkout.md "The bill"): every amount a bill computes is whole units of the shop's currency,
// so the bill total, final_order's payable, the gateway's amount and the refund are one number.

let t: TestApp;
const clock = movableClock();
const host = 'kebab.localhost';
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(() => t.close());

let keys = 0;
const key = () => `toman-key-${++keys}-${Date.now()}`;

/** What the sandbox bank shows and was asked to take for `token`: the page's figure and its ledger row. */
async function bankAmount(redirectUrl: string, token: string) {
  const page = await t.app.inject({ method: 'GET', url: redirectUrl, headers: { host } });
  const shown = /data-testid="amount">([\d,]+) IRR</.exec(page.body)?.[1];
  const [row] = await t.db.select().from(sandboxGatewayTransactions).where(eq(sandboxGatewayTransactions.token, token));
  return { shown: Number(shown?.replaceAll(',', '')), requested: row.amount };
}

const refundRows = async (userId: number, orderId: number) =>
  (
    await t.db
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.userId, userId), eq(walletTransactions.orderId, orderId), eq(walletTransactions.operation, 'refund')))
  ).map((row) => row.amount);

/** Pays `placed` at the sandbox bank and verifies it: the order is placed (status 3) and paid. */
async function payAndVerify(cookie: string, redirectUrl: string, sepId: string) {
  expect((await t.app.inject({ method: 'POST', url: `${redirectUrl}/pay`, headers: { host } })).statusCode).toBe(303);
  const verified = await call(t, host, cookie, 'get_sep', { sep_id: sepId });
  expect(verified.data).toMatchObject({ outcome: 'paid', paid: true, status: 3 });
  return verified.data;
}

describe(`a toman shop's bill is one whole-toman number from confirm to refund (${database})`, () => {
  it('Scenario: WELCOME10 makes the raw tax 223,155 rial; bill total = payable = gateway amount = refund after cancel, in whole toman', async () => {
    const { cookie, orderId, userId } = await readyCart(t);
    // Koobideh ×2 with the 5 % online discount and WELCOME10: price 2,479,500 rial, 9 % of it is 223,155 (not whole toman).
    const applied = await call(t, host, cookie, 'discount_compute', { order_id: orderId, discount: 'WELCOME10' });
    expect(applied.data).toMatchObject({ pure_price: 2_900_000, permanent_discount: 145_000, discount: 275_500, price: 2_479_500 });
    const bill = (await call(t, host, cookie, 'get_discount_data', { order_id: orderId })).data;
    expect(bill.total % 10).toBe(0);
    expect(bill.tax % 10).toBe(0);
    expect(bill.payable).toBe(bill.total);

    const placed = (await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'online', idempotency_key: key() })).data;
    expect(placed.payable).toBe(bill.payable);
    expect(await bankAmount(placed.redirect_url!, placed.sep_id!)).toEqual({ shown: bill.payable, requested: bill.payable });
    const verified = await payAndVerify(cookie, placed.redirect_url!, placed.sep_id!);
    expect(verified.amount).toBe(bill.payable);

    const invoice = (await call(t, host, cookie, 'get_order_by_id', { id: orderId })).data;
    expect(invoice.bill).toMatchObject({ total: bill.total, payable: bill.payable });
    expect((await call(t, host, cookie, 'update_status_order', { order_id: orderId, status: 7 })).data.status).toBe(7);
    expect(await refundRows(userId, orderId)).toEqual([bill.payable]);
    expect(await ledgerSum(t.db, userId)).toBe(bill.payable);
  });

  it('Scenario: a wallet balance in odd rial pays whole toman; the rest is whole toman; the cancel gives both back', async () => {
    const { cookie, orderId, userId, catalog } = await readyCart(t);
    await call(t, host, cookie, 'discount_compute', { order_id: orderId, discount: 'WELCOME10' });
    await creditWallet(t.db, catalog.shop.rootId!, userId, 1_000_005);
    const used = (await call(t, host, cookie, 'use_wallet', { order_id: orderId })).data;
    expect(used.balance).toBe(1_000_005);
    expect(used.used % 10).toBe(0);
    expect(used.bill.payable % 10).toBe(0);
    expect(used.bill.wallet + used.bill.payable).toBe(used.bill.total);

    const placed = (await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'online', idempotency_key: key() })).data;
    expect(placed.payable).toBe(used.bill.payable);
    expect(await bankAmount(placed.redirect_url!, placed.sep_id!)).toEqual({ shown: used.bill.payable, requested: used.bill.payable });
    await payAndVerify(cookie, placed.redirect_url!, placed.sep_id!);
    expect(await ledgerSum(t.db, userId)).toBe(1_000_005 - used.bill.wallet);

    await call(t, host, cookie, 'update_status_order', { order_id: orderId, status: 7 });
    expect((await refundRows(userId, orderId)).sort((a, b) => a - b)).toEqual([used.bill.wallet, used.bill.payable].sort((a, b) => a - b));
    expect(await ledgerSum(t.db, userId)).toBe(1_000_005 + used.bill.payable);
  });
});
