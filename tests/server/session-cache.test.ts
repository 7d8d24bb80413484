import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { UserRow } from '../../server/db/schema';
import { items, shops } from '../../server/db/schema';
import { createSessionCache } from '../../server/http/session-cache';
import type { SessionUser } from '../../server/repositories/user-repository';
import { buildApp } from '../../server/app';
import { createInProcessBus, type EventBus } from '../../server/services/events';
import { publishUsersChanged, USERS_CHANGED } from '../../server/services/events/topics';
import { createTestApp, type TestApp } from './helpers/create-test-app';

const userRow = (id: number, name = `user ${id}`) => ({ id, rootId: 1, mobile: `0912000${id}`, name }) as unknown as UserRow;
const live = (id: number, name?: string, expiresInMs = 3_600_000, now = Date.now()): SessionUser => ({ user: userRow(id, name), expiresAt: new Date(now + expiresInMs) });

/** A bus whose connection the test controls; events are delivered in-process. */
function controlledBus() {
  const inner = createInProcessBus();
  const gaps = new Set<() => void>();
  let connected = true;
  const bus: EventBus = {
    publish: (topic, payload) => inner.publish(topic, payload),
    subscribe: (topic, handler) => inner.subscribe(topic, handler),
    onGap: (handler) => (gaps.add(handler), () => void gaps.delete(handler)),
    get connected() {
      return connected;
    },
    close: () => inner.close(),
  };
  return {
    bus,
    /** the listening connection is lost (handlers run), or listens again (handlers run again) */
    setConnected(value: boolean) {
      connected = value;
      for (const gap of gaps) gap();
    },
  };
}

/** A loader that counts its calls and answers `answer()`. */
function loader(answer: () => SessionUser | null) {
  const calls = { count: 0 };
  return { calls, load: async () => ((calls.count += 1), answer()) };
}

describe('the session cache', () => {
  it('Scenario: a kept session is served without a lookup; the same token at another shop root is looked up on its own', async () => {
    const { bus } = controlledBus();
    const cache = createSessionCache(bus);
    const { calls, load } = loader(() => live(7));
    expect((await cache.user(1, 'token-a', load))?.id).toBe(7);
    expect((await cache.user(1, 'token-a', load))?.id).toBe(7);
    expect(calls.count).toBe(1);
    const other = loader(() => null);
    expect(await cache.user(2, 'token-a', other.load)).toBeNull();
    expect(other.calls.count).toBe(1);
    expect(cache.stats()).toMatchObject({ hits: 1, loads: 2, entries: 1 });
    cache.close();
  });

  it('Scenario: no session is kept past its end, nor past the trust window (a change written outside the app)', async () => {
    let now = 1_000_000;
    const { bus } = controlledBus();
    const cache = createSessionCache(bus, { ttlMs: 10_000, now: () => now });
    // Ends in 2 s: looked up again after it ended, and then it is gone.
    let ending: SessionUser | null = live(3, undefined, 2_000, now);
    const short = loader(() => ending);
    await cache.user(1, 'short', short.load);
    now += 1_999;
    expect((await cache.user(1, 'short', short.load))?.id).toBe(3);
    expect(short.calls.count).toBe(1);
    now += 2;
    ending = null;
    expect(await cache.user(1, 'short', short.load)).toBeNull();
    expect(short.calls.count).toBe(2);
    // A long session is trusted for the window only, then read again.
    let name = 'before';
    const long = loader(() => live(4, name, 86_400_000, now));
    await cache.user(1, 'long', long.load);
    name = 'after';
    now += 9_999;
    expect((await cache.user(1, 'long', long.load))?.name).toBe('before');
    now += 2;
    expect((await cache.user(1, 'long', long.load))?.name).toBe('after');
    expect(long.calls.count).toBe(2);
    cache.close();
  });

  it('Scenario: USERS_CHANGED drops that user\'s sessions only; a payload it cannot read drops all', async () => {
    const { bus } = controlledBus();
    const cache = createSessionCache(bus);
    const a = loader(() => live(1));
    const a2 = loader(() => live(1));
    const b = loader(() => live(2));
    await cache.user(1, 'a-phone', a.load);
    await cache.user(1, 'a-laptop', a2.load);
    await cache.user(1, 'b', b.load);
    await publishUsersChanged(bus, [1]);
    await cache.user(1, 'a-phone', a.load);
    await cache.user(1, 'a-laptop', a2.load);
    await cache.user(1, 'b', b.load);
    expect([a.calls.count, a2.calls.count, b.calls.count]).toEqual([2, 2, 1]);
    await bus.publish(USERS_CHANGED, { something: 'else' });
    await cache.user(1, 'b', b.load);
    expect(b.calls.count).toBe(2);
    cache.close();
  });

  it('Scenario: a lookup still running when the user changes is not kept (a sign-out is never undone by a slow read)', async () => {
    const { bus } = controlledBus();
    const cache = createSessionCache(bus);
    let release: (value: SessionUser | null) => void = () => undefined;
    const slow = cache.user(1, 'token', () => new Promise((resolve) => (release = resolve)));
    await publishUsersChanged(bus, [5]);
    release(live(5));
    expect((await slow)?.id).toBe(5);
    const next = loader(() => null);
    expect(await cache.user(1, 'token', next.load)).toBeNull();
    expect(next.calls.count).toBe(1);
    cache.close();
  });

  it('Scenario: while the bus is not connected nothing is served from memory or kept; a gap drops everything', async () => {
    const control = controlledBus();
    const cache = createSessionCache(control.bus);
    const kept = loader(() => live(8));
    await cache.user(1, 'kept', kept.load);
    control.setConnected(false);
    await cache.user(1, 'kept', kept.load);
    await cache.user(1, 'kept', kept.load);
    expect(kept.calls.count).toBe(3);
    expect(cache.stats().entries).toBe(0);
    control.setConnected(true);
    await cache.user(1, 'kept', kept.load);
    await cache.user(1, 'kept', kept.load);
    expect(kept.calls.count).toBe(4);
    cache.close();
  });

  it('Scenario: at most maxEntries sessions are kept, the least recently used leave first', async () => {
    const { bus } = controlledBus();
    const cache = createSessionCache(bus, { maxEntries: 2 });
    const one = loader(() => live(1));
    const two = loader(() => live(2));
    const three = loader(() => live(3));
    await cache.user(1, 'one', one.load);
    await cache.user(1, 'two', two.load);
    await cache.user(1, 'one', one.load);
    await cache.user(1, 'three', three.load);
    expect(cache.stats().entries).toBe(2);
    await cache.user(1, 'one', one.load);
    await cache.user(1, 'two', two.load);
    expect([one.calls.count, two.calls.count]).toEqual([1, 2]);
    cache.close();
  });
});

describe('sessions kept in memory by the server', () => {
  let t: TestApp;
  const KEBAB = 'kebab.localhost';
  beforeAll(async () => {
    t = await createTestApp({});
  });
  afterAll(() => t.close());

  const detail = async (cookie: string, app = t.app) => {
    const reply = await app.inject({ method: 'POST', url: '/order/order.php', headers: { host: KEBAB, 'content-type': 'application/x-www-form-urlencoded', cookie }, payload: 'code=get_user_detail' });
    return reply.json().data as { id: number; name: string; favorites?: number[] } | null;
  };

  it('Scenario: a signed-in customer\'s requests after the first skip the session lookup', async () => {
    const { userId, cookie } = await t.signIn('kebab');
    expect((await detail(cookie))?.id).toBe(userId);
    const { loads, hits } = t.app.sessionCache.stats();
    expect((await detail(cookie))?.id).toBe(userId);
    expect((await detail(cookie))?.id).toBe(userId);
    expect(t.app.sessionCache.stats().loads).toBe(loads);
    expect(t.app.sessionCache.stats().hits).toBe(hits + 2);
  });

  it('Scenario: after a sign-out the kept session is refused at once', async () => {
    const { cookie } = await t.signIn('kebab');
    expect(await detail(cookie)).not.toBeNull();
    const out = await t.call(KEBAB, { code: 'logout' }, { headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(await detail(cookie)).toBeNull();
    const refused = await t.call(KEBAB, { code: 'get_wallet' }, { headers: { cookie } });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().result).toBe('session_invalid');
  });

  it('Scenario: a profile edit and a favorite are seen on the next request', async () => {
    const { userId, cookie } = await t.signIn('kebab', { name: 'نام قدیم' });
    expect((await detail(cookie))?.name).toBe('نام قدیم');
    const edited = await t.call(KEBAB, { code: 'update_profile', id: String(userId), name: 'نام تازه', gender: '2' }, { headers: { cookie } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await detail(cookie))?.name).toBe('نام تازه');

    const [kebab] = await t.db.select().from(shops).where(eq(shops.slug, 'kebab'));
    const [product] = await t.db.select().from(items).where(and(eq(items.shopId, kebab.id), eq(items.nameEn, 'Koobideh kebab')));
    const favorites = async () => (await t.call(KEBAB, { code: 'get_favorites' }, { headers: { cookie } })).json().data.items.map((item: { item_id: number }) => item.item_id);
    expect(await favorites()).toEqual([]);
    const toggled = await t.call(KEBAB, { code: 'toggle_favorite', item_id: String(product.id) }, { headers: { cookie } });
    expect(toggled.json().data?.favorite, toggled.body).toBe(true);
    expect(await favorites()).toEqual([product.id]);
  });

  it('Scenario: two instances on one database and bus: a sign-out through one is refused by the other at once', async () => {
    const bus = createInProcessBus();
    const a = await buildApp({ db: t.db, config: { defaultShop: 'kebab', spaDir: '/nonexistent', nodeEnv: 'test' }, events: bus });
    const b = await buildApp({ db: t.db, config: { defaultShop: 'kebab', spaDir: '/nonexistent', nodeEnv: 'test' }, events: bus });
    try {
      const { cookie } = await t.signIn('kebab');
      expect(await detail(cookie, b)).not.toBeNull();
      expect(await detail(cookie, b)).not.toBeNull();
      expect(b.sessionCache.stats().hits).toBe(1);
      const out = await a.inject({ method: 'POST', url: '/order/order.php', headers: { host: KEBAB, 'content-type': 'application/x-www-form-urlencoded', cookie }, payload: 'code=logout' });
      expect(out.statusCode).toBe(200);
      expect(await detail(cookie, b)).toBeNull();
    } finally {
      await a.close();
      await b.close();
      await bus.close();
    }
  });
});
