import { randomBytes } from 'node:crypto';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../server/app';
import { sessions, shops, users } from '../../server/db/schema';
import { hashToken } from '../../server/repositories/user-repository';
import type { TrustProxy } from '../../server/config';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ seeded: true });
});
afterAll(async () => {
  await database.drop();
});

/** Bounds a test can wait out: a head in 400 ms, a body in 400 ms plus 1 KB/s, 4 connections per address. */
const SHORT = { headMs: 400, bodyBaseMs: 400, bodyBytesPerSecond: 1024, perAddress: 4, checkEveryMs: 100 };

/** Bounds no scenario waits out, where a scenario needs its connections held open. */
const PATIENT = { ...SHORT, headMs: 60_000, bodyBaseMs: 60_000 };

async function listening(options: { trustProxy?: TrustProxy; longpollHoldMs?: number; limits?: typeof SHORT } = {}): Promise<{ app: FastifyInstance; port: number }> {
  const app = await buildApp({
    db: database.connection.db,
    config: { defaultShop: 'kebab', spaDir: join(tmpdir(), `storefront-no-spa-${randomBytes(4).toString('hex')}`), nodeEnv: 'test', longpollHoldMs: options.longpollHoldMs },
    trustProxy: options.trustProxy,
    slowClients: options.limits ?? SHORT,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, port: (app.server.address() as { port: number }).port };
}

/** A customer of kebab with a live session; its Cookie value. */
async function signIn(): Promise<string> {
  const db = database.connection.db;
  const [shop] = await db.select().from(shops).where(eq(shops.slug, 'kebab'));
  const [user] = await db.insert(users).values({ rootId: shop.rootId ?? shop.id, mobile: '09120000712', name: 'سارا', accessFlag: 1 }).returning();
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({ id: hashToken(token), userId: user.id, rootId: user.rootId, expiresAt: new Date(Date.now() + 86_400_000) });
  return `sid=${token}`;
}

interface Client {
  socket: Socket;
  /** resolves when the server closed the connection */
  closed: Promise<void>;
  readonly isClosed: boolean;
  received: () => string;
}

/** A raw connection from `from` (a loopback address: 127.0.0.x are all this machine). */
function open(port: number, from = '127.0.0.1'): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: from });
    let text = '';
    let isClosed = false;
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('error', () => undefined);
    const closed = new Promise<void>((done) => socket.on('close', () => ((isClosed = true), done())));
    socket.once('connect', () =>
      resolve({
        socket,
        closed,
        get isClosed() {
          return isClosed;
        },
        received: () => text,
      }),
    );
    socket.once('error', reject);
  });
}

const head = (length: number) => `POST /order/order.php HTTP/1.1\r\nHost: kebab.localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${length}\r\n\r\n`;

/** A whole get_shop over a fresh connection from `from`: its status line. */
async function getShop(port: number, from: string): Promise<string> {
  const client = await open(port, from);
  client.socket.write(`${head(13).replace('HTTP/1.1\r\n', 'HTTP/1.1\r\nConnection: close\r\n')}code=get_shop`);
  await client.closed;
  return client.received().split('\r\n')[0];
}

describe('slow clients: a request must arrive in bounded time, and one address holds a bounded number of connections', () => {
  it('Scenario: a head sent too slowly and a body trickled past its time are closed; a whole request is answered', async () => {
    const { app, port } = await listening();
    try {
      const slowHead = await open(port);
      slowHead.socket.write('POST /order/order.php HTTP/1.1\r\nHost: kebab.localhost\r\n');
      const slowBody = await open(port);
      // 100 bytes declared (400 ms + 100 ms at 1 KB/s); one byte now and then, never all of them.
      slowBody.socket.write(`${head(100)}code=get_shop&x=`);
      const trickle = setInterval(() => slowBody.socket.write('a'), 150);
      try {
        await vi.waitFor(() => expect({ head: slowHead.isClosed, body: slowBody.isClosed }).toEqual({ head: true, body: true }), { timeout: 10_000, interval: 50 });
      } finally {
        clearInterval(trickle);
      }
      // Neither was answered as if its request had come: the slow body's form never reached the route.
      expect(slowBody.received()).not.toContain('"status":true');
      expect(await getShop(port, '127.0.0.1')).toBe('HTTP/1.1 200 OK');
    } finally {
      await app.close();
    }
  });

  it('Scenario: a long poll held past every bound is answered, not cut', async () => {
    const { app, port } = await listening({ longpollHoldMs: 1_500 });
    try {
      const cookie = await signIn();
      const client = await open(port);
      // At a shop without any live event a count of 0 is already the cursor: the poll is held for its whole hold.
      const form = 'code=longpull&count=0';
      client.socket.write(`${head(form.length).replace('HTTP/1.1\r\n', `HTTP/1.1\r\nConnection: close\r\nCookie: ${cookie}\r\n`)}${form}`);
      await vi.waitFor(() => expect(app.live.stats().watches).toBe(1), { timeout: 5_000, interval: 20 });
      await client.closed;
      expect(client.received().split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
      expect(client.received()).toContain('"events":[]');
    } finally {
      await app.close();
    }
  });

  it('Scenario: one address past its connections has the newest closed at once; another address is served meanwhile', async () => {
    const { app, port } = await listening({ limits: PATIENT });
    const held: Client[] = [];
    try {
      held.push(...(await Promise.all(Array.from({ length: SHORT.perAddress }, () => open(port, '127.0.0.2')))));
      // Each sends its request's head slowly (one header line), so the server holds it open for now.
      for (const client of held) client.socket.write('POST /order/order.php HTTP/1.1\r\n');
      const extra = await open(port, '127.0.0.2');
      await extra.closed;
      expect(extra.received()).toBe('');
      expect(held.map((client) => client.isClosed)).toEqual(held.map(() => false));
      expect(await getShop(port, '127.0.0.3')).toBe('HTTP/1.1 200 OK');
      // Once one of them leaves, the address may open another.
      held[0].socket.destroy();
      await held[0].closed;
      await vi.waitFor(async () => expect(await getShop(port, '127.0.0.2')).toBe('HTTP/1.1 200 OK'), { timeout: 5_000, interval: 50 });
    } finally {
      for (const client of held) client.socket.destroy();
      await app.close();
    }
  });

  it('Scenario: behind a trusted proxy every connection is the proxy\'s, so the address is not capped', async () => {
    const { app, port } = await listening({ trustProxy: ['127.0.0.1'], limits: PATIENT });
    const held: Client[] = [];
    try {
      held.push(...(await Promise.all(Array.from({ length: SHORT.perAddress + 2 }, () => open(port, '127.0.0.4')))));
      for (const client of held) client.socket.write('POST /order/order.php HTTP/1.1\r\n');
      expect(await getShop(port, '127.0.0.4')).toBe('HTTP/1.1 200 OK');
      expect(held.some((client) => client.isClosed)).toBe(false);
    } finally {
      for (const client of held) client.socket.destroy();
      await app.close();
    }
  });
});
