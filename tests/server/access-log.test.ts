import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  req?: { url?: string };
}

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
});
afterAll(async () => {
  await database.drop();
});

/** The app as main.ts builds it (Fastify's pino logger), its lines caught instead of printed. */
async function loggedApp(config: { nodeEnv: string; accessLog?: boolean }): Promise<{ app: FastifyInstance; lines: LogLine[] }> {
  const lines: LogLine[] = [];
  const app = await buildApp({
    db: database.connection.db,
    config: { defaultShop: 'kebab', spaDir: join(tmpdir(), `storefront-no-spa-${randomBytes(4).toString('hex')}`), ...config },
    logger: { level: 'info', stream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) } },
  });
  // A fault of the server's own, to see that its error is still logged with the request's id.
  app.get('/order/boom', () => {
    throw new Error('boom');
  });
  return { app, lines };
}

const getShop = (app: FastifyInstance) =>
  app.inject({ method: 'POST', url: '/order/order.php', headers: { host: 'kebab.localhost', 'content-type': 'application/x-www-form-urlencoded' }, payload: 'code=get_shop&language=fa' });

describe('the access log: a line per request outside production, none in production unless ACCESS_LOG asks', () => {
  it('Scenario: in production a served request and a refused one write no line; a fault is logged with its request id', async () => {
    const { app, lines } = await loggedApp({ nodeEnv: 'production' });
    try {
      expect((await getShop(app)).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/order/nothing-here' })).statusCode).toBe(404);
      expect(lines.filter((line) => line.reqId !== undefined)).toEqual([]);

      expect((await app.inject({ method: 'GET', url: '/order/boom' })).statusCode).toBe(500);
      const fault = lines.filter((line) => line.reqId !== undefined);
      expect(fault).toHaveLength(1);
      expect(fault[0]).toMatchObject({ level: 50, msg: 'boom' });
    } finally {
      await app.close();
    }
  });

  it('Scenario: with ACCESS_LOG (and outside production) each request is logged on arrival and at its end, under one request id', async () => {
    for (const config of [{ nodeEnv: 'production', accessLog: true }, { nodeEnv: 'development' }]) {
      const { app, lines } = await loggedApp(config);
      try {
        expect((await getShop(app)).statusCode).toBe(200);
        const request = lines.filter((line) => line.reqId !== undefined);
        expect(request.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
        expect(request[0].req?.url).toBe('/order/order.php');
        expect(request[1].reqId).toBe(request[0].reqId);
      } finally {
        await app.close();
      }
    }
  });

  it('Scenario: ACCESS_LOG is read as on or off, defaults to off in production only, and anything else is refused by name', () => {
    expect(loadConfig({}).accessLog).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', SMS_CONSOLE_DEMO: '1' }).accessLog).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SMS_CONSOLE_DEMO: '1', ACCESS_LOG: '1' }).accessLog).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', SMS_CONSOLE_DEMO: '1', ACCESS_LOG: 'true' }).accessLog).toBe(true);
    expect(loadConfig({ ACCESS_LOG: '0' }).accessLog).toBe(false);
    expect(loadConfig({ ACCESS_LOG: 'false' }).accessLog).toBe(false);
    expect(() => loadConfig({ ACCESS_LOG: 'yes' })).toThrow(/ACCESS_LOG must be 1 or 0/);
  });
});
