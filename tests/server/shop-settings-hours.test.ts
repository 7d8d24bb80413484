import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { OrderStatus } from '@contract/entities/order';
import { orders, shops, staffAudit } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { staffLogin, type ConsoleClient } from './helpers/console-client';
import { call, movableClock, readyCart } from './checkout-support/helpers';

/*
 * The owner's hours and holiday closing (issue 32, shop_hours_update): the owner's only, refused input writes
 * nothing, and the next customer read (get_shop, final_order) follows the change.
 * The clock: 14:00 Tehran on 1 June 2025 (helpers' OPEN_HOURS).
 */

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const KEBAB = 'kebab.localhost';
let t: TestApp;
const clock = movableClock();
let owner: ConsoleClient;
let keys = 0;
const key = () => `hours-${++keys}-${Date.now()}`;

const kebabRow = async () => (await t.db.select().from(shops).where(eq(shops.slug, 'kebab')))[0];
const hoursOf = (row: Awaited<ReturnType<typeof kebabRow>>) => ({ open: row.shiftOpen, opensAt: row.opensAt, closesAt: row.closesAt, closedUntil: row.closedUntil });
const hours = (fields: Partial<Record<'open' | 'opens_at' | 'closes_at' | 'closed_until', string>>) => ({ open: '1', opens_at: '', closes_at: '', closed_until: '', ...fields });

beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
  owner = (await staffLogin(t.app, KEBAB)).api;
});
afterAll(() => t?.close());

describe(`the owner's hours and holiday (${database})`, () => {
  it('Scenario: the owner closes the shop until tomorrow 10:00; the next customer reads it in get_shop and cannot place an order (409, fa and en say until when), nothing written; opening again lets them', async () => {
    const { cookie, orderId } = await readyCart(t);
    const closed = await owner.call('shop_hours_update', hours({ closed_until: '2025-06-02 10:00' }));
    // 10:00 Tehran is 06:30 UTC.
    expect(closed.hours).toEqual({ open: true, opens_at: null, closes_at: null, closed_until: '2025-06-02T06:30:00.000Z' });
    expect((await owner.call('shop_settings')).hours).toEqual(closed.hours);
    expect((await call(t, KEBAB, null, 'get_shop')).data.shift_data.closed_until).toBe('2025-06-02T06:30:00.000Z');

    const fa = await call(t, KEBAB, cookie, 'final_order', { order_id: orderId, payment: 'cash', preordertime: 'now', idempotency_key: key() });
    expect([fa.status, fa.result, fa.message]).toEqual([409, 'store_closed', 'فروشگاه تا ۱۲ خرداد ۱۴۰۴، ۱۰:۰۰ تعطیل است و سفارشی نمی‌پذیرد.']);
    const en = await call(t, KEBAB, cookie, 'final_order', { order_id: orderId, payment: 'cash', preordertime: '2025-06-03 12:00', idempotency_key: key(), language: 'en' });
    expect([en.status, en.result, en.message]).toEqual([409, 'store_closed', 'The shop is closed until 2 Jun 2025, 10:00 and takes no orders.']);
    const [cart] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(cart.status).toBe(OrderStatus.choosingProduct);

    await owner.call('shop_hours_update', hours({}));
    expect((await call(t, KEBAB, null, 'get_shop')).data.shift_data.closed_until).toBeNull();
    const placed = await call(t, KEBAB, cookie, 'final_order', { order_id: orderId, payment: 'cash', preordertime: 'now', idempotency_key: key() });
    expect(placed.ok, placed.message ?? '').toBe(true);

    // Once a holiday is over the shop takes orders again, without the owner doing anything.
    await owner.call('shop_hours_update', hours({ closed_until: '2025-06-02 10:00' }));
    const next = await readyCart(t);
    clock.set(new Date('2025-06-02T06:31:00Z'));
    try {
      const after = await call(t, KEBAB, next.cookie, 'final_order', { order_id: next.orderId, payment: 'cash', preordertime: 'now', idempotency_key: key() });
      expect(after.ok, after.message ?? '').toBe(true);
    } finally {
      clock.set(new Date('2025-06-01T10:30:00Z'));
      await owner.call('shop_hours_update', hours({}));
    }
  });

  it('Scenario: a shift past midnight (18:00–02:00): an order at 01:00 Tehran is placed, at 14:00 refused as closed; the switch off refuses even within the hours', async () => {
    await owner.call('shop_hours_update', hours({ opens_at: '۱۸:۰۰', closes_at: '02:00' }));
    const { cookie, orderId } = await readyCart(t);
    const day = await call(t, KEBAB, cookie, 'final_order', { order_id: orderId, payment: 'cash', preordertime: 'now', idempotency_key: key() });
    expect([day.status, day.result]).toEqual([409, 'store_closed']);
    clock.set(new Date('2025-06-01T21:30:00Z')); // 01:00 Tehran on the 2nd
    try {
      await owner.call('shop_hours_update', hours({ open: '0', opens_at: '18:00', closes_at: '02:00' }));
      const off = await call(t, KEBAB, cookie, 'final_order', { order_id: orderId, payment: 'cash', preordertime: 'now', idempotency_key: key() });
      expect([off.status, off.result]).toEqual([409, 'store_closed']);
      await owner.call('shop_hours_update', hours({ opens_at: '18:00', closes_at: '02:00' }));
      const night = await call(t, KEBAB, cookie, 'final_order', { order_id: orderId, payment: 'cash', preordertime: 'now', idempotency_key: key() });
      expect(night.ok, night.message ?? '').toBe(true);
    } finally {
      clock.set(new Date('2025-06-01T10:30:00Z'));
      await owner.call('shop_hours_update', hours({}));
    }
  });

  it('Scenario: bad hours are refused with the field named, in fa and en, and nothing is written', async () => {
    await owner.call('shop_hours_update', hours({ opens_at: '11:00', closes_at: '23:30' }));
    const before = hoursOf(await kebabRow());
    const audits = (await t.db.select().from(staffAudit)).length;
    const cases: [Record<string, string>, string, string, string][] = [
      [hours({ opens_at: '25:00', closes_at: '23:00' }), 'opens_at', '«ساعت شروع کار» زمان معتبری نیست؛ مثلا ۱۸:۳۰.', 'The opening time is not a valid time, e.g. 18:30.'],
      [hours({ opens_at: '10:00' }), 'closes_at', '«ساعت پایان کار» را وارد کنید.', 'Enter the closing time.'],
      [hours({ opens_at: '10:00', closes_at: '10:00' }), 'closes_at', 'ساعت پایان کار با ساعت شروع یکی است.', 'The closing time is the same as the opening time.'],
      [hours({ closed_until: '2025-05-31 10:00' }), 'closed_until', '«تعطیل تا» گذشته است؛ زمانی در آینده انتخاب کنید.', 'The closed-until time has passed; choose a time to come.'],
      [hours({ closed_until: '2025-02-30 10:00' }), 'closed_until', '«تعطیل تا» زمان معتبری نیست؛ مثلا ۱۸:۳۰.', 'The closed-until time is not a valid time, e.g. 18:30.'],
    ];
    for (const [fields, field, fa, en] of cases) {
      const faAnswer = await owner.post({ code: 'shop_hours_update', ...fields }, 'fa');
      expect([faAnswer.statusCode, faAnswer.body.result, faAnswer.body.message, faAnswer.body.data]).toEqual([400, 'invalid_input', fa, { field }]);
      const enAnswer = await owner.post({ code: 'shop_hours_update', ...fields }, 'en');
      expect([enAnswer.statusCode, enAnswer.body.message]).toEqual([400, en]);
    }
    const notAFlag = await owner.post({ code: 'shop_hours_update', ...hours({ open: '2' }) });
    expect([notAFlag.statusCode, notAFlag.body.result]).toEqual([400, 'invalid_input']);
    expect(hoursOf(await kebabRow())).toEqual(before);
    expect((await t.db.select().from(staffAudit)).length).toBe(audits);
    await owner.call('shop_hours_update', hours({}));
  });

  it("Scenario: a staff member who is not an owner is refused (403 owner_only) and nothing is written; another shop's console does not take the kebab owner's session", async () => {
    const username = `hours${Date.now() % 100_000}`;
    await owner.call('team_add', { name: 'Sara', username, password: `secret-${username}`, role: 'staff' });
    const staff = (await staffLogin(t.app, KEBAB, username, `secret-${username}`)).api;
    const before = hoursOf(await kebabRow());
    for (const code of ['shop_settings', 'shop_hours_update'] as const) {
      const refused = await staff.post({ code, ...hours({ open: '0' }) }, 'fa');
      expect([refused.statusCode, refused.body.result, refused.body.message]).toEqual([403, 'owner_only', 'این کار فقط از مالک فروشگاه برمی‌آید.']);
    }
    const { cookie } = await staffLogin(t.app, KEBAB);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/order/console/api',
      headers: { host: 'wholesale.localhost', cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ code: 'shop_hours_update', ...hours({ open: '0' }) }).toString(),
    });
    expect(elsewhere.statusCode).toBe(401);
    expect(hoursOf(await kebabRow())).toEqual(before);
    const [wholesale] = await t.db.select().from(shops).where(eq(shops.slug, 'wholesale'));
    expect(wholesale.shiftOpen).toBe(true);
  });
});
