import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, inArray, like } from 'drizzle-orm';
import { jobs, orders, shops } from '../../server/db/schema';
import type { SmsProvider } from '../../server/services/sms';
import { createKavenegarProvider } from '../../server/services/sms/kavenegar-provider';
import { SMS_ORDER_NEW, SMS_SEND } from '../../server/services/sms/sms-job-keys';
import { publishShopChanged } from '../../server/services/events/topics';
import { startSmsDouble, type SmsDouble } from '../doubles/sms-double';
import { moveTo, pendingOrder, staffMember } from './checkout-support/counter';
import { checkoutTestFile } from './checkout-support/test-file';

/*
 * The order SMS go through the jobs table with a real provider (Kavenegar's adapter against its double): a confirm the
 * provider could not take is retried and reaches the customer, never once stale; a new order tells the shop's mobile.
 */

const KEY = 'order-sms-key';
let double: SmsDouble | undefined;
// The app is made before the double has an address: it gets a provider that hands each message to the adapter made then.
let kavenegar: SmsProvider | undefined;
const adapter = () => {
  if (!kavenegar) throw new Error('the SMS double is not started');
  return kavenegar;
};
const provider: SmsProvider = { name: 'kavenegar', supports: (template) => adapter().supports(template), send: (message) => adapter().send(message) };
const { t, clock, database, key } = checkoutTestFile('order-sms', { sms: () => provider });

let owner: Awaited<ReturnType<typeof staffMember>>;
beforeAll(async () => {
  double = await startSmsDouble();
  double.keys.add(KEY);
  const templates = { login_code: 'login', order_confirmed: 'order-confirmed', order_confirmed_for: 'order-confirmed-for', order_sent: 'order-sent', order_new: 'order-new' };
  kavenegar = createKavenegarProvider({ apiKey: KEY, templates, url: double.url, timeoutMs: 1_500 });
  for (const template of ['login', 'order-confirmed', 'order-confirmed-for', 'order-sent', 'order-new']) double.templates.add(template);
  owner = await staffMember(t, 'kebab', 'owner');
});
afterAll(async () => {
  await double?.close();
});

const openJob = async (prefix: string) => (await t.db.select().from(jobs).where(like(jobs.key, `${prefix}%`)).orderBy(desc(jobs.id)).limit(1))[0];

describe(`order SMS as jobs, through Kavenegar's double (${database})`, () => {
  it('Scenario: a confirm whose SMS meets a provider fault stands, and the retry 30 s later reaches the customer with the code, minutes and shop', async () => {
    const order = await pendingOrder(t, key);
    double!.mode = 'fault';
    const changed = await owner.api.call('order_change', { order_id: order.orderId, action: 'confirm', ready_in: 25 });
    double!.mode = null;
    const mobile = changed.order.customer!.mobile;
    expect(double!.sent.filter((sms) => sms.to === mobile)).toEqual([]);
    const job = await openJob(`${SMS_SEND}:order:${order.orderId}:confirm`);
    expect(job).toMatchObject({ attempts: 1, doneAt: null, lastError: expect.stringMatching(/kavenegar could not take the SMS: 500/) });
    clock.set(new Date(clock.now().getTime() + 30_000));
    await t.app.jobs.runDue();
    const [kebab] = await t.db.select().from(shops).where(eq(shops.slug, 'kebab'));
    expect(double!.sent.filter((sms) => sms.to === mobile)).toEqual([
      { provider: 'kavenegar', to: mobile, template: 'order-confirmed', values: { token: order.trackingCode, token2: '25', token10: kebab.name } },
    ]);
  });

  it('Scenario: a pre-order confirmed with no minutes is ready for its own day and time; the customer\'s SMS says that day and time, not minutes', async () => {
    const order = await pendingOrder(t, key);
    // Wanted two days on at 12:30 Tehran: whatever the test clock says, that is ahead.
    const day = new Date(clock.now().getTime() + 2 * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Tehran' });
    await t.db.update(orders).set({ deliveryTime: `${day} 12:30` }).where(eq(orders.id, order.orderId));
    const changed = await owner.api.call('order_change', { order_id: order.orderId, action: 'confirm' });
    expect(changed.order.status).toBe(4);
    expect(changed.order.ready_at).toBe(new Date(`${day}T12:30:00+03:30`).toISOString());
    const mobile = changed.order.customer!.mobile;
    const [kebab] = await t.db.select().from(shops).where(eq(shops.slug, 'kebab'));
    const time = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { timeZone: 'Asia/Tehran', month: 'long', day: 'numeric' }).format(new Date(`${day}T12:30:00+03:30`));
    expect(double!.sent.filter((sms) => sms.to === mobile)).toEqual([
      { provider: 'kavenegar', to: mobile, template: 'order-confirmed-for', values: { token: order.trackingCode, token20: expect.stringMatching(new RegExp(`^${time}\\D*۱۲:۳۰$`)), token10: kebab.name } },
    ]);
  });

  it('Scenario: an order wanted now, or one whose time has passed, is refused a confirm without minutes, nothing written', async () => {
    const now = await pendingOrder(t, key);
    const refused = await owner.api.post({ code: 'order_change', order_id: now.orderId, action: 'confirm' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatchObject({ result: 'invalid_input', message: 'Enter when the order will be ready, in minutes (1 to 1440).' });
    const past = await pendingOrder(t, key);
    const yesterday = new Date(clock.now().getTime() - 86_400_000).toLocaleDateString('en-CA', { timeZone: 'Asia/Tehran' });
    await t.db.update(orders).set({ deliveryTime: `${yesterday} 12:30` }).where(eq(orders.id, past.orderId));
    expect((await owner.api.post({ code: 'order_change', order_id: past.orderId, action: 'confirm' })).statusCode).toBe(400);
    const statuses = await t.db.select({ status: orders.status }).from(orders).where(inArray(orders.id, [now.orderId, past.orderId]));
    expect(statuses.map((row) => row.status)).toEqual([3, 3]);
  });

  it('Scenario: an order SMS the provider cannot take for a quarter of an hour is dropped, not sent late', async () => {
    const order = await pendingOrder(t, key);
    await moveTo(owner.api, order.orderId, 4);
    double!.mode = 'fault';
    try {
      expect((await owner.api.post({ code: 'order_change', order_id: order.orderId, action: 'send' })).statusCode).toBe(200);
      clock.set(new Date(clock.now().getTime() + 16 * 60_000));
    } finally {
      double!.mode = null;
    }
    await t.app.jobs.runDue();
    const job = await openJob(`${SMS_SEND}:order:${order.orderId}:send`);
    expect(job.doneAt).not.toBeNull();
    expect(job.lastError).toMatch(/not sent: stale since/);
  });

  it("Scenario: a new order tells the shop's mobile once, with its tracking code; a shop whose phone is no mobile gets none", async () => {
    const [kebab] = await t.db.select().from(shops).where(eq(shops.slug, 'kebab'));
    // Written as the console's settings would: the shop's row is dropped from every instance's cache.
    const setPhone = async (phone: string) => {
      await t.db.update(shops).set({ phone }).where(eq(shops.id, kebab.id));
      await publishShopChanged(t.app.events, [kebab.id]);
    };
    await setPhone('0912 111 0000');
    try {
      const order = await pendingOrder(t, key);
      await t.app.jobs.runDue();
      await t.app.jobs.runDue();
      expect(double!.sent.filter((sms) => sms.to === '09121110000')).toEqual([
        { provider: 'kavenegar', to: '09121110000', template: 'order-new', values: { token: order.trackingCode, token10: kebab.name } },
      ]);
      await setPhone('021 8888 0000');
      const other = await pendingOrder(t, key);
      expect(await t.db.select().from(jobs).where(eq(jobs.key, `${SMS_ORDER_NEW}:${other.orderId}`))).toEqual([]);
    } finally {
      await setPhone(kebab.phone);
    }
  });
});
