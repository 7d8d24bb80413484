import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';
import type { DataOf } from '@contract/api';
import { buildApp } from '../../server/app';
import type { ShopRow } from '../../server/db/schema';
import { createConversationRepository } from '../../server/repositories/conversation-repository';
import { appendPublicMessage } from '../../server/services/chat/public-messages';
import { appendSupportMessage } from '../../server/services/chat/support-messages';
import { chatClient, shopOf } from './helpers/chat';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { createRepositories } from '../../server/repositories';

/*
 * The long poll (spec §4, §7): answers at once when an event arrives during the hold, times out
 * empty with the same cursor, resumes from a cursor without losing or repeating, count 0, tabs,
 * a client that leaves, the server's close, and PGlite's one session staying free while polls are held.
 * `t` holds for a minute, so an answer within a test's 5 s can only come from an event;
 * `brief` (same database) holds 150 ms for the timeouts.
 */

type Poll = DataOf<'longpull'>;
const config = { defaultShop: 'kebab', spaDir: join(tmpdir(), 'storefront-no-spa'), nodeEnv: 'test' as const };

let t: TestApp;
let brief: FastifyInstance;
let grocery: ShopRow;
beforeAll(async () => {
  t = await createTestApp({ longpollHoldMs: 60_000 });
  // A second instance on the same database hears the first's events over their shared bus, as instances do.
  brief = await buildApp({ db: t.db, config: { ...config, longpollHoldMs: 150 }, events: t.app.events });
  grocery = await shopOf(t.db, 'grocery');
});
afterAll(async () => {
  await brief?.close();
  await t?.close();
});

let ipSeq = 1;
async function customer(slug = 'grocery', app: FastifyInstance = t.app) {
  const { userId, cookie } = await t.signIn(slug);
  const ip = `10.40.0.${ipSeq++}`;
  const api = chatClient(app, `${slug}.localhost`, cookie, ip);
  const briefly = chatClient(brief, `${slug}.localhost`, cookie, ip);
  return {
    userId,
    cookie,
    api,
    poll: (count: number): Promise<Poll> => api.call('longpull', { count: String(count) }),
    /** the current cursor, asked through `brief` (at a shop without events count 0 is held, briefly there) */
    cursor: async (): Promise<number> => (await briefly.call('longpull', { count: '0' })).count,
  };
}

const held = (app: FastifyInstance, watches: number) => vi.waitFor(() => expect(app.live.stats().watches).toBe(watches), { timeout: 4_000, interval: 5 });
const reply = (shop: ShopRow, userId: number, message: string) => appendSupportMessage({ repos: createRepositories(t.db, shop), live: t.app.live }, { shop, userId, from: 'shop', name: shop.name, message });

describe('count 0 and stale cursors', () => {
  it('Scenario: a first connection (count 0) is answered at once with the current cursor and no events', async () => {
    const someone = await customer();
    await reply(grocery, someone.userId, 'old news');
    const first = await someone.poll(0);
    expect(first.events).toEqual([]);
    expect(first.count).toBeGreaterThan(0);
    expect(first.unread).toEqual({ support: 1, public: expect.any(Number), conversations: 0 });
    expect(t.app.live.stats().watches).toBe(0);
  });

  it('Scenario: a cursor past the newest event (a database started afresh) is answered at once with the current one', async () => {
    const someone = await customer();
    const count = await someone.cursor();
    expect(await someone.poll(count + 1_000_000)).toMatchObject({ count, events: [] });
  });

  it('Scenario: at a shop without events count 0 is the cursor already: the poll is held and its first event answers it', async () => {
    const cafe = await shopOf(t.db, 'cafe');
    const someone = await customer('cafe');
    expect(await someone.cursor()).toBe(0);
    const waiting = someone.poll(0);
    await held(t.app, 1);
    const sent = await reply(cafe, someone.userId, 'the first event of the cafe');
    const poll = await waiting;
    expect(poll.events).toEqual([{ id: poll.count, type: 'new_support_message', message: sent }]);
    expect(poll.count).toBeGreaterThan(0);
  });

  it('Scenario: an anonymous long poll is told to log in', async () => {
    const response = await t.call('grocery.localhost', { code: 'longpull', count: '0' });
    expect(response.statusCode).toBe(401);
    expect((await t.call('grocery.localhost', { code: 'longpull', count: '-1' }, { headers: { cookie: (await customer()).cookie } })).statusCode).toBe(400);
  });
});

describe('held until an event', () => {
  it('Scenario: a held poll answers at once with the shop\'s reply, the new cursor and the unread totals', async () => {
    const someone = await customer();
    const count = await someone.cursor();
    const answer = someone.poll(count);
    await held(t.app, 1);
    const sent = await reply(grocery, someone.userId, 'پاسخ پشتیبانی');
    const poll = await answer;
    expect(poll.events).toEqual([{ id: poll.count, type: 'new_support_message', message: sent }]);
    expect(poll.count).toBeGreaterThan(count);
    expect(poll.unread.support).toBe(1);
    expect(t.app.live.stats().watches).toBe(0);
  });

  it("Scenario: the customer's own message reaches their other tab (new_support_message from 'user')", async () => {
    const someone = await customer();
    const count = await someone.cursor();
    const otherTab = someone.poll(count);
    await held(t.app, 1);
    const sent = await someone.api.call('send_message_web', { name: 'Sara', message: 'from tab one' });
    expect((await otherTab).events).toEqual([expect.objectContaining({ type: 'new_support_message', message: sent })]);
  });

  it('Scenario: two tabs of one customer are both answered by one event', async () => {
    const someone = await customer();
    const count = await someone.cursor();
    const tabs = [someone.poll(count), someone.poll(count)];
    await held(t.app, 2);
    await reply(grocery, someone.userId, 'to both tabs');
    const [first, second] = await Promise.all(tabs);
    expect(first.events).toHaveLength(1);
    expect(second).toEqual(first);
  });

  it('Scenario: a message in a conversation reaches the peer as new_message with its id; a public message as new_message null', async () => {
    const realestate = await shopOf(t.db, 'realestate');
    const buyer = await customer('realestate');
    const publisher = await customer('realestate');
    const conversation = await createConversationRepository(t.db, realestate, buyer.userId).open(publisher.userId, 'زمین');
    const count = await publisher.cursor();
    const waiting = publisher.poll(count);
    await held(t.app, 1);
    await buyer.api.call('send_message_to_conversation', { to: String(conversation.id), text_message: 'سلام' });
    const poll = await waiting;
    expect(poll.events).toEqual([{ id: poll.count, type: 'new_message', conversation_id: conversation.id }]);
    expect(poll.unread.conversations).toBe(1);

    const next = publisher.poll(poll.count);
    await held(t.app, 1);
    await appendPublicMessage({ repos: createRepositories(t.db, realestate), live: t.app.live }, { shop: realestate, name: realestate.name, message: 'خبر' });
    const news = await next;
    expect(news.events).toEqual([{ id: news.count, type: 'new_message', conversation_id: null }]);
    expect(news.unread.public).toBe(poll.unread.public + 1);
  });

  it("Scenario: another shop's event wakes nobody here; the held poll goes on until its own", async () => {
    const kebab = await shopOf(t.db, 'kebab');
    const here = await customer('kebab');
    const count = await here.cursor();
    const waiting = here.poll(count);
    await held(t.app, 1);
    const other = await customer('grocery');
    await reply(grocery, other.userId, 'not for kebab');
    await appendPublicMessage({ repos: createRepositories(t.db, grocery), live: t.app.live }, { shop: grocery, name: grocery.name, message: 'grocery only' });
    expect(t.app.live.stats().watches).toBe(1);
    await reply(kebab, here.userId, 'for kebab');
    const poll = await waiting;
    expect(poll.events.map((event) => event.type === 'new_support_message' && event.message.message)).toEqual(['for kebab']);
  });
});

describe('timeouts and cursors', () => {
  it('Scenario: with nothing to say the poll answers after the hold, empty, with the same cursor', async () => {
    const someone = await customer('grocery', brief);
    const count = await someone.cursor();
    expect(await someone.poll(count)).toEqual({ count, events: [], unread: expect.objectContaining({ support: 0 }) });
    expect(brief.live.stats().watches).toBe(0);
  });

  it('Scenario: events sent between two polls come on the next one, oldest first, once', async () => {
    const someone = await customer('grocery', brief);
    const count = await someone.cursor();
    const sent = [];
    for (const text of ['one', 'two', 'three']) sent.push(await reply(grocery, someone.userId, text));
    const resumed = await someone.poll(count);
    expect(resumed.events.map((event) => event.type === 'new_support_message' && event.message.id)).toEqual(sent.map((message) => message.id));
    expect(resumed.count).toBe(resumed.events.at(-1)?.id);
    // Polled again from the new cursor: nothing repeats (the hold passes empty).
    expect(await someone.poll(resumed.count)).toMatchObject({ count: resumed.count, events: [] });
    const later = await reply(grocery, someone.userId, 'four');
    const next = await someone.poll(resumed.count);
    expect(next.events).toEqual([expect.objectContaining({ message: later })]);
    // A client that reconnects with an older cursor gets everything after it again, in order.
    expect((await someone.poll(count)).events).toHaveLength(4);
  });
});

describe('wait 0: a client back from a failure', () => {
  it('Scenario: wait 0 is answered at once with nothing new (same cursor), and with the events after the cursor when there are some', async () => {
    const someone = await customer();
    const count = await someone.cursor();
    // `t` holds for a minute: an answer within the test's time is the wait 0.
    expect(await someone.api.call('longpull', { count: String(count), wait: '0' })).toEqual({ count, events: [], unread: expect.objectContaining({ support: 0 }) });
    expect(t.app.live.stats().watches).toBe(0);
    const sent = await reply(grocery, someone.userId, 'while you were away');
    const caughtUp = await someone.api.call('longpull', { count: String(count), wait: '0' });
    expect(caughtUp.events).toEqual([expect.objectContaining({ message: sent })]);
  });

  it('Scenario: a wait other than 0 or 1 is refused with a 400 and no poll is held', async () => {
    const someone = await customer();
    for (const wait of ['2', '-1', 'yes']) {
      const refused = await someone.api.post({ code: 'longpull', count: '0', wait });
      expect(refused.statusCode, wait).toBe(400);
    }
    expect(t.app.live.stats().watches).toBe(0);
  });
});

describe('the server side of a held poll', () => {
  it('Scenario: a client that disconnects frees its waiter; the event it missed comes on its next poll', async () => {
    const someone = await customer();
    const count = await someone.cursor();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const request = httpRequest(`${address}/order/order.php`, {
        method: 'POST',
        headers: { host: 'grocery.localhost', cookie: someone.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      });
      request.on('error', () => undefined);
      request.end(`code=longpull&count=${count}`);
      await held(t.app, 1);
      request.destroy();
      await held(t.app, 0);
    } finally {
      await t.app.server.close();
    }
    const missed = await reply(grocery, someone.userId, 'while away');
    expect((await someone.poll(count)).events).toEqual([expect.objectContaining({ message: missed })]);
  });

  it('Scenario: 20 held polls (5 customers, 4 tabs each) leave PGlite free: get_shop, send_message_web and get_messages answer meanwhile', async () => {
    const waiting = await customer();
    const count = await waiting.cursor();
    const others = await Promise.all(Array.from({ length: 4 }, () => customer()));
    const tabs = Array.from({ length: 4 }, () => waiting.poll(count));
    const otherTabs = others.flatMap((someone) => Array.from({ length: 4 }, () => someone.poll(count)));
    await held(t.app, 20);
    const other = await customer();
    const shop = await t.call('grocery.localhost', { code: 'get_shop' });
    expect(shop.statusCode).toBe(200);
    await other.api.call('send_message_web', { name: 'Ali', message: 'meanwhile' });
    expect((await other.api.call('get_messages', { type: 'chat' })).num_results).toBe(1);
    expect(t.app.live.stats().watches).toBe(20);
    const sent = await reply(grocery, waiting.userId, 'to all 4 tabs');
    const answers = await Promise.all(tabs);
    expect(answers.every((answer) => answer.events.length === 1 && answer.events[0].type === 'new_support_message' && answer.events[0].message.id === sent.id)).toBe(true);
    await appendPublicMessage({ repos: createRepositories(t.db, grocery), live: t.app.live }, { shop: grocery, name: grocery.name, message: 'to the other 16 tabs' });
    expect((await Promise.all(otherTabs)).every((answer) => answer.events.length === 1)).toBe(true);
  });

  it("Scenario: closing the server answers its held polls at once (empty, same cursor), so the close is quick", async () => {
    const closing = await buildApp({ db: t.db, config: { ...config, longpollHoldMs: 60_000 } });
    const someone = await customer('grocery', closing);
    const count = await someone.cursor();
    const polls = [someone.poll(count), someone.poll(count)];
    await held(closing, 2);
    await closing.close();
    for (const poll of await Promise.all(polls)) expect(poll).toMatchObject({ count, events: [] });
    expect(closing.live.stats().watches).toBe(0);
  });
});
