import { afterAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { rateEvents } from '../../server/db/schema';
import { loadConfig } from '../../server/config';
import { createConsoleSmsProvider } from '../../server/services/sms';
import { browser, testClock } from './helpers/account-browser';
import { createTestApp, type TestApp } from './helpers/create-test-app';

const clock = testClock();
const sms = createConsoleSmsProvider({ keepOutbox: true, clock: clock.now });
const opened: TestApp[] = [];
afterAll(async () => {
  for (const app of opened) await app.close();
});

async function appWith(trustProxyEnv: string | undefined) {
  const test = await createTestApp({ clock: clock.now, sms, trustProxy: loadConfig({ TRUST_PROXY: trustProxyEnv }).trustProxy });
  opened.push(test);
  return test;
}

let phoneSeq = 2000000;
const freshPhone = () => `0936${String(phoneSeq++).padStart(7, '0')}`;

/** Ten login requests (fresh phones) from the proxy at 127.0.0.1, each with a new spoofed left-most X-Forwarded-For. */
async function tenLogins(test: TestApp, realClient: string) {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const proxy = browser(test, 'kebab.localhost', '127.0.0.1');
    const response = await proxy.post({ code: 'login', phone_number: freshPhone() }, { 'x-forwarded-for': `198.51.100.${attempt + 1}, ${realClient}` });
    statuses.push(response.statusCode);
  }
  return statuses;
}

const smsEventsOf = async (test: TestApp, subject: string) =>
  (await test.db.select().from(rateEvents).where(and(eq(rateEvents.kind, 'sms'), eq(rateEvents.subject, subject)))).length;

describe('TRUST_PROXY parsing', () => {
  it('Scenario: 1 is one hop, a number is that many hops, a list is addresses/CIDRs, unset trusts nothing', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 192.168.0.0/16,loopback' }).trustProxy).toEqual(['10.0.0.5', '192.168.0.0/16', 'loopback']);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.example' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(/TRUST_PROXY/);
  });
});

describe('the client address behind a proxy', () => {
  it('Scenario: with TRUST_PROXY=1 the address is the right-most hop the proxy added; rotating spoofed left-most values are still limited', async () => {
    const test = await appWith('1');
    const statuses = await tenLogins(test, '203.0.113.7');
    // The per-address SMS limit (3 per 10 minutes) holds: the spoofed values do not make new clients.
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    expect(await smsEventsOf(test, 'ip:203.0.113.7')).toBe(3);
    expect(await test.db.select().from(rateEvents).where(like(rateEvents.subject, 'ip:198.51.100.%'))).toEqual([]);
  });

  it('Scenario: with TRUST_PROXY naming the proxy address, the same holds', async () => {
    const test = await appWith('127.0.0.1');
    const statuses = await tenLogins(test, '203.0.113.8');
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(await smsEventsOf(test, 'ip:203.0.113.8')).toBe(3);
  });

  it('Scenario: a request that does not come from a trusted proxy is its own socket address, whatever it claims', async () => {
    const test = await appWith('10.9.9.9');
    const statuses = await tenLogins(test, '203.0.113.9');
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(await smsEventsOf(test, 'ip:127.0.0.1')).toBe(3);
    expect(await smsEventsOf(test, 'ip:203.0.113.9')).toBe(0);
  });

  it('Scenario: without TRUST_PROXY X-Forwarded-For is ignored', async () => {
    const test = await appWith(undefined);
    const statuses = await tenLogins(test, '203.0.113.10');
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(await smsEventsOf(test, 'ip:203.0.113.10')).toBe(0);
  });
});
