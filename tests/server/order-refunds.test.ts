import { beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { DeliveryMethod } from '@contract/enums';
import { paymentStateOf } from '@contract/entities/order';
import { referrals, shops, walletTransactions } from '../../server/db/schema';
import { createConsoleSmsProvider } from '../../server/services/sms';
import { call, creditWallet, ledgerSum, readyCart } from './checkout-support/helpers';
import { moveTo, pendingOrder, rowsOfOrder, sandboxRow, staffMember } from './checkout-support/counter';
import { checkoutTestFile } from './checkout-support/test-file';

/*
 * Issue 30: what a staff change does with money and who hears of it. A cancel refunds exactly what was paid, once
 * (the wallet part as a refund row, the online part through the bank, cash nothing), whoever clicks how often; a
 * completion credits the referrer once; the customer's held poll hears of every change, and confirm and send reach
 * their phone when the shop sends order SMS.
 */

const { t, host, database, key, sms } = checkoutTestFile('refunds', { sms: (now) => createConsoleSmsProvider({ keepOutbox: true, clock: now }) });

let owner: Awaited<ReturnType<typeof staffMember>>;
let member: Awaited<ReturnType<typeof staffMember>>;
beforeAll(async () => {
  owner = await staffMember(t, 'kebab', 'owner');
  member = await staffMember(t, 'kebab', 'staff');
});

/** A kebab order paid partly from the wallet (1,000,000 rial) and the rest online through the sandbox bank, placed. */
async function walletAndOnlineOrder() {
  const cart = await readyCart(t);
  await creditWallet(t.db, cart.catalog.shop.rootId ?? cart.catalog.shop.id, cart.userId, 1_000_000);
  await call(t, host, cart.cookie, 'use_wallet', { order_id: cart.orderId });
  const placed = await call(t, host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'online', idempotency_key: key() });
  expect(placed.data).toMatchObject({ status: 2 });
  const paid = await t.app.inject({ method: 'POST', url: `${placed.data.redirect_url}/pay`, headers: { host } });
  expect(paid.statusCode).toBe(303);
  const verified = await call(t, host, cart.cookie, 'get_sep', { sep_id: placed.data.sep_id! });
  expect(verified.data).toMatchObject({ outcome: 'paid', status: 3 });
  return { ...cart, token: placed.data.sep_id!, online: placed.data.payable };
}

const refundRows = (userId: number, orderId: number) =>
  t.db
    .select()
    .from(walletTransactions)
    .where(and(eq(walletTransactions.userId, userId), eq(walletTransactions.orderId, orderId), eq(walletTransactions.operation, 'refund')));

describe(`a staff cancel refunds exactly what was paid, once (${database})`, () => {
  it('Scenario: a wallet + online order canceled by staff: the wallet part back as one refund row, the online part back at the bank', async () => {
    const order = await walletAndOnlineOrder();
    expect(order.online).toBeGreaterThan(0);
    expect(await ledgerSum(t.db, order.userId)).toBe(0);
    expect((await sandboxRow(t, order.token)).state).toBe('paid');
    const detail = await member.api.call('order_change', { order_id: order.orderId, action: 'cancel', reason: 'out of meat' });
    expect(detail.order.status).toBe(7);
    expect(await ledgerSum(t.db, order.userId)).toBe(1_000_000);
    expect((await refundRows(order.userId, order.orderId)).map((row) => [row.amount, row.kind])).toEqual([[1_000_000, 'wallet']]);
    expect((await sandboxRow(t, order.token)).state).toBe('refunded');
    expect(detail.payments).toEqual([expect.objectContaining({ status: 'paid', amount: order.online, refunded_at: expect.any(String) })]);
    expect(detail.events.map((event) => [event.action, event.from, event.to, event.actor])).toEqual([
      ['place', 2, 3, 'customer'],
      ['cancel', 3, 7, 'staff'],
    ]);
    expect(detail.ledger.map((row) => [row.operation, row.amount])).toEqual([
      ['buy', -1_000_000],
      ['refund', 1_000_000],
    ]);
    // The bank's refund is not a voided attempt's: the customer's order carries no "refunded to your wallet" notice,
    // and its invoice reads the online part as given back to the card (bank_refund), not to the wallet.
    const factor = (await call(t, host, order.cookie, 'get_order_by_id', { id: order.orderId })).data;
    expect(factor.notice).toBeUndefined();
    expect(factor.bank_refund).toBe(order.online);
    expect(paymentStateOf(factor)).toBe('refunded_to_card');
    // Issue 42: told whole, each refund with its amount and where it went; the wallet's rows name the order.
    expect(factor.refunds).toEqual([
      { to: 'wallet', amount: 1_000_000, pending: false },
      { to: 'card', amount: order.online, pending: false },
    ]);
    const wallet = (await call(t, host, order.cookie, 'get_wallet', {})).data;
    expect(wallet.transactions.filter((row) => row.order_id === order.orderId).map((row) => [row.purpose, row.amount])).toEqual([
      ['refund', 1_000_000],
      ['purchase', -1_000_000],
    ]);
  });

  it('Scenario: two staff cancel the same paid order at once: one cancel, one refund; the other is refused and writes nothing', async () => {
    const order = await walletAndOnlineOrder();
    const answers = await Promise.all([
      owner.api.post({ code: 'order_change', order_id: order.orderId, action: 'cancel', reason: 'duplicate' }),
      member.api.post({ code: 'order_change', order_id: order.orderId, action: 'cancel', reason: 'duplicate' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await refundRows(order.userId, order.orderId)).toHaveLength(1);
    expect(await ledgerSum(t.db, order.userId)).toBe(1_000_000);
    expect((await rowsOfOrder(t, order.orderId, order.userId)).events.filter((event) => event.action === 'cancel')).toHaveLength(1);
    // A retry of the same click (after a lost answer) is refused the same way and refunds nothing more.
    expect((await owner.api.post({ code: 'order_change', order_id: order.orderId, action: 'cancel', reason: 'duplicate' })).statusCode).toBe(409);
    expect(await ledgerSum(t.db, order.userId)).toBe(1_000_000);
  });

  it('Scenario: a cash order canceled by staff refunds nothing', async () => {
    const order = await pendingOrder(t, key);
    const before = await rowsOfOrder(t, order.orderId, order.userId);
    await owner.api.call('order_change', { order_id: order.orderId, action: 'cancel', reason: 'closed' });
    const after = await rowsOfOrder(t, order.orderId, order.userId);
    expect(after.ledger).toEqual(before.ledger);
    expect(after.payments).toEqual([]);
  });
});

describe(`the referral reward (${database})`, () => {
  it("Scenario: two completions of the referred customer's first order at once credit the referrer once, the shop's referral_reward", async () => {
    const [kebab] = await t.db.select().from(shops).where(eq(shops.slug, 'kebab'));
    const inviter = await t.signIn('kebab');
    const order = await pendingOrder(t, key);
    await t.db.insert(referrals).values({ inviterId: inviter.userId, inviteeId: order.userId, rootId: kebab.rootId ?? kebab.id });
    await moveTo(owner.api, order.orderId, 5);
    const answers = await Promise.all([owner.api.post({ code: 'order_change', order_id: order.orderId, action: 'complete' }), member.api.post({ code: 'order_change', order_id: order.orderId, action: 'complete' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const credits = await t.db.select().from(walletTransactions).where(eq(walletTransactions.userId, inviter.userId));
    expect(credits.map((row) => [row.operation, row.amount, row.orderId])).toEqual([['system', kebab.referralReward, order.orderId]]);
    // Issue 42: the inviter's wallet says what the credit is for, not a bare "increase by system".
    const wallet = (await call(t, host, inviter.cookie, 'get_wallet', {})).data;
    expect(wallet.transactions.map((row) => [row.purpose, row.amount])).toEqual([['referral', kebab.referralReward]]);
  });
});

describe(`the customer hears of each change (${database})`, () => {
  const held = (watches: number) => vi.waitFor(() => expect(t.app.live.stats().watches).toBe(watches), { timeout: 4_000, interval: 5 });

  it("Scenario: a staff confirm answers the customer's held long poll with order_status; the staff's poll hears the placing and the change with the counts", async () => {
    const cart = await readyCart(t);
    const staffFirst = await member.api.call('staff_longpull', { count: 0 });
    const staffWaiting = member.api.call('staff_longpull', { count: staffFirst.count });
    await held(1);
    const placed = await call(t, host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'cash', idempotency_key: key() });
    const staffHeard = await staffWaiting;
    expect(staffHeard.events).toEqual([{ id: expect.any(Number), type: 'order_placed', order_id: cart.orderId }]);
    expect(staffHeard.unaccepted_count).toBeGreaterThanOrEqual(1);
    expect(staffHeard.unopened_count).toBeGreaterThanOrEqual(1);

    const first = await call(t, host, cart.cookie, 'longpull', { count: 0 });
    const waiting = call(t, host, cart.cookie, 'longpull', { count: first.data.count });
    await held(1);
    const detail = await member.api.call('order_change', { order_id: cart.orderId, action: 'confirm', ready_in: 25 });
    const heard = await waiting;
    expect(heard.data.events).toEqual([{ id: expect.any(Number), type: 'order_status', order_id: cart.orderId, action: 'confirm', status: 4, ready_at: detail.order.ready_at, ready_in: 25, reason: '', delivery_method: DeliveryMethod.courier }]);
    expect(sms.outbox(detail.order.customer.mobile)[0].text).toBe(`سفارش ${placed.data.tracking_code} در ${cart.catalog.shop.name} تایید شد و حدود ۲۵ دقیقه دیگر آماده است.`);

    // A cancel that gives money back tells the customer's wallet to read again.
    const next = call(t, host, cart.cookie, 'longpull', { count: heard.data.count });
    await held(1);
    await owner.api.call('order_change', { order_id: cart.orderId, action: 'cancel', reason: 'rain' });
    expect((await next).data.events.map((event) => event.type)).toEqual(['order_status']);
  });

  it('Scenario: with order SMS off the shop sends none; the wallet part of a canceled order announces wallet_changed', async () => {
    await t.db.update(shops).set({ orderSms: false }).where(eq(shops.slug, 'kebab'));
    try {
      const cart = await readyCart(t);
      await creditWallet(t.db, cart.catalog.shop.rootId ?? cart.catalog.shop.id, cart.userId, 500_000);
      await call(t, host, cart.cookie, 'use_wallet', { order_id: cart.orderId });
      await call(t, host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'cash', idempotency_key: key() });
      const first = await call(t, host, cart.cookie, 'longpull', { count: 0 });
      const detail = await owner.api.call('order_change', { order_id: cart.orderId, action: 'confirm', ready_in: 10 });
      await t.app.jobs.runDue();
      expect(sms.outbox(detail.order.customer.mobile)).toEqual([]);
      const waiting = call(t, host, cart.cookie, 'longpull', { count: first.data.count });
      const heardConfirm = await waiting;
      expect(heardConfirm.data.events.map((event) => event.type)).toEqual(['order_status']);
      const next = call(t, host, cart.cookie, 'longpull', { count: heardConfirm.data.count });
      await held(1);
      await owner.api.call('order_change', { order_id: cart.orderId, action: 'cancel', reason: 'rain' });
      expect((await next).data.events.map((event) => event.type)).toEqual(['order_status', 'wallet_changed']);
      expect(await ledgerSum(t.db, cart.userId)).toBe(500_000);
    } finally {
      await t.db.update(shops).set({ orderSms: true }).where(eq(shops.slug, 'kebab'));
    }
  });
});
