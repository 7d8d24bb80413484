import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { connect, type Connection } from '../../server/db/connection';
import { orderEvents, orders } from '../../server/db/schema';
import { createJobsRepository } from '../../server/repositories/jobs-repository';
import { createJobRunner } from '../../server/services/jobs/runner';
import { jobStores } from '../../server/plugins/services/jobs';
import { call, movableClock, readyCart } from './checkout-support/helpers';
import { staffLogin } from './helpers/console-client';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { freshDatabase } from './helpers/fresh-database';

/*
 * Two server instances on one PostgreSQL (the suite's PostgreSQL pass): each job runs once however many runners
 * race for it, an expiry runs once with both instances' runners at it, and disabling a staff member through one
 * instance logs them out on the other at once.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const quiet = { info: () => undefined, warn: () => undefined };


describe.skipIf(!adminUrl)('two instances on one PostgreSQL', () => {
  const clock = movableClock();
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let a: TestApp;
  let second: Connection;
  let b: FastifyInstance;
  beforeAll(async () => {
    database = await freshDatabase(adminUrl!, 'jobs');
    a = await createTestApp({ database: { connection: await connect({ url: database.url, dataDir: null }), drop: async () => undefined }, seed: false, clock: clock.now });
    second = await connect({ url: database.url, dataDir: null });
    b = await buildApp({ db: second.db, config: { defaultShop: 'kebab', spaDir: join(tmpdir(), 'storefront-no-spa'), nodeEnv: 'test' }, clock: clock.now, jobs: { pollMs: null } });
  });
  afterAll(async () => {
    await b?.close();
    await second?.close();
    await a?.close();
    await database?.drop();
  });

  it('Scenario: 40 due jobs, four runners on two connections racing: each job runs exactly once', async () => {
    const ran = new Map<string, number>();
    const kind = { maxAttempts: 3, retryAfterMs: () => 1_000, run: async (job: { key: string }) => void ran.set(job.key, (ran.get(job.key) ?? 0) + 1) };
    const keys = Array.from({ length: 40 }, (_, index) => `race-${index}`);
    for (const key of keys) await createJobsRepository(a.db).schedule({ kind: 'test.race', key, runAt: clock.now() });
    const runners = [a.db, a.db, second.db, second.db].map((db) => createJobRunner({ db, stores: jobStores, clock: clock.now, kinds: { 'test.race': kind }, log: quiet, batch: 3 }));
    const counts = await Promise.all(runners.map((runner) => runner.runDue()));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(40);
    expect([...ran.keys()].sort()).toEqual([...keys].sort());
    expect([...ran.values()].every((count) => count === 1)).toBe(true);
  });

  it("Scenario: an order's expiry with both instances' runners at it runs once", async () => {
    const cart = await readyCart(a);
    const placed = await call(a, cart.host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'online', idempotency_key: `instances-${Date.now()}` });
    expect(placed.data.status).toBe(2);
    clock.set(new Date(clock.now().getTime() + 20 * 60_000));
    const counts = await Promise.all([a.app.jobs.runDue(), b.jobs.runDue(), a.app.jobs.runDue(), b.jobs.runDue()]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(1);
    expect((await a.db.select().from(orderEvents).where(eq(orderEvents.orderId, cart.orderId))).map((event) => event.action)).toEqual(['expire']);
    expect((await a.db.select().from(orders).where(eq(orders.id, cart.orderId)))[0].status).toBe(1);
  });

  it('Scenario: disabling a staff member through one instance logs them out on the other at once', async () => {
    const owner = await staffLogin(a.app, 'kebab.localhost');
    await owner.api.call('team_add', { name: 'Reza', username: 'reza', password: 'reza-secret-1', role: 'staff' });
    const reza = await staffLogin(b, 'kebab.localhost', 'reza', 'reza-secret-1');
    expect((await reza.api.post({ code: 'access_requests' })).statusCode).toBe(200);
    const member = (await owner.api.call('team')).find((entry) => entry.username === 'reza')!;
    await owner.api.call('team_update', { staff_id: String(member.id), disabled: '1' });
    expect((await reza.api.post({ code: 'access_requests' })).statusCode).toBe(401);
    expect((await reza.api.call('staff_me')).staff).toBeNull();
  });
});
