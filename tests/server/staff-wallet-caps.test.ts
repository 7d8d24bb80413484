import { describe, expect, it } from 'vitest';
import { and, eq, gt } from 'drizzle-orm';
import type { CounterSettings } from '@contract/console/counter-entities';
import { ORDER_TOTAL_MAX_RIAL, STAFF_WALLET_DAY_LIMIT_RIAL } from '@contract/rules/counter';
import { orders, shops, staffAudit, walletTransactions } from '../../server/db/schema';
import { call, OPEN_HOURS, readyCart } from './checkout-support/helpers';
import { checkoutTestFile } from './checkout-support/test-file';
import { staffLogin, type ConsoleClient } from './helpers/console-client';

/*
 * The caps the owner sets in the console's counter settings: what a staff member (not an owner) adds to wallets in
 * one Tehran day (staff_wallet_day_limit, beside the per-adjustment staff_wallet_limit) and the most one order may
 * come to (order_total_max). Each is refused with a localised 4xx naming it, writing nothing, also under a race.
 */

const { t, clock, database, key } = checkoutTestFile('caps');
const KEBAB = 'kebab.localhost';

const settingsFields = (settings: CounterSettings) => ({
  payment_wait_minutes: String(settings.payment_wait_minutes),
  referral_reward: String(settings.referral_reward),
  order_sms: settings.order_sms ? '1' : '0',
  staff_wallet_limit: String(settings.staff_wallet_limit),
  staff_wallet_day_limit: String(settings.staff_wallet_day_limit),
  order_total_max: String(settings.order_total_max),
});

let memberSeq = 0;
/** A new staff member (role staff) added by the owner, logged in. */
async function newStaff(owner: ConsoleClient) {
  const username = `teller${++memberSeq}`;
  const password = `secret-${username}-long`;
  const member = await owner.call('team_add', { name: `Teller ${memberSeq}`, username, password, role: 'staff' });
  return { member, ...(await staffLogin(t.app, KEBAB, username, password)) };
}

const balanceOf = async (userId: number) =>
  (await t.db.select().from(walletTransactions).where(eq(walletTransactions.userId, userId))).reduce((sum, row) => sum + row.amount, 0);
const auditRows = async () => (await t.db.select().from(staffAudit)).length;

/** The owner with the counter's settings set to `changes` over what they are. */
async function ownerWith(changes: Partial<Record<keyof ReturnType<typeof settingsFields>, string>>) {
  const owner = await staffLogin(t.app, KEBAB);
  const settings = await owner.api.call('counter_settings');
  await owner.api.call('counter_settings_update', { ...settingsFields(settings), ...changes });
  return owner;
}

describe(`a staff member's wallet credits per Tehran day (${database})`, () => {
  it('Scenario: credits add up to the day limit and no further, in fa and en, nothing written; corrections are not counted; the owner goes past it; the next Tehran day starts again', async () => {
    clock.set(OPEN_HOURS);
    const owner = await ownerWith({ staff_wallet_limit: '12000000', staff_wallet_day_limit: '30000000' });
    const teller = await newStaff(owner.api);
    const [first, second] = [await t.signIn('kebab'), await t.signIn('kebab')];
    const credit = (userId: number, amount: number, language = 'en') =>
      teller.api.post({ code: 'wallet_adjust', user_id: String(userId), amount: String(amount), reason: 'top-up' }, language);
    expect((await credit(first.userId, 12_000_000)).statusCode).toBe(200);
    expect((await credit(second.userId, 12_000_000)).statusCode).toBe(200);
    // A correction takes money back: it neither counts nor gives room back.
    expect((await credit(first.userId, -2_000_000)).statusCode).toBe(200);

    const audits = await auditRows();
    const refused = await credit(second.userId, 7_000_000);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toMatchObject({ result: 'staff_wallet_day_limit' });
    expect(refused.body.message).toBe(
      "Staff may add at most 3,000,000 toman to wallets a day; 2,400,000 toman has been added today. Ask the shop's owner for more.",
    );
    const fa = await credit(second.userId, 7_000_000, 'fa');
    expect(fa.body.message).toBe(
      'کارمند در هر روز حداکثر ۳٬۰۰۰٬۰۰۰ تومان به کیف پول‌ها اضافه می‌کند؛ امروز ۲٬۴۰۰٬۰۰۰ تومان اضافه شده است. برای بیشتر، از مالک فروشگاه بخواهید.',
    );
    expect(await balanceOf(second.userId)).toBe(12_000_000);
    expect(await auditRows()).toBe(audits);

    expect((await credit(second.userId, 6_000_000)).statusCode).toBe(200);
    expect((await credit(first.userId, 1)).statusCode).toBe(403);
    const log = await owner.api.call('audit_log', { staff_id: String(teller.member.id), length: '1' });
    expect(log.entries[0]).toMatchObject({ action: 'wallet.adjust', detail: { amount: 6_000_000, added_today: 30_000_000 } });

    // The owner has neither limit.
    expect((await owner.api.post({ code: 'wallet_adjust', user_id: String(first.userId), amount: '50000000', reason: 'owner' })).statusCode).toBe(200);
    // Another member's day is their own.
    const other = await newStaff(owner.api);
    expect((await other.api.post({ code: 'wallet_adjust', user_id: String(first.userId), amount: '12000000', reason: 'x' })).statusCode).toBe(200);

    // Tehran's next day begins at 20:30 UTC (UTC+3:30).
    clock.set(new Date('2025-06-01T20:29:00Z'));
    expect((await credit(first.userId, 1_000_000)).statusCode).toBe(403);
    clock.set(new Date('2025-06-01T20:30:00Z'));
    expect((await credit(first.userId, 12_000_000)).statusCode).toBe(200);
    clock.set(OPEN_HOURS);
  });

  it('Scenario: 20 credits at once by one staff member, to 20 customers, cannot pass the day limit together; no 5xx', async () => {
    clock.set(new Date('2025-06-03T10:30:00Z'));
    const owner = await ownerWith({ staff_wallet_limit: '12000000', staff_wallet_day_limit: '30000000' });
    const teller = await newStaff(owner.api);
    const customers = await Promise.all(Array.from({ length: 20 }, () => t.signIn('kebab')));
    const replies = await Promise.all(
      customers.map(({ userId }) => teller.api.post({ code: 'wallet_adjust', user_id: String(userId), amount: '12000000', reason: 'rush' })),
    );
    const codes = replies.map((reply) => reply.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(2);
    expect(codes.filter((code) => code !== 200).every((code) => code === 403)).toBe(true);
    const rows = await t.db
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.staffId, teller.member.id), gt(walletTransactions.amount, 0)));
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(24_000_000);
    clock.set(OPEN_HOURS);
  });
});

describe(`the caps in the counter settings (${database})`, () => {
  it('Scenario: the owner reads and sets both caps; out of bounds is 400 naming the field, nothing written; the change is in the audit log', async () => {
    clock.set(OPEN_HOURS);
    const owner = await staffLogin(t.app, KEBAB);
    const before = await owner.api.call('counter_settings');
    expect(before).toMatchObject({ staff_wallet_day_limit: expect.any(Number), order_total_max: expect.any(Number) });
    const audits = await auditRows();
    for (const [field, value] of [
      ['staff_wallet_day_limit', '-1'],
      ['staff_wallet_day_limit', String(STAFF_WALLET_DAY_LIMIT_RIAL.max + 1)],
      ['order_total_max', String(ORDER_TOTAL_MAX_RIAL.min - 1)],
      ['order_total_max', '1.5'],
    ]) {
      for (const language of ['fa', 'en']) {
        const refused = await owner.api.post({ code: 'counter_settings_update', ...settingsFields(before), [field]: value }, language);
        expect(refused.statusCode, `${field}=${value}`).toBe(400);
        expect(refused.body.message).toContain(field);
      }
    }
    expect(await owner.api.call('counter_settings')).toEqual(before);
    expect(await auditRows()).toBe(audits);

    const caps = { staff_wallet_day_limit: '40000000', order_total_max: '900000000' };
    const changed = await owner.api.call('counter_settings_update', { ...settingsFields(before), ...caps });
    expect(changed).toEqual({ ...before, staff_wallet_day_limit: 40_000_000, order_total_max: 900_000_000 });
    const [row] = await t.db.select().from(shops).where(eq(shops.slug, 'kebab'));
    expect([row.staffWalletDayLimit, row.orderTotalMax]).toEqual([40_000_000, 900_000_000]);
    const log = await owner.api.call('audit_log', { length: '1' });
    expect(log.entries[0]).toMatchObject({
      action: 'settings.update',
      detail: { from: { order_total_max: before.order_total_max }, to: { staff_wallet_day_limit: 40_000_000, order_total_max: 900_000_000 } },
    });
    // A client that sends neither cap keeps them.
    const { staff_wallet_day_limit: _day, order_total_max: _order, ...older } = settingsFields(changed);
    expect(await owner.api.call('counter_settings_update', older)).toEqual(changed);
    await owner.api.call('counter_settings_update', settingsFields(before));
  });

  it("Scenario: the owner's lower order cap holds at the next final_order; the cart is refused (naming the cap) and stays open; raised again, it is placed", async () => {
    clock.set(OPEN_HOURS);
    const owner = await ownerWith({ order_total_max: '2000000' });
    const cart = await readyCart(t);
    const refused = await call(t, KEBAB, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'cash', idempotency_key: key(), language: 'en' });
    expect(refused.status).toBe(409);
    expect(refused.result).toBe('order_total_max');
    expect(refused.message).toContain('at most 200,000 toman');
    const [order] = await t.db.select().from(orders).where(eq(orders.id, cart.orderId));
    expect(order.status).toBe(1);
    const settings = await owner.api.call('counter_settings');
    await owner.api.call('counter_settings_update', { ...settingsFields(settings), order_total_max: String(ORDER_TOTAL_MAX_RIAL.default) });
    const placed = await call(t, KEBAB, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'cash', idempotency_key: key() });
    expect(placed.status, placed.message ?? '').toBe(200);
  });
});
