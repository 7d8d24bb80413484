import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { DataOf } from '@contract/api';
import { supportMessages, type ShopRow } from '../../server/db/schema';
import { createRepositories } from '../../server/repositories';
import { appendPublicMessage } from '../../server/services/chat/public-messages';
import { appendSupportMessage } from '../../server/services/chat/support-messages';
import { QUIET_ANSWER_TRUST_MS } from '../../server/services/live/quiet-answers';
import { chatClient, shopOf } from './helpers/chat';
import { createTestApp, type TestApp } from './helpers/create-test-app';

/*
 * A poll whose hold passed with nothing new comes back with the same cursor: it is held on that answer without reading
 * the database (services/live/quiet-answers.ts), until one of its audiences has an event, the customer reads their
 * messages, the session ends, or QUIET_ANSWER_TRUST_MS passes. The app holds 150 ms, so every poll here is answered.
 */

type Poll = DataOf<'longpull'>;

let t: TestApp;
let grocery: ShopRow;
let now = Date.parse('2026-12-07T08:00:00Z');
beforeAll(async () => {
  t = await createTestApp({ longpollHoldMs: 150, clock: () => new Date(now) });
  grocery = await shopOf(t.db, 'grocery');
});
afterAll(async () => {
  await t?.close();
});

let ipSeq = 1;
async function customer() {
  const { userId, cookie } = await t.signIn('grocery');
  const api = chatClient(t.app, 'grocery.localhost', cookie, `10.47.0.${ipSeq++}`);
  return { userId, api, poll: (count: number): Promise<Poll> => api.call('longpull', { count: String(count) }) };
}

const reply = (userId: number, message: string) =>
  appendSupportMessage({ repos: createRepositories(t.db, grocery), live: t.app.live }, { shop: grocery, userId, from: 'shop', name: grocery.name, message, at: new Date(now) });

/** A shop's reply written outside the app: no event, nothing announced. */
const replyBehindTheApp = (userId: number) =>
  t.db.insert(supportMessages).values({ shopId: grocery.id, userId, sender: 'shop', name: grocery.name, body: 'written by hand', createdAt: new Date(now) });

/** Runs `during` while the live log cannot be read: a poll that reads fails, one that reads nothing is answered. */
async function withLogUnreadable<T>(during: () => Promise<T>): Promise<T> {
  await t.db.execute(sql`alter table live_events rename to live_events_away`);
  try {
    return await during();
  } finally {
    await t.db.execute(sql`alter table live_events_away rename to live_events`);
  }
}

/** A customer whose first poll (count 0) gave the cursor and whose second hold passed with nothing new. */
async function quietCustomer() {
  const someone = await customer();
  await reply(someone.userId, 'an event, so the shop has a cursor');
  const { count } = await someone.poll(0);
  const quiet = await someone.poll(count);
  expect(quiet).toEqual({ count, events: [], unread: expect.objectContaining({ support: 1 }) });
  return { ...someone, count, quiet };
}

describe('a poll coming back to a quiet hold', () => {
  it('Scenario: with the same cursor and nothing new since, it is held and answered without reading the database', async () => {
    const someone = await quietCustomer();
    const again = await withLogUnreadable(() => someone.api.post({ code: 'longpull', count: String(someone.count) }));
    expect(again).toEqual({ statusCode: 200, body: expect.objectContaining({ data: someone.quiet }) });
  });

  it('Scenario: with another cursor it reads', async () => {
    const someone = await quietCustomer();
    const other = await withLogUnreadable(() => someone.api.post({ code: 'longpull', count: String(someone.count - 1) }));
    expect(other.statusCode).toBeGreaterThanOrEqual(500);
  });

  it('Scenario: an event of the customer since the quiet hold is answered at once, though nothing was held when it came', async () => {
    const someone = await quietCustomer();
    const sent = await reply(someone.userId, 'between two polls');
    const news = await someone.poll(someone.count);
    expect(news.events).toEqual([{ id: news.count, type: 'new_support_message', message: sent }]);
    expect(news.unread.support).toBe(2);
  });

  it("Scenario: a public message since the quiet hold reaches every customer's next poll", async () => {
    const first = await quietCustomer();
    const second = await quietCustomer();
    await appendPublicMessage({ repos: createRepositories(t.db, grocery), live: t.app.live }, { shop: grocery, name: grocery.name, message: 'for everyone', at: new Date(now) });
    for (const someone of [first, second]) {
      const news = await someone.poll(someone.count);
      expect(news.events).toEqual([expect.objectContaining({ type: 'new_message' })]);
    }
  });

  it('Scenario: the customer reads their messages in another tab: the next poll reads the new unread totals', async () => {
    const someone = await quietCustomer();
    await someone.api.call('read_message', { type: 'chat' });
    expect(await someone.poll(someone.count)).toEqual({ count: someone.count, events: [], unread: expect.objectContaining({ support: 0 }) });
  });

  it('Scenario: after a logout the cookie polls no more', async () => {
    const someone = await quietCustomer();
    expect((await someone.api.post({ code: 'logout' })).statusCode).toBe(200);
    expect((await someone.api.post({ code: 'longpull', count: String(someone.count) })).statusCode).toBe(401);
  });

  it(`Scenario: a change written outside the app is read once the quiet answer is ${QUIET_ANSWER_TRUST_MS / 60_000} minutes old`, async () => {
    const someone = await quietCustomer();
    await replyBehindTheApp(someone.userId);
    expect((await someone.poll(someone.count)).unread.support).toBe(1);
    now += QUIET_ANSWER_TRUST_MS;
    expect((await someone.poll(someone.count)).unread.support).toBe(2);
  });
});
