import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, like } from 'drizzle-orm';
import { jobs, loginRequests, rateEvents } from '../../server/db/schema';
import type { SmsProvider } from '../../server/services/sms';
import { createKavenegarProvider } from '../../server/services/sms/kavenegar-provider';
import { createSmsirProvider } from '../../server/services/sms/smsir-provider';
import { SMS_LOGIN } from '../../server/services/sms/sms-job-keys';
import { startSmsDouble, type SmsDouble } from '../doubles/sms-double';
import { browser, testClock } from './helpers/account-browser';
import { createTestApp, type TestApp } from './helpers/create-test-app';

/*
 * The Kavenegar and SMS.ir adapters against a local double of their verify APIs, through the real login: the code
 * sent with its template, a refused key (503 sms_failed, nothing kept), a provider that never answers or answers a
 * fault (the login says the SMS is delayed; the job's retry delivers it, never once the code would arrive stale).
 */

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const KEBAB = 'kebab.localhost';
const KEY = 'double-api-key';
let double: SmsDouble;

beforeAll(async () => {
  double = await startSmsDouble();
  double.keys.add(KEY);
  double.templates.add('storefront-login').add('100200');
});
afterAll(async () => {
  await double?.close();
});

const providers: { name: string; template: string; make: (url: string) => SmsProvider; codeOf: (values: Record<string, string>) => string | undefined }[] = [
  {
    name: 'kavenegar',
    template: 'storefront-login',
    make: (url) => createKavenegarProvider({ apiKey: KEY, templates: { login_code: 'storefront-login' }, url, timeoutMs: 1_500 }),
    codeOf: (values) => values.token,
  },
  {
    name: 'smsir',
    template: '100200',
    make: (url) => createSmsirProvider({ apiKey: KEY, templates: { login_code: '100200' }, url, timeoutMs: 1_500 }),
    codeOf: (values) => values.CODE,
  },
];

let phoneSeq = 2_000_000;
const freshPhone = () => `0936${String(phoneSeq++).padStart(7, '0')}`;
let ipSeq = 1;
const freshIp = () => `10.9.${Math.floor(ipSeq / 250)}.${ipSeq++ % 250}`;

describe.each(providers)(`SMS by $name against its double (${database})`, ({ name, template, make, codeOf }) => {
  const clock = testClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ clock: clock.now, sms: make(double.url) });
  });
  afterAll(async () => {
    double.mode = null;
    double.keys.add(KEY);
    await t?.close();
  });

  const sentTo = (phone: string) => double.sent.filter((message) => message.provider === name && message.to === phone);
  const lastLoginJob = async () => (await t.db.select().from(jobs).where(like(jobs.key, `${SMS_LOGIN}:%`)).orderBy(desc(jobs.id)).limit(1))[0];

  async function logIn(phone: string, code: string, client: ReturnType<typeof browser>) {
    const verified = await client.post({ code: 'check_verify_code', verify_code: code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().data).toEqual({ registered: false, user: null });
  }

  it('Scenario: the login code goes out with its template at once, and logs the customer in', async () => {
    const phone = freshPhone();
    const client = browser(t, KEBAB, freshIp());
    const response = await client.post({ code: 'login', phone_number: phone, language: 'en' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ phone, resend_after: 60, expires_in: 120, notice: null });
    const [sent] = sentTo(phone);
    expect(sent).toMatchObject({ to: phone, template });
    expect(codeOf(sent.values)).toMatch(/^\d{6}$/);
    // Done on its first try; the code left the job's payload when it ended.
    const job = await lastLoginJob();
    expect(job).toMatchObject({ attempts: 1, lastError: null });
    expect(job.doneAt).not.toBeNull();
    expect(job.payload).not.toHaveProperty('message');
    expect(JSON.stringify(job.payload)).not.toContain(codeOf(sent.values)!);
    await logIn(phone, codeOf(sent.values)!, client);
  });

  it('Scenario: a key the provider refuses: 503 sms_failed in en and fa, no login request, the limits untouched, never retried', async () => {
    double.keys.delete(KEY);
    try {
      const phone = freshPhone();
      const calls = double.calls;
      for (const [language, words] of [['en', /The login code could not be sent/], ['fa', /کد ورود ارسال نشد/]] as const) {
        const response = await browser(t, KEBAB, freshIp()).post({ code: 'login', phone_number: phone, language });
        expect(response.statusCode, response.body).toBe(503);
        expect(response.json()).toMatchObject({ status: false, result: 'sms_failed' });
        expect(response.json().message).toMatch(words);
        expect(response.cookies.find((cookie) => cookie.name === 'lrid')).toBeUndefined();
      }
      expect(double.calls).toBe(calls + 2);
      expect(await t.db.select().from(loginRequests).where(eq(loginRequests.mobile, phone))).toEqual([]);
      expect(await t.db.select().from(rateEvents).where(and(eq(rateEvents.kind, 'sms'), eq(rateEvents.subject, `phone:${phone}`)))).toEqual([]);
      const job = await lastLoginJob();
      expect(job.doneAt).not.toBeNull();
      expect(job.lastError).toMatch(new RegExp(`${name} refused the SMS \\(status (403|10)\\)`));
      expect(job.payload).not.toHaveProperty('message');
      clock.advance(30);
      await t.app.jobs.runDue();
      expect(double.calls).toBe(calls + 2);
      expect(sentTo(phone)).toEqual([]);
    } finally {
      double.keys.add(KEY);
    }
  });

  it('Scenario: a provider that never answers: the login says the SMS is delayed, and the try 10 s later delivers the code', async () => {
    const phone = freshPhone();
    const client = browser(t, KEBAB, freshIp());
    double.mode = 'hang';
    const response = await client.post({ code: 'login', phone_number: phone, language: 'en' });
    double.mode = null;
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.notice).toMatch(/The SMS with your code is delayed and we are trying again; .* after 60 seconds/);
    expect(sentTo(phone)).toEqual([]);
    expect(await lastLoginJob()).toMatchObject({ attempts: 1, doneAt: null, lastError: expect.stringMatching(/could not take the SMS/) });
    // Not due before its 10 s.
    clock.advance(9);
    expect(await t.app.jobs.runDue()).toBe(0);
    clock.advance(1);
    expect(await t.app.jobs.runDue()).toBe(1);
    const [sent] = sentTo(phone);
    expect(sent).toMatchObject({ to: phone, template });
    await logIn(phone, codeOf(sent.values)!, client);
  });

  it('Scenario: a provider fault (5xx) is retried, but not once the code would arrive with less than a minute to live', async () => {
    const phone = freshPhone();
    double.mode = 'fault';
    try {
      const response = await browser(t, KEBAB, freshIp()).post({ code: 'login', phone_number: phone });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().data.notice).toMatch(/ارسال پیامک کد با تاخیر انجام می‌شود/);
      clock.advance(10);
      expect(await t.app.jobs.runDue()).toBe(1);
      expect(await lastLoginJob()).toMatchObject({ attempts: 2, doneAt: null });
    } finally {
      double.mode = null;
    }
    // The third try is due 20 s later; found 61 s after the login, the code (120 s) would have 59 s left: not sent.
    clock.advance(51);
    expect(await t.app.jobs.runDue()).toBe(1);
    expect(sentTo(phone)).toEqual([]);
    const job = await lastLoginJob();
    expect(job.doneAt).not.toBeNull();
    expect(job.lastError).toMatch(/not sent: the code would arrive about to expire/);
    expect(job.payload).not.toHaveProperty('message');
  });
});

describe(`the adapters' other templates (${database})`, () => {
  it("Scenario: an order's confirmation goes with its code, minutes and shop in each provider's fields; an unset template is refused unsent", async () => {
    double.templates.add('order-confirmed').add('100300');
    const params = { CODE: 'K-1402', MINUTES: '25', SHOP: 'کباب سرای تهران' };
    const message = { to: '09361110000', text: 'unused by real providers', template: 'order_confirmed' as const, params };
    const kavenegarTemplates = { login_code: 'storefront-login', order_confirmed: 'order-confirmed' };
    const kavenegar = createKavenegarProvider({ apiKey: KEY, templates: kavenegarTemplates, url: double.url, timeoutMs: 1_500 });
    const smsir = createSmsirProvider({ apiKey: KEY, templates: { login_code: '100200', order_confirmed: '100300' }, url: double.url, timeoutMs: 1_500 });
    await kavenegar.send(message);
    await smsir.send(message);
    expect(double.sent.slice(-2)).toEqual([
      // The shop's name has spaces: token10 takes them, token and token2 would not.
      { provider: 'kavenegar', to: '09361110000', template: 'order-confirmed', values: { token: 'K-1402', token2: '25', token10: 'کباب سرای تهران' } },
      { provider: 'smsir', to: '09361110000', template: '100300', values: { CODE: 'K-1402', MINUTES: '25', SHOP: 'کباب سرای تهران' } },
    ]);
    const calls = double.calls;
    for (const provider of [kavenegar, smsir]) {
      expect(provider.supports('order_sent')).toBe(false);
      const unset = /no template (id )?is set for order_sent \(SMS_TEMPLATE_ORDER_SENT\)/;
      await expect(provider.send({ ...message, template: 'order_sent' })).rejects.toThrow(unset);
    }
    expect(double.calls).toBe(calls);
  });
});
