import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_URL } from '@contract/endpoints/upload';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { sessions, shops, users } from '../../server/db/schema';
import { hashToken } from '../../server/repositories/user-repository';
import { isDatabaseUnavailable } from '../../server/db/unavailable';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

interface LogLine {
  level: number;
  msg?: string;
  reqId?: string;
  err?: { message?: string };
}

let database: TestDatabase;
let app: FastifyInstance;
let port: number;
const lines: LogLine[] = [];
/** the errors the server met, as its error handler saw them */
const errors: unknown[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
  app = await buildApp({
    db: database.connection.db,
    config: { defaultShop: 'kebab', spaDir: join(tmpdir(), `storefront-no-spa-${randomBytes(4).toString('hex')}`), nodeEnv: 'test' },
    logger: { level: 'info', stream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) } },
  });
  app.addHook('onError', (_request, _reply, error, done) => {
    errors.push(error);
    done();
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

/** A customer of kebab with a live session (the upload reads its body only for one); its Cookie value. */
async function signIn(): Promise<string> {
  const db = database.connection.db;
  const [shop] = await db.select().from(shops).where(eq(shops.slug, 'kebab'));
  const [user] = await db.insert(users).values({ rootId: shop.rootId ?? shop.id, mobile: '09120000411', name: 'سارا', accessFlag: 1 }).returning();
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ id: hashToken(token), userId: user.id, rootId: user.rootId, expiresAt: new Date(Date.now() + 86_400_000) });
  return `sid=${token}`;
}

/** Sends the head and half of a body of `length` bytes, then breaks the connection off. */
function breakOff(path: string, contentType: string, half: string, length: number, cookie = ''): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      const head = `POST ${path} HTTP/1.1\r\nHost: kebab.localhost\r\nContent-Type: ${contentType}\r\nContent-Length: ${length}\r\n${cookie ? `Cookie: ${cookie}\r\n` : ''}\r\n`;
      socket.write(`${head}${half}`, () => {
        // Once the server has read what was sent, the client leaves (a reset, as a dropped phone's connection).
        setImmediate(() => socket.resetAndDestroy());
      });
    });
    socket.on('close', () => resolve());
    socket.on('error', reject);
  });
}

describe('a client that breaks its body off is not a database outage', () => {
  it('Scenario: urlencoded, multipart and upload bodies broken off mid-way log no "database unavailable" and are not an outage', async () => {
    const boundary = 'xyz';
    const cookie = await signIn();
    const cases: [string, string, string][] = [
      ['/order/order.php', 'application/x-www-form-urlencoded', 'code=get_shop&language=fa&note='],
      ['/order/order.php', `multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Disposition: form-data; name="code"\r\n\r\nget_shop\r\n--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nabc`],
      [UPLOAD_URL, `multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nmedia_message\r\n`],
    ];
    for (const [path, type, half] of cases) {
      const before = errors.length;
      await breakOff(path, type, half, half.length + 10_000, path === UPLOAD_URL ? cookie : '');
      // The server met the broken body (the upload's handler too, whose client left while it read the session).
      await vi.waitFor(() => expect(errors.length).toBe(before + 1), { timeout: 5_000 });
    }
    expect(errors.length).toBe(3);
    expect(lines.filter((line) => line.msg === 'database unavailable').map((line) => line.err?.message)).toEqual([]);
    for (const error of errors) expect(isDatabaseUnavailable(error), String(error)).toBe(false);
    // The server serves the next client as ever.
    const shop = await fetch(`http://127.0.0.1:${port}/order/order.php`, { method: 'POST', headers: { host: 'kebab.localhost', 'content-type': 'application/x-www-form-urlencoded' }, body: 'code=get_shop' });
    expect(shop.status).toBe(200);
  });

  it('Scenario: the database\'s own network failures stay an outage', () => {
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', errno: -104, syscall: 'read' });
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', syscall: 'connect' });
    expect(isDatabaseUnavailable(reset)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused]))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });
});
