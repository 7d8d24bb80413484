import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { DataOf } from '@contract/api';
import { sessions, users, type ShopRow } from '../../server/db/schema';
import { hashToken } from '../../server/repositories/user-repository';
import { appendPublicMessage } from '../../server/services/chat/public-messages';
import { appendSupportMessage } from '../../server/services/chat/support-messages';
import { LONGPOLLS_PER_ACCOUNT, LONGPOLLS_PER_ADDRESS, LONGPOLLS_PER_SESSION } from '../../server/services/live/poll-bounds';
import { chatClient, sessionFor, shopOf } from './helpers/chat';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { createRepositories } from '../../server/repositories';

/*
 * Held long polls are bounded per session and per client address (the newest wins; an older one is
 * answered at once with the normal "nothing new" reply, without reading the database), and a
 * logout answers its session's held polls at once. The app holds for a minute, so a poll answered
 * within a test can only have been answered by what the test did.
 */

type Poll = DataOf<'longpull'>;

let t: TestApp;
let grocery: ShopRow;
beforeAll(async () => {
  t = await createTestApp({ longpollHoldMs: 60_000 });
  grocery = await shopOf(t.db, 'grocery');
});
afterAll(async () => {
  await t?.close();
});

let ipSeq = 1;
/** A customer of grocery polling from an address of their own (or `ip`). */
async function customer(ip = `10.41.0.${ipSeq++}`) {
  const { userId, cookie } = await t.signIn('grocery');
  return withCookie(userId, cookie, ip);
}

function withCookie(userId: number, cookie: string, ip: string) {
  const api = chatClient(t.app, 'grocery.localhost', cookie, ip);
  return {
    userId,
    cookie,
    api,
    poll: (count: number): Promise<Poll> => api.call('longpull', { count: String(count) }),
  };
}

// The app holds a poll for a minute: anything answered well before that was answered by what the test did,
// so the waits are generous (a loaded CI machine takes seconds to serve a hundred polls).
const WAIT = { timeout: 20_000, interval: 10 };
// Held means waiting: a poll counts as a watch before its first read, which on a loaded machine may still be queued.
const held = (watches: number) => vi.waitFor(() => expect(t.app.live.stats()).toMatchObject({ watches, waiting: watches }), WAIT);
const reply = (userId: number, message: string) => appendSupportMessage({ repos: createRepositories(t.db, grocery), live: t.app.live }, { shop: grocery, userId, from: 'shop', name: grocery.name, message });

/** Settles with the poll's answer, or 'held' while it is still waiting. */
const state = async (poll: Promise<Poll>): Promise<Poll | 'held'> => Promise.race([poll, new Promise<'held'>((resolve) => setImmediate(() => resolve('held')))]);

/** The poll's answer once it has one; fails when it is still held after 20 s (the app holds for a minute). */
const answered = (poll: Promise<Poll>): Promise<Poll> =>
  vi.waitFor(
    async () => {
      const now = await state(poll);
      if (now === 'held') throw new Error('the poll is still held');
      return now;
    },
    WAIT,
  );

/** The shop's cursor now: a first connection answers with it at once (grocery has events). */
async function cursorNow(): Promise<number> {
  await reply((await t.signIn('grocery')).userId, 'an event, so the shop has a cursor');
  const someone = await customer();
  return (await someone.poll(0)).count;
}

/**
 * Runs `during` while the live log cannot be read (its table renamed away: a read fails at once instead of
 * answering), so a poll answered meanwhile read nothing.
 */
async function withLogUnreadable<T>(during: () => Promise<T>): Promise<T> {
  await t.db.execute(sql`alter table live_events rename to live_events_away`);
  try {
    return await during();
  } finally {
    await t.db.execute(sql`alter table live_events_away rename to live_events`);
  }
}

describe('held polls per session', () => {
  it(`Scenario: a session holds at most ${LONGPOLLS_PER_SESSION} polls; a newer one answers the oldest at once with nothing new, without reading the database; an event answers the rest`, async () => {
    const count = await cursorNow();
    const someone = await customer();
    const polls: Promise<Poll>[] = [];
    for (let index = 0; index < LONGPOLLS_PER_SESSION; index += 1) {
      polls.push(someone.poll(count));
      await held(index + 1);
    }
    // While the live log cannot be read, one more poll of the session replaces the oldest: the oldest answers
    // with nothing new (the newest's own first read fails; its request ends with an error, not held).
    await withLogUnreadable(async () => {
      const failing = someone.api.post({ code: 'longpull', count: String(count) });
      expect(await answered(polls[0])).toEqual({ count, events: [], unread: expect.objectContaining({ support: 0 }) });
      expect((await failing).statusCode).toBeGreaterThanOrEqual(500);
    });
    await held(LONGPOLLS_PER_SESSION - 1);
    for (const other of polls.slice(1)) expect(await state(other)).toBe('held');
    // Readable again: the eighth is held; a ninth replaces the oldest still held, and is held itself.
    const eighth = someone.poll(count);
    await held(LONGPOLLS_PER_SESSION);
    const newest = someone.poll(count);
    expect(await answered(polls[1])).toEqual({ count, events: [], unread: expect.objectContaining({ support: 0 }) });
    await held(LONGPOLLS_PER_SESSION);
    expect(await state(newest)).toBe('held');
    // The one event answers every poll still held, and only those.
    const sent = await reply(someone.userId, 'to the newest polls');
    for (const answer of await Promise.all([...polls.slice(2), eighth, newest])) {
      expect(answer.events).toEqual([{ id: answer.count, type: 'new_support_message', message: sent }]);
    }
    await held(0);
  });

  it('Scenario: another session of the same account keeps its own polls when one session is over its bound', async () => {
    const count = await cursorNow();
    const first = await customer();
    const [user] = await t.db.select().from(users).where(eq(users.id, first.userId));
    const second = withCookie(first.userId, await sessionFor(t.db, first.userId, user.rootId), `10.41.1.${ipSeq++}`);
    const other = second.poll(count);
    await held(1);
    // One at a time: polls sent together reach the hub in whatever order their session reads finish (a pool of
    // connections on PostgreSQL), and the oldest is the first to arrive, not the first sent.
    const polls: Promise<Poll>[] = [];
    for (let index = 0; index < LONGPOLLS_PER_SESSION; index += 1) {
      polls.push(first.poll(count));
      await held(index + 2);
    }
    polls.push(first.poll(count));
    const early = await answered(polls[0]);
    expect(early).toMatchObject({ count, events: [] });
    await held(LONGPOLLS_PER_SESSION + 1);
    expect(await state(other)).toBe('held');
    const sent = await reply(first.userId, 'to both sessions');
    expect((await other).events).toEqual([expect.objectContaining({ message: sent })]);
    await Promise.all(polls);
    await held(0);
  });
});

describe('held polls per account', () => {
  it(`Scenario: one account holds at most ${LONGPOLLS_PER_ACCOUNT} polls over all its sessions and addresses; a newer one answers the account's oldest at once`, async () => {
    const count = await cursorNow();
    const first = await customer();
    const [user] = await t.db.select().from(users).where(eq(users.id, first.userId));
    const devices = [first];
    for (let index = 1; index * LONGPOLLS_PER_SESSION <= LONGPOLLS_PER_ACCOUNT; index += 1) {
      devices.push(withCookie(first.userId, await sessionFor(t.db, first.userId, user.rootId), `10.44.0.${ipSeq++}`));
    }
    const polls: Promise<Poll>[] = [];
    for (const device of devices.slice(0, -1)) {
      for (let tab = 0; tab < LONGPOLLS_PER_SESSION; tab += 1) {
        polls.push(device.poll(count));
        await held(polls.length);
      }
    }
    expect(polls).toHaveLength(LONGPOLLS_PER_ACCOUNT);
    // Another device of the account, within its own session's and address's bounds: the account's oldest answers.
    const newest = devices.at(-1)!.poll(count);
    expect(await answered(polls[0])).toEqual({ count, events: [], unread: expect.objectContaining({ support: 0 }) });
    await held(LONGPOLLS_PER_ACCOUNT);
    expect(await state(polls[1])).toBe('held');
    const sent = await reply(first.userId, 'to every device');
    for (const answer of await Promise.all([...polls.slice(1), newest])) expect(answer.events).toEqual([expect.objectContaining({ message: sent })]);
    await held(0);
  });
});

describe('held polls per client address', () => {
  it(`Scenario: one address holds at most ${LONGPOLLS_PER_ADDRESS} polls, whoever's session; a newer one answers the oldest at once`, async () => {
    const count = await cursorNow();
    const address = '10.42.0.1';
    const customers = [];
    for (let index = 0; index <= LONGPOLLS_PER_ADDRESS; index += 1) customers.push(await customer(address));
    const polls: Promise<Poll>[] = [];
    // One at a time, so the first sent is the oldest held (see the per-session scenario).
    for (const [index, someone] of customers.slice(0, LONGPOLLS_PER_ADDRESS).entries()) {
      polls.push(someone.poll(count));
      await held(index + 1);
    }
    // A poll from another address does not count against this one.
    const elsewhere = (await customer()).poll(count);
    await held(LONGPOLLS_PER_ADDRESS + 1);
    for (const poll of [polls[0], elsewhere]) expect(await state(poll)).toBe('held');
    const newest = customers[LONGPOLLS_PER_ADDRESS].poll(count);
    expect(await answered(polls[0])).toMatchObject({ count, events: [] });
    await held(LONGPOLLS_PER_ADDRESS + 1);
    expect(await state(polls[1])).toBe('held');
    expect(await state(newest)).toBe('held');
    const sent = await reply(customers[LONGPOLLS_PER_ADDRESS].userId, 'to the newest');
    expect((await newest).events).toEqual([expect.objectContaining({ message: sent })]);
    // A public message answers the rest: every customer of the shop hears it.
    await appendPublicMessage({ repos: createRepositories(t.db, grocery), live: t.app.live }, { shop: grocery, name: grocery.name, message: 'to everyone' });
    await Promise.all([...polls.slice(1), elsewhere]);
    await held(0);
  });
});

describe('logout', () => {
  it('Scenario: logout answers the held polls of its session at once with nothing new; nothing sent after it reaches them; another session holds on', async () => {
    const count = await cursorNow();
    const leaving = await customer();
    const [user] = await t.db.select().from(users).where(eq(users.id, leaving.userId));
    const staying = withCookie(leaving.userId, await sessionFor(t.db, leaving.userId, user.rootId), `10.43.0.${ipSeq++}`);
    const before = t.app.live.stats().watches;
    const tabs = [leaving.poll(count), leaving.poll(count)];
    const other = staying.poll(count);
    await held(before + 3);
    expect((await leaving.api.post({ code: 'logout' })).statusCode).toBe(200);
    for (const tab of tabs) expect(await answered(tab)).toEqual({ count, events: [], unread: expect.objectContaining({ support: 0 }) });
    await held(before + 1);
    const sent = await reply(leaving.userId, 'after the logout');
    expect((await other).events).toEqual([expect.objectContaining({ message: sent })]);
    // The logged-out cookie polls no more.
    expect((await leaving.api.post({ code: 'longpull', count: String(count) })).statusCode).toBe(401);
  });

  it('Scenario: a poll whose session was deleted while it was held (its notice lost) answers the next wake with nothing new, not the message', async () => {
    const count = await cursorNow();
    const someone = await customer();
    const before = t.app.live.stats().watches;
    const poll = someone.poll(count);
    await held(before + 1);
    // The session ends without the hub hearing of it (as a notice lost on the bus would leave it).
    await t.db.delete(sessions).where(eq(sessions.id, hashToken(someone.cookie.slice('sid='.length))));
    await reply(someone.userId, 'after the session ended');
    expect(await answered(poll)).toEqual({ count, events: [], unread: expect.any(Object) });
  });
});
