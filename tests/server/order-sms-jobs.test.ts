import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq, like } from 'drizzle-orm';
import { jobs, shops } from '../../server/db/schema';
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
  const templates = { login_code: 'login', order_confirmed: 'order-confirmed', order_sent: 'order-sent', order_new: 'order-new' };
  kavenegar = createKavenegarProvider({ apiKey: KEY, templates, url: double.url, timeoutMs: 1_500 });
  for (const template of ['login', 'order-confirmed', 'order-sent', 'order-new']) double.templates.add(template);
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
