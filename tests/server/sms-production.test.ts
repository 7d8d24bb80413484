import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { loadConfig } from '../../server/config';
import { publicMessages, shops, staff, users, walletTransactions } from '../../server/db/schema';
import { seedDemoShops } from '../../server/seed';
import { DEMO_CUSTOMER } from '../../server/seed/demo-customer';
import { verifyPassword } from '../../server/services/password';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

// Issue 28, item 9: a public server neither prints login codes to its log nor hands out a funded demo account.

describe('SMS_PROVIDER in production', () => {
  it('Scenario: production with the console provider (the default) is refused in one sentence that names the way out', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/SMS_PROVIDER=console is refused in production.*SMS_CONSOLE_DEMO=1/);
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'console' })).toThrow(/SMS_PROVIDER=console/);
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_CONSOLE_DEMO: '0' })).toThrow(/SMS_PROVIDER=console/);
  });

  it('Scenario: a real provider, or a demo that says so, starts; outside production the console is the default', () => {
    const kavenegar = loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'kavenegar', SMS_API_KEY: 'key', SMS_TEMPLATE_LOGIN: 'storefront-login' }).sms;
    expect(kavenegar).toMatchObject({ provider: 'kavenegar', apiKey: 'key', apiUrl: null, templates: { login_code: 'storefront-login' }, timeoutMs: 5_000 });
    const smsirEnv = { SMS_PROVIDER: 'smsir', SMS_API_KEY: 'key', SMS_TEMPLATE_LOGIN: '100200', SMS_TEMPLATE_ORDER_SENT: '100201', SMS_TIMEOUT_MS: '3000' };
    const smsir = loadConfig({ NODE_ENV: 'production', ...smsirEnv }).sms;
    expect(smsir).toMatchObject({ provider: 'smsir', templates: { login_code: '100200', order_sent: '100201' }, timeoutMs: 3_000 });
    expect(loadConfig({ NODE_ENV: 'production', SMS_CONSOLE_DEMO: '1' }).sms.provider).toBe('console');
    expect(loadConfig({ NODE_ENV: 'production', SMS_CONSOLE_DEMO: 'true' }).sms.provider).toBe('console');
    expect(loadConfig({}).sms.provider).toBe('console');
    expect(loadConfig({ NODE_ENV: 'test' }).sms.provider).toBe('console');
  });

  it('Scenario: a flag or provider the server cannot read is refused by name, not taken as yes or no', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_CONSOLE_DEMO: 'yes' })).toThrow(/SMS_CONSOLE_DEMO must be 1 or 0/);
    const unknown = /SMS_PROVIDER=carrier-pigeon names no SMS provider this server knows \(console, kavenegar, smsir\)/;
    expect(() => loadConfig({ SMS_PROVIDER: 'carrier-pigeon' })).toThrow(unknown);
    // The generic JSON gateway is gone: no Iranian provider took its shape.
    const http = { NODE_ENV: 'production', SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example/send' };
    expect(() => loadConfig(http)).toThrow(/SMS_PROVIDER=http names no SMS provider/);
  });

  it('Scenario: a real provider without its key or its login template is refused at start, naming what is missing', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'kavenegar' })).toThrow(/SMS_PROVIDER=kavenegar needs SMS_API_KEY and SMS_TEMPLATE_LOGIN/);
    expect(() => loadConfig({ NODE_ENV: 'production', SMS_PROVIDER: 'kavenegar', SMS_API_KEY: 'key' })).toThrow(/needs SMS_TEMPLATE_LOGIN \(/);
    const production = { NODE_ENV: 'production' };
    expect(() => loadConfig({ ...production, SMS_PROVIDER: 'smsir', SMS_TEMPLATE_LOGIN: '100200' })).toThrow(/SMS_PROVIDER=smsir needs SMS_API_KEY \(/);
    expect(() => loadConfig({ ...production, SMS_PROVIDER: 'smsir', SMS_API_KEY: 'key', SMS_TEMPLATE_LOGIN: 'login', SMS_TEMPLATE_ORDER_NEW: 'x1' })).toThrow(
      /SMS_PROVIDER=smsir takes numeric template ids: SMS_TEMPLATE_LOGIN, SMS_TEMPLATE_ORDER_NEW are not/,
    );
    const ftp = { SMS_PROVIDER: 'kavenegar', SMS_API_KEY: 'key', SMS_TEMPLATE_LOGIN: 'login', SMS_API_URL: 'ftp://double' };
    expect(() => loadConfig(ftp)).toThrow(/SMS_API_URL must be an http\(s\) URL/);
    expect(() => loadConfig({ SMS_TIMEOUT_MS: 'soon' })).toThrow(/SMS_TIMEOUT_MS must be a whole number/);
  });

  // No database is involved (the server stops at its settings), so the PostgreSQL run of the server
  // suite (TEST_DATABASE_URL) leaves this start-up to the PGlite run instead of repeating it.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('Scenario: starting the server in production with no SMS provider set exits non-zero with that sentence', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'storefront-prod-sms-'));
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: '0', DATABASE_URL: '' };
    delete env.SMS_PROVIDER;
    delete env.SMS_CONSOLE_DEMO;
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, encoding: 'utf8', timeout: 60_000 });
    expect(run.status).not.toBeNull();
    expect(run.status).not.toBe(0);
    const output = run.stderr.trim();
    expect(output).toMatch(/SMS_PROVIDER=console is refused in production/);
    expect(output.split('\n')).toHaveLength(1);
    // Nothing was printed before the refusal: no code, no shop list.
    expect(run.stdout).toBe('');
  });
});

describe('the seed of a production server', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ seeded: false });
  });
  afterAll(() => database.drop());

  it('Scenario: the demo shops are seeded without the demo customer, its wallet credit or its chats; console passwords are random', async () => {
    const db = database.connection.db;
    const { seeded, staffLogins } = await seedDemoShops(db, { production: true });
    expect(seeded).toBe(true);
    expect((await db.select({ total: count() }).from(shops))[0].total).toBe(14);

    expect(await db.select().from(users).where(eq(users.mobile, DEMO_CUSTOMER.phone))).toEqual([]);
    expect((await db.select({ total: count() }).from(users))[0].total).toBe(0);
    expect((await db.select({ total: count() }).from(walletTransactions))[0].total).toBe(0);
    // The shop's own public notices are not the customer's: they stay.
    expect((await db.select({ total: count() }).from(publicMessages))[0].total).toBeGreaterThan(0);

    // No documented password opens a console.
    const [grocery] = await db.select().from(shops).where(eq(shops.slug, 'grocery'));
    const [owner] = await db.select().from(staff).where(eq(staff.rootId, grocery.id));
    expect(await verifyPassword(owner.passwordHash, 'demo-grocery')).toBe(false);
    const login = staffLogins.find((entry) => entry.slug === 'grocery')!;
    expect(await verifyPassword(owner.passwordHash, login.password)).toBe(true);
  });
});
