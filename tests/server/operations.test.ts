import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { migrate } from '../../server/db/migrate';
import { pgliteConnection } from '../../server/db/connection';
import { PgliteThread } from '../../server/db/pglite-thread';
import { codeLabel } from '../../server/services/operations/metrics';
import { createTestApp, type TestApp } from './helpers/create-test-app';

const TOKEN = 'metrics-token-of-the-tests';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN });
});
afterAll(async () => {
  await t?.close();
});

const get = (app: TestApp['app'], url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers: { host: 'nobody.example', ...headers } });
const scrape = async () => {
  const response = await get(t.app, '/metrics', { authorization: `Bearer ${TOKEN}` });
  expect(response.statusCode).toBe(200);
  return response.body;
};
/** The value of one sample line (`name{labels} value`), or null when the page has none. */
const sample = (page: string, line: string) => {
  const found = page.split('\n').find((entry) => entry.startsWith(`${line} `));
  return found === undefined ? null : Number(found.slice(line.length + 1));
};

describe("the operator's view: health, readiness and metrics on any host name", () => {
  it('Scenario: /healthz answers while the process runs and /readyz while the database and the bus answer, at a host name no shop has', async () => {
    const health = await get(t.app, '/healthz');
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await get(t.app, '/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('Scenario: /metrics counts requests by API code and status, unknown codes grouped, with the caches, long polls, jobs and the database', async () => {
    for (let index = 0; index < 3; index += 1) await t.call('kebab.localhost', { code: 'get_shop', language: 'fa' });
    await t.call('kebab.localhost', { code: 'no_such_code_1' });
    await t.call('kebab.localhost', { code: 'no_such_code_2' });
    await t.app.inject({ method: 'POST', url: '/order/console/api', headers: { host: 'kebab.localhost', 'content-type': 'application/x-www-form-urlencoded' }, payload: 'code=catalog' });
    const page = await scrape();
    expect(sample(page, 'storefront_http_request_duration_seconds_count{route="/order/order.php",code="get_shop",status="200"}')).toBe(3);
    // Two made-up codes are one series: a client cannot grow the label's values.
    expect(sample(page, 'storefront_http_request_duration_seconds_count{route="/order/order.php",code="unknown",status="400"}')).toBe(2);
    expect(page).not.toContain('no_such_code');
    expect(page).toMatch(/storefront_http_request_duration_seconds_count\{route="\/order\/console\/api",code="catalog",status="\d+"\} 1/);
    expect(page).toContain('storefront_http_request_duration_seconds_bucket{le="0.005",route="/order/order.php",code="get_shop",status="200"}');
    // The first get_shop read the snapshot and ran the action; the next two were answered from memory.
    expect(sample(page, 'storefront_reply_cache_misses_total')).toBeGreaterThanOrEqual(1);
    expect(sample(page, 'storefront_reply_cache_hits_total')).toBeGreaterThanOrEqual(2);
    expect(sample(page, 'storefront_read_cache_misses_total')).toBeGreaterThanOrEqual(1);
    expect(sample(page, 'storefront_longpolls_held')).toBe(0);
    expect(sample(page, 'storefront_jobs_due')).toBeGreaterThanOrEqual(0);
    expect(sample(page, 'storefront_jobs_scrape_ok')).toBe(1);
    expect(sample(page, 'storefront_http_requests_in_flight')).toBe(1);
    if (t.connection.kind === 'postgres') expect(sample(page, 'storefront_db_pool_clients{state="total"}')).toBeGreaterThanOrEqual(1);
    else expect(sample(page, 'storefront_db_pglite_queued')).toBe(0);
    expect(page).toContain('process_cpu_user_seconds_total');
  });

  it('Scenario: /metrics asks for its bearer token (401 without it or with another), and in production without a token it is not there (404)', async () => {
    expect((await get(t.app, '/metrics')).statusCode).toBe(401);
    const wrong = await get(t.app, '/metrics', { authorization: 'Bearer metrics-token-of-someone-else' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.headers['www-authenticate']).toContain('Bearer');
    expect(wrong.json()).toMatchObject({ status: false, result: 'metrics_token_required' });
    const english = await get(t.app, '/metrics', { 'accept-language': 'en' });
    expect(english.json().message).toContain('METRICS_TOKEN');
    expect((await get(t.app, '/metrics')).json().message).toMatch(/توکن/);
    const production = await createTestApp({ nodeEnv: 'production' });
    try {
      const hidden = await get(production.app, '/metrics');
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json()).toMatchObject({ status: false, result: 'not_found' });
      expect((await get(production.app, '/healthz')).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });

  it('Scenario: LOG_LEVEL takes pino\'s levels, defaults to info, and anything else is refused at start by name; a short METRICS_TOKEN is refused', () => {
    expect(loadConfig({}).logLevel).toBe('info');
    expect(loadConfig({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    expect(loadConfig({ LOG_LEVEL: 'WARN' }).logLevel).toBe('warn');
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_LEVEL: 'verbose' })).toThrow(/LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got verbose/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(loadConfig({ METRICS_TOKEN: TOKEN }).metricsToken).toBe(TOKEN);
    expect(loadConfig({ SHUTDOWN_TIMEOUT_MS: '5000' }).shutdown).toEqual({ delayMs: 0, timeoutMs: 5_000 });
    expect(() => loadConfig({ SHUTDOWN_DELAY_MS: 'soon' })).toThrow(/SHUTDOWN_DELAY_MS must be a whole number/);
  });

  it('Scenario: the code label is the API\'s name for known codes, "unknown" for any other, and empty outside the two dispatchers', () => {
    expect(codeLabel('/order/order.php', { code: ' get_shop ' })).toBe('get_shop');
    expect(codeLabel('/order/order.php', { code: 'x'.repeat(500) })).toBe('unknown');
    expect(codeLabel('/order/order.php', { code: ['get_shop'] })).toBe('unknown');
    expect(codeLabel('/order/order.php', undefined)).toBe('unknown');
    expect(codeLabel('/order/console/api', { code: 'get_shop' })).toBe('unknown');
    expect(codeLabel('/readyz', { code: 'get_shop' })).toBe('');
  });
});

// PGlite is embedded: "unreachable" is its thread gone (a crash, a close) or not answering `select 1` within the
// readiness timeout. PostgreSQL's outage is database-outage.test.ts's.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('readiness when the embedded database is gone (PGlite)', () => {
  it('Scenario: the PGlite thread dies; /readyz answers 503 naming the database while /healthz still answers', async () => {
    const thread = await PgliteThread.start();
    const connection = pgliteConnection(thread);
    await migrate(connection);
    const own = await createTestApp({ database: { connection, drop: () => connection.close() }, seed: false });
    try {
      expect((await get(own.app, '/readyz')).statusCode).toBe(200);
      await thread.crashForTest();
      const down = await get(own.app, '/readyz');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unready', database: 'unreachable', events: 'ok' });
      expect((await get(own.app, '/healthz')).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });
});
