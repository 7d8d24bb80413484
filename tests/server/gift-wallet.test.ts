import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../server/db/connection';
import { walletTransactions } from '../../server/db/schema';
import { call, creditWallet, readyCart } from './checkout-support/helpers';
import { checkoutTestFile } from './checkout-support/test-file';

// Issue 28, item 15: the discount bag (spec §7 use_wallet / none_use_wallet with type gift,
// user_amount_wallet (user_id, type) at /wallet/wallet.php; §3 the cart order's amount_wallet_gift).
// A gift balance of its own, used on a cart before the wallet, never more than the balance or the
// amount to pay, spent when the order is placed and given back when it is canceled.

const { t, host, database, key } = checkoutTestFile('gift');

/** The kebab cart of readyCart: 2 koobideh and delivery, 3,152,950 rial in all. */
const TOTAL = 3_152_950;

async function creditGift(db: Database, rootId: number, userId: number, amount: number) {
  await db.insert(walletTransactions).values({ rootId, userId, operation: 'admin', amount, kind: 'gift' });
}

/** The sum of a user's successful rows of one kind of balance. */
async function ledger(db: Database, userId: number, kind: 'wallet' | 'gift'): Promise<number> {
  const rows = await db.select().from(walletTransactions).where(and(eq(walletTransactions.userId, userId), eq(walletTransactions.status, 'success'), eq(walletTransactions.kind, kind)));
  return rows.reduce((sum, row) => sum + row.amount, 0);
}

const amountOf = async (cookie: string, fields: string) => {
  const reply = await t.app.inject({ method: 'POST', url: '/wallet/wallet.php', headers: { host, cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: `code=user_amount_wallet&${fields}` });
  return reply.json() as { status: boolean; data: { amount: number; type: string | null } };
};

describe(`the discount bag: wallet type gift (${database})`, () => {
  it('Scenario: user_amount_wallet with type gift answers the gift balance; without a type, the wallet\'s', async () => {
    const { cookie, userId, catalog } = await readyCart(t);
    await creditWallet(t.db, catalog.shop.rootId!, userId, 1_000_000);
    await creditGift(t.db, catalog.shop.rootId!, userId, 250_000);
    expect((await amountOf(cookie, `user_id=${userId}&type=gift`)).data).toMatchObject({ amount: 250_000, type: 'gift' });
    expect((await amountOf(cookie, `user_id=${userId}`)).data).toMatchObject({ amount: 1_000_000 });
    const wallet = await call(t, host, cookie, 'get_wallet');
    expect(wallet.data.balance).toBe(1_000_000);
    expect(wallet.data.transactions).toHaveLength(1);
  });

  it('Scenario: use_wallet type gift pays from the bag first, the wallet the rest, never below zero; none_use_wallet type gift stops it', async () => {
    const { cookie, orderId, userId, catalog } = await readyCart(t);
    await creditGift(t.db, catalog.shop.rootId!, userId, 3_000_000);
    await creditWallet(t.db, catalog.shop.rootId!, userId, 1_000_000);
    const gift = await call(t, host, cookie, 'use_wallet', { order_id: orderId, type: 'gift' });
    expect(gift.status).toBe(200);
    expect(gift.data).toMatchObject({ balance: 1_000_000, used: 0, gift_balance: 3_000_000, gift_used: 3_000_000 });
    expect(gift.data.bill).toMatchObject({ total: TOTAL, gift: 3_000_000, wallet: 0, payable: TOTAL - 3_000_000 });
    expect((await call(t, host, cookie, 'get_cart')).data.order?.amount_wallet_gift).toBe(3_000_000);

    const both = await call(t, host, cookie, 'use_wallet', { order_id: orderId });
    expect(both.data.bill).toMatchObject({ gift: 3_000_000, wallet: TOTAL - 3_000_000, payable: 0 });

    const released = await call(t, host, cookie, 'none_use_wallet', { order_id: orderId, type: 'gift' });
    expect(released.data).toMatchObject({ gift_used: 0, used: 1_000_000 });
    expect(released.data.bill).toMatchObject({ gift: 0, wallet: 1_000_000, payable: TOTAL - 1_000_000 });
    expect((await call(t, host, cookie, 'get_cart')).data.order?.amount_wallet_gift).toBe(0);
  });

  it('Scenario: a bag larger than the order pays only the order; placing spends it from the bag alone and the invoice shows it', async () => {
    const { cookie, orderId, userId, catalog } = await readyCart(t);
    await creditGift(t.db, catalog.shop.rootId!, userId, 5_000_000);
    await creditWallet(t.db, catalog.shop.rootId!, userId, 700_000);
    await call(t, host, cookie, 'use_wallet', { order_id: orderId, type: 'gift' });
    const placed = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'cash', idempotency_key: key() });
    expect(placed.data).toMatchObject({ status: 3, paid: true, payable: 0 });
    expect(await ledger(t.db, userId, 'gift')).toBe(5_000_000 - TOTAL);
    expect(await ledger(t.db, userId, 'wallet')).toBe(700_000);
    const invoice = await call(t, host, cookie, 'get_order_by_id', { id: orderId });
    expect(invoice.data.bill).toMatchObject({ total: TOTAL, gift: TOTAL, wallet: 0, payable: 0 });
  });

  it('Scenario: canceling a placed order gives the bag part back to the bag, and the wallet part to the wallet', async () => {
    const { cookie, orderId, userId, catalog } = await readyCart(t);
    await creditGift(t.db, catalog.shop.rootId!, userId, 1_000_000);
    await creditWallet(t.db, catalog.shop.rootId!, userId, 500_000);
    await call(t, host, cookie, 'use_wallet', { order_id: orderId, type: 'gift' });
    await call(t, host, cookie, 'use_wallet', { order_id: orderId });
    await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'cash', idempotency_key: key() });
    expect(await ledger(t.db, userId, 'gift')).toBe(0);
    expect(await ledger(t.db, userId, 'wallet')).toBe(0);
    const canceled = await call(t, host, cookie, 'update_status_order', { order_id: orderId, status: 7 });
    expect(canceled.status).toBe(200);
    expect(await ledger(t.db, userId, 'gift')).toBe(1_000_000);
    expect(await ledger(t.db, userId, 'wallet')).toBe(500_000);
  });

  it('Scenario: a canceled online payment gives the bag part back; the cart is open again', async () => {
    const { cookie, orderId, userId, catalog } = await readyCart(t);
    await creditGift(t.db, catalog.shop.rootId!, userId, 400_000);
    await call(t, host, cookie, 'use_wallet', { order_id: orderId, type: 'gift' });
    const placed = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'online', idempotency_key: key() });
    expect(placed.data.payable).toBe(TOTAL - 400_000);
    expect(await ledger(t.db, userId, 'gift')).toBe(0);
    // Any edit of a cart waiting at the bank voids the payment and gives back what placing took.
    await call(t, host, cookie, 'none_use_wallet', { order_id: orderId, type: 'gift' });
    expect(await ledger(t.db, userId, 'gift')).toBe(400_000);
    expect((await call(t, host, cookie, 'get_cart')).data.order?.id).toBe(orderId);
  });

  it('Scenario: an empty bag or an unknown type is refused in fa and en, and the cart is unchanged', async () => {
    const { cookie, orderId } = await readyCart(t);
    const empty = await call(t, host, cookie, 'use_wallet', { order_id: orderId, type: 'gift' });
    expect(empty.status).toBe(409);
    expect(empty.result).toBe('gift_empty');
    expect(empty.message).toBe('کیسه تخفیف شما خالی است.');
    expect((await call(t, host, cookie, 'use_wallet', { order_id: orderId, type: 'gift', language: 'en' })).message).toBe('Your discount bag is empty.');
    const unknown = await call(t, host, cookie, 'use_wallet', { order_id: orderId, type: 'coupon', language: 'en' });
    expect(unknown.status).toBe(400);
    expect(unknown.result).toBe('invalid_input');
    expect(unknown.message).toMatch(/type/);
    const bill = await call(t, host, cookie, 'get_discount_data', { order_id: orderId });
    expect(bill.data).toMatchObject({ gift: 0, wallet: 0, payable: TOTAL });
  });
});
