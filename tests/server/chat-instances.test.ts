import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { DataOf } from '@contract/api';
import { buildApp } from '../../server/app';
import type { Connection } from '../../server/db/connection';
import { orders, users, type ShopRow } from '../../server/db/schema';
import { createConversationRepository } from '../../server/repositories/conversation-repository';
import { createLiveRepository } from '../../server/repositories/live-repository';
import { createSupportRepository } from '../../server/repositories/support-repository';
import { appendSupportMessage } from '../../server/services/chat/support-messages';
import { createInProcessBus, LISTENER_NAME, type EventBus } from '../../server/services/events';
import { customerAudience, staffAudience } from '../../server/services/live';
import { toSupportMessage } from '../../server/services/chat/chat-mappers';
import { chatClient, sessionFor, shopOf } from './helpers/chat';
import { CONSOLE_API } from '@contract/console/rules';
import { STAFF_COOKIE } from '../../server/http/staff-session';
import { createRepositories } from '../../server/repositories';
import { freshDatabase } from './helpers/fresh-database';
import { postgresInstance } from './helpers/postgres-instance';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';

/*
 * Two server instances on one database: a message written through one reaches a long-poll held on
 * the other within a second. On PGlite both run in one process on one in-process bus (as the
 * embedded server is one process); on PostgreSQL (the suite's PostgreSQL pass, TEST_DATABASE_URL)
 * each has its own pool and LISTEN connection, and a lost listener makes held polls read again.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const config = { defaultShop: 'kebab', spaDir: join(tmpdir(), 'storefront-no-spa'), nodeEnv: 'test' as const, longpollHoldMs: 60_000 };
type Poll = DataOf<'longpull'>;

interface Instance {
  app: FastifyInstance;
  db: Connection['db'];
  events: EventBus;
}

/** Resolves with the poll, or fails when it has not answered within `ms`. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** A new customer of `shop` with a session; their long-poll and API through any instance. */
async function customerOf(db: Connection['db'], shop: ShopRow) {
  const rootId = shop.rootId ?? shop.id;
  const [user] = await db.insert(users).values({ rootId, mobile: `0935${randomInt(0, 10_000_000).toString().padStart(7, '0')}`, name: 'مشتری' }).returning();
  const cookie = await sessionFor(db, user.id, rootId);
  const through = (instance: Instance) => chatClient(instance.app, `${shop.slug}.localhost`, cookie);
  return {
    userId: user.id,
    through,
    poll: (instance: Instance, count: number): Promise<Poll> => through(instance).call('longpull', { count: String(count) }),
  };
}

/** The seeded owner of `slug` signed into the console through one instance; console codes through any instance. */
async function staffOf(first: Instance, slug: string) {
  const host = `${slug}.localhost`;
  const login = await first.app.inject({
    method: 'POST',
    url: CONSOLE_API,
    headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ code: 'staff_login', username: 'admin', password: `demo-${slug}` }).toString(),
  });
  expect(login.statusCode, login.body).toBe(200);
  const cookie = `${STAFF_COOKIE}=${login.cookies.find((entry) => entry.name === STAFF_COOKIE)?.value}`;
  return async <T>(instance: Instance, code: string, fields: Record<string, string>): Promise<T> => {
    const response = await instance.app.inject({
      method: 'POST',
      url: CONSOLE_API,
      headers: { host, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ code, ...fields }).toString(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: T }).data;
  };
}

const held = (instance: Instance, watches: number) => vi.waitFor(() => expect(instance.app.live.stats().watches).toBe(watches), { timeout: 4_000, interval: 5 });

/** The scenarios both databases run. */
function acrossInstances(get: () => { a: Instance; b: Instance }) {
  it("Scenario: a customer's message in a conversation, sent through one instance, answers the peer's poll held on the other within 1 s", async () => {
    const { a, b } = get();
    const realestate = await shopOf(a.db, 'realestate');
    const buyer = await customerOf(a.db, realestate);
    const publisher = await customerOf(a.db, realestate);
    const conversation = await createConversationRepository(a.db, realestate, buyer.userId).open(publisher.userId, 'مغازه');
    await buyer.through(a).call('send_message_to_conversation', { to: String(conversation.id), text_message: 'first' });
    const { count } = await publisher.poll(b, 0);
    const waiting = publisher.poll(b, count);
    await held(b, 1);
    await buyer.through(a).call('send_message_to_conversation', { to: String(conversation.id), text_message: 'second' });
    const poll = await within(waiting, 1_000);
    expect(poll.events).toEqual([{ id: poll.count, type: 'new_message', conversation_id: conversation.id }]);
  });

  it("Scenario: the console's reply through one instance reaches the customer polling the other, and the customer's message reaches the console polling the other, each within 1 s", async () => {
    const { a, b } = get();
    const grocery = await shopOf(a.db, 'grocery');
    const customer = await customerOf(a.db, grocery);
    const staff = await staffOf(a, 'grocery');
    await customer.through(b).call('send_message_web', { name: 'Sara', message: 'hello' });

    const { count } = await customer.poll(b, 0);
    const waiting = customer.poll(b, count);
    await held(b, 1);
    const reply = await staff<{ id: number; from: string }>(a, 'support_reply', { user_id: String(customer.userId), message: 'سلام، در راه است' });
    const poll = await within(waiting, 1_000);
    expect(poll.events).toEqual([expect.objectContaining({ type: 'new_support_message', message: expect.objectContaining({ id: reply.id, from: 'shop' }) })]);

    const { count: staffCount } = await staff<{ count: number }>(b, 'staff_longpull', { count: '0' });
    const staffWaiting = staff<{ events: { type: string; user_id: number; message: { id: number } }[] }>(b, 'staff_longpull', { count: String(staffCount) });
    await held(b, 1);
    const sent = await customer.through(a).call('send_message_web', { name: 'Sara', message: 'ممنون' });
    const staffPoll = await within(staffWaiting, 1_000);
    expect(staffPoll.events).toEqual([expect.objectContaining({ type: 'new_support_message', user_id: customer.userId, message: expect.objectContaining({ id: sent.id }) })]);
  });

  it("Scenario: a staff change of an order through one instance answers the customer's poll held on the other with order_status", async () => {
    const { a, b } = get();
    const grocery = await shopOf(a.db, 'grocery');
    const customer = await customerOf(a.db, grocery);
    const staff = await staffOf(a, 'grocery');
    const bill = { pure_price: 500_000, discount_items: 0, first_order: 0, permanent_discount: 0, discount: 0, price: 500_000, discount_code: null, shipping: 0, tax: 0, packaging: 0, total: 500_000, gift: 0, wallet: 0, payable: 500_000 };
    const [order] = await a.db.insert(orders).values({ shopId: grocery.id, userId: customer.userId, status: 3, payment: 'cash', trackingCode: '4242', placedAt: new Date(), bill }).returning();
    const { count } = await customer.poll(b, 0);
    const waiting = customer.poll(b, count);
    await held(b, 1);
    await staff(a, 'order_change', { order_id: String(order.id), action: 'confirm', ready_in: '30' });
    const poll = await waiting;
    expect(poll.events).toEqual([expect.objectContaining({ type: 'order_status', order_id: order.id, action: 'confirm', status: 4, ready_in: 30 })]);
  });

  it("Scenario: a logout through one instance answers the session's polls held on the other within 1 s, with nothing new", async () => {
    const { a, b } = get();
    const grocery = await shopOf(a.db, 'grocery');
    const customer = await customerOf(a.db, grocery);
    await customer.through(a).call('send_message_web', { name: 'Sara', message: 'hello' });
    const { count } = await customer.poll(b, 0);
    const tabs = [customer.poll(b, count), customer.poll(b, count)];
    await held(b, 2);
    expect((await customer.through(a).post({ code: 'logout' })).statusCode).toBe(200);
    for (const tab of tabs) expect(await within(tab, 1_000)).toEqual({ count, events: [], unread: expect.objectContaining({ support: 0 }) });
    expect(b.app.live.stats().watches).toBe(0);
  });

  it("Scenario: a staff reply through one instance reaches the customer polling the other within 1 s; the customer's own send reaches their tab there too", async () => {
    const { a, b } = get();
    const grocery = await shopOf(a.db, 'grocery');
    const customer = await customerOf(a.db, grocery);
    await customer.through(a).call('send_message_web', { name: 'Sara', message: 'hello' });
    const { count } = await customer.poll(b, 0);
    const waiting = customer.poll(b, count);
    await held(b, 1);
    const sent = await appendSupportMessage({ repos: createRepositories(a.db, grocery), live: a.app.live }, { shop: grocery, userId: customer.userId, from: 'shop', name: grocery.name, message: 'پاسخ' });
    const poll = await within(waiting, 1_000);
    expect(poll.events).toEqual([{ id: poll.count, type: 'new_support_message', message: sent }]);

    const next = customer.poll(b, poll.count);
    await held(b, 1);
    const own = await customer.through(a).call('send_message_web', { name: 'Sara', message: 'thanks' });
    expect((await within(next, 1_000)).events).toEqual([expect.objectContaining({ type: 'new_support_message', message: own })]);
  });
}

// The PGlite run's own (TEST_DATABASE_URL unset: createTestDatabase gives PGlite, a copy of the run's
// seeded image); the PostgreSQL run would only repeat it on an embedded database built anew.
describe.skipIf(Boolean(adminUrl))('two instances on one PGlite (in-process bus)', () => {
  let database: TestDatabase;
  let connection: Connection;
  let bus: EventBus;
  let a: Instance;
  let b: Instance;
  beforeAll(async () => {
    database = await createTestDatabase({ seeded: true });
    connection = database.connection;
    bus = createInProcessBus();
    a = { app: await buildApp({ db: connection.db, config, events: bus }), db: connection.db, events: bus };
    b = { app: await buildApp({ db: connection.db, config, events: bus }), db: connection.db, events: bus };
  });
  afterAll(async () => {
    await a?.app.close();
    await b?.app.close();
    await bus?.close();
    await database?.drop();
  });

  acrossInstances(() => ({ a, b }));
});


/** One server instance: its own pool, its own LISTEN connection, its own app. */
const instanceOn = (url: string) => postgresInstance(url, config, { timeouts: { acquireMs: 2_000, statementMs: 5_000, lockMs: 2_000 } });

describe.skipIf(!adminUrl)('two instances on one PostgreSQL (LISTEN/NOTIFY)', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let a: Awaited<ReturnType<typeof instanceOn>>;
  let b: Awaited<ReturnType<typeof instanceOn>>;
  beforeAll(async () => {
    database = await freshDatabase(adminUrl!, 'chat');
    a = await instanceOn(database.url);
    b = await instanceOn(database.url);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  acrossInstances(() => ({ a, b }));

  it('Scenario: when the listening connection is lost, held polls read again and answer an event whose notice never came', async () => {
    const grocery = await shopOf(a.db, 'grocery');
    const customer = await customerOf(a.db, grocery);
    await customer.through(a).call('send_message_web', { name: 'Sara', message: 'hello' });
    const { count } = await customer.poll(b, 0);
    const waiting = customer.poll(b, count);
    await held(b, 1);
    // A reply committed with its event but never announced (its NOTIFY lost): only a re-read finds it.
    const stored = await a.db.transaction(async (tx) => {
      const row = await createSupportRepository(tx, grocery, customer.userId).insert({ sender: 'shop', name: grocery.name, body: 'unannounced', media: null, at: new Date() });
      const message = toSupportMessage(row);
      await createLiveRepository(tx, grocery).append([
        { audience: customerAudience(grocery.id, customer.userId), type: 'new_support_message', payload: { message } },
        { audience: staffAudience(grocery.id), type: 'new_support_message', payload: { user_id: customer.userId, message } },
      ]);
      return message;
    });
    expect(b.app.live.stats().watches).toBe(1);
    await a.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${LISTENER_NAME} and datname = current_database()`);
    const poll = await within(waiting, 2_000);
    expect(poll.events).toEqual([{ id: poll.count, type: 'new_support_message', message: stored }]);
    await vi.waitFor(() => expect(a.events.connected && b.events.connected).toBe(true), { timeout: 10_000, interval: 20 });
  });
});
