import type { FastifyRequest, LightMyRequestResponse } from 'fastify';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_API } from '@contract/console/rules';
import { toPersianDigits } from '@contract/digits';
import { rateEvents, shops, staff, staffDevices, staffSessions } from '../../server/db/schema';
import { requireStaff, STAFF_COOKIE, STAFF_DEVICE_COOKIE } from '../../server/http/staff-session';
import { hashToken } from '../../server/repositories/user-repository';
import { seedStaff } from '../../server/seed/staff';
import { hashPassword, verifyPassword } from '../../server/services/password';
import { STAFF_DEVICE_TTL_SECONDS, STAFF_LOGIN_FAIL, STAFF_LOGIN_LIMITS } from '../../server/services/staff-login-limits';
import { testClock } from './helpers/account-browser';
import { createTestApp, type TestApp } from './helpers/create-test-app';

const KEBAB = 'kebab.localhost:8080';
const GROCERY = 'grocery.localhost:8080';
const clock = testClock();
let test: TestApp;
let ipSeq = 1;
/** A fresh client address per test, so per-address limits do not leak between tests. */
const freshIp = () => `10.7.${Math.floor(ipSeq / 250)}.${ipSeq++ % 250}`;

beforeAll(async () => {
  test = await createTestApp({ clock: clock.now });
});
afterAll(async () => {
  await test.close();
});

interface Reply {
  status: boolean;
  result: string;
  data: { shop: { slug: string; name: string; name_en: string }; staff: { username: string; role: string; name: string } | null; wait_seconds?: number } | null;
  message: string | null;
}
const json = (response: LightMyRequestResponse) => response.json() as Reply;

/** A console tab: keeps its cookies like a browser, posts to the console API (or the customer's) from one address. */
function consoleTab(host: string, ip = freshIp()) {
  const jar = new Map<string, string>();
  const remember = (response: LightMyRequestResponse) => {
    for (const cookie of response.cookies) {
      if (cookie.value === '' || (cookie.maxAge !== undefined && cookie.maxAge <= 0)) jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
    }
  };
  const post = async (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) => {
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await test.app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      headers: { host, 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}), ...headers },
      payload: new URLSearchParams(fields).toString(),
    });
    remember(response);
    return response;
  };
  return {
    jar,
    ip,
    console: (fields: Record<string, string>, headers?: Record<string, string>) => post(CONSOLE_API, fields, headers),
    customer: (fields: Record<string, string>) => post('/order/order.php', fields),
    login: (username: string, password: string, extra: Record<string, string> = {}) => post(CONSOLE_API, { code: 'staff_login', username, password, ...extra }),
  };
}

async function shopId(slug: string): Promise<number> {
  const [row] = await test.db.select({ id: shops.id }).from(shops).where(eq(shops.slug, slug));
  return row.id;
}

/** A staff member of the slug's root with a known password. */
async function addStaff(slug: string, values: { username: string; password: string; disabled?: boolean }) {
  const [row] = await test.db
    .insert(staff)
    .values({ rootId: await shopId(slug), name: 'پشتیبان', username: values.username, passwordHash: await hashPassword(values.password), role: 'staff', disabled: values.disabled ?? false })
    .returning();
  return row;
}

const sessionRows = async () => (await test.db.select({ total: count() }).from(staffSessions))[0].total;

describe('staff login', () => {
  it('Scenario: the seeded owner logs into the kebab console; the cookie is staff_sid, HttpOnly, SameSite=Strict, and only its hash is stored', async () => {
    const tab = consoleTab(KEBAB);
    const response = await tab.login('admin', 'demo-kebab');
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).data).toMatchObject({ shop: { slug: 'kebab', name: expect.any(String), name_en: expect.any(String) }, staff: { username: 'admin', role: 'owner' } });
    const cookie = response.cookies.find((item) => item.name === STAFF_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(response.cookies.map((item) => item.name)).not.toContain('sid');
    const [row] = await test.db.select().from(staffSessions).where(eq(staffSessions.id, hashToken(cookie!.value)));
    expect(row).toBeDefined();
    expect((await test.db.select().from(staffSessions).where(eq(staffSessions.id, cookie!.value))).length).toBe(0);

    const me = await tab.console({ code: 'staff_me' });
    expect(me.statusCode).toBe(200);
    expect(json(me).data?.staff).toMatchObject({ username: 'admin', role: 'owner' });
  });

  it('Scenario: behind an HTTPS proxy the staff cookie is Secure', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: CONSOLE_API,
      remoteAddress: '127.0.0.1',
      headers: { host: KEBAB, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-proto': 'https' },
      payload: 'code=staff_login&username=admin&password=demo-kebab',
    });
    // This app trusts no proxy: the header is ignored and the cookie stays plain (proxy.test.ts covers trusted hops for sid).
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((item) => item.name === STAFF_COOKIE)?.secure).toBeFalsy();
  });

  it('Scenario: the username is read case-insensitively and with Persian digits; the password is not trimmed', async () => {
    await addStaff('kebab', { username: 'sara2', password: ' pass 12 ' });
    expect((await consoleTab(KEBAB).login(' SARA۲ ', ' pass ۱۲ ')).statusCode).toBe(200);
    expect((await consoleTab(KEBAB).login('sara2', 'pass 12')).statusCode).toBe(400);
  });

  it('Scenario: a wrong password and an unknown username get the very same answer, in fa and in en', async () => {
    const wrong = await consoleTab(KEBAB).login('admin', 'not-the-password');
    const unknown = await consoleTab(KEBAB).login('nobody-here', 'not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
    expect(json(wrong)).toMatchObject({ status: false, result: 'staff_login_failed', message: 'نام کاربری یا رمز عبور نادرست است.' });
    expect(wrong.cookies.map((item) => item.name)).not.toContain(STAFF_COOKIE);
    const english = await consoleTab(KEBAB).login('admin', 'nope', { language: 'en' });
    expect(json(english).message).toBe('The username or password is wrong.');
  });

  it('Scenario: empty fields are refused before anything is counted', async () => {
    const tab = consoleTab(KEBAB);
    const response = await tab.login('', '');
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toBe('نام کاربری و رمز عبور را وارد کنید.');
    const counted = await test.db.select().from(rateEvents).where(and(eq(rateEvents.kind, STAFF_LOGIN_FAIL), eq(rateEvents.subject, `ip:${tab.ip}`)));
    expect(counted).toEqual([]);
  });

  it("Scenario: another shop's staff cannot log in here, and a kebab session means nothing at grocery", async () => {
    const refused = await consoleTab(KEBAB).login('admin', 'demo-grocery');
    expect(json(refused).result).toBe('staff_login_failed');

    const tab = consoleTab(KEBAB);
    expect((await tab.login('admin', 'demo-kebab')).statusCode).toBe(200);
    const token = tab.jar.get(STAFF_COOKIE)!;
    const elsewhere = await test.app.inject({
      method: 'POST',
      url: CONSOLE_API,
      headers: { host: GROCERY, 'content-type': 'application/x-www-form-urlencoded', cookie: `${STAFF_COOKIE}=${token}` },
      payload: 'code=staff_me',
    });
    expect(json(elsewhere).data).toMatchObject({ shop: { slug: 'grocery' }, staff: null });
  });

  it("Scenario: a brand's branches share its staff: the chain's owner logs in at a branch's host", async () => {
    const response = await consoleTab('chain-tehran.localhost:8080').login('admin', 'demo-chain');
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).data).toMatchObject({ shop: { slug: 'chain-tehran' }, staff: { username: 'admin' } });
  });

  it('Scenario: a disabled account is refused (with the right password it is told why), and its open session ends', async () => {
    const member = await addStaff('kebab', { username: 'leaver', password: 'right-one' });
    const tab = consoleTab(KEBAB);
    expect((await tab.login('leaver', 'right-one')).statusCode).toBe(200);
    await test.db.update(staff).set({ disabled: true }).where(eq(staff.id, member.id));

    expect(json(await tab.console({ code: 'staff_me' })).data?.staff).toBeNull();
    const refused = await consoleTab(KEBAB).login('leaver', 'right-one');
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({ result: 'staff_disabled', message: 'این حساب غیرفعال شده است؛ با مدیر فروشگاه تماس بگیرید.' });
    const guessed = await consoleTab(KEBAB).login('leaver', 'a-guess');
    expect(json(guessed).result).toBe('staff_login_failed');
  });
});

describe('the staff session is not the customer session', () => {
  it("Scenario: a customer's sid is no staff session", async () => {
    const { cookie } = await test.signIn('kebab');
    const response = await test.app.inject({
      method: 'POST',
      url: CONSOLE_API,
      headers: { host: KEBAB, 'content-type': 'application/x-www-form-urlencoded', cookie },
      payload: 'code=staff_me',
    });
    expect(response.statusCode).toBe(200);
    expect(json(response).data?.staff).toBeNull();
  });

  it("Scenario: a staff session is no customer's: get_wallet answers login_required, get_user_detail no user", async () => {
    const tab = consoleTab(KEBAB);
    expect((await tab.login('admin', 'demo-kebab')).statusCode).toBe(200);
    const wallet = await tab.customer({ code: 'get_wallet' });
    expect(wallet.statusCode).toBe(401);
    expect(json(wallet).result).toBe('login_required');
    const user = await tab.customer({ code: 'get_user_detail' });
    expect(user.statusCode).toBe(200);
    expect(json(user).data).toBeNull();
    // The same token under the customer's cookie name is no session either.
    const renamed = await test.app.inject({
      method: 'POST',
      url: '/order/order.php',
      headers: { host: KEBAB, 'content-type': 'application/x-www-form-urlencoded', cookie: `sid=${tab.jar.get(STAFF_COOKIE)}` },
      payload: 'code=get_wallet',
    });
    expect(json(renamed).result).toBe('session_invalid');
  });

  it('Scenario: customer codes are unknown at the console API and console codes at order.php', async () => {
    const atConsole = await consoleTab(KEBAB).console({ code: 'get_shop' });
    expect(atConsole.statusCode).toBe(400);
    expect(json(atConsole).result).toBe('unknown_code');
    const atOrder = await consoleTab(KEBAB).customer({ code: 'staff_me' });
    expect(json(atOrder).result).toBe('unknown_code');
  });
});

describe('staff_me and logout', () => {
  it('Scenario: staff_me without a session names the shop and no staff; a stale cookie is cleared', async () => {
    const anonymous = await consoleTab(KEBAB).console({ code: 'staff_me' });
    expect(json(anonymous).data).toMatchObject({ shop: { slug: 'kebab' }, staff: null });
    const stale = await test.app.inject({
      method: 'POST',
      url: CONSOLE_API,
      headers: { host: KEBAB, 'content-type': 'application/x-www-form-urlencoded', cookie: `${STAFF_COOKIE}=made-up` },
      payload: 'code=staff_me',
    });
    expect(json(stale).data?.staff).toBeNull();
    expect(stale.cookies.find((item) => item.name === STAFF_COOKIE)?.value).toBe('');
  });

  it('Scenario: an expired staff session is no session (12 hours)', async () => {
    const tab = consoleTab(KEBAB);
    expect((await tab.login('admin', 'demo-kebab')).statusCode).toBe(200);
    clock.advance(12 * 3600 + 1);
    expect(json(await tab.console({ code: 'staff_me' })).data?.staff).toBeNull();
  });

  it('Scenario: logout deletes the session row and clears the cookie; the old token is dead', async () => {
    const tab = consoleTab(KEBAB);
    expect((await tab.login('admin', 'demo-kebab')).statusCode).toBe(200);
    const token = tab.jar.get(STAFF_COOKIE)!;
    const before = await sessionRows();
    const out = await tab.console({ code: 'staff_logout' });
    expect(out.statusCode).toBe(200);
    expect(json(out).data).toBeNull();
    expect(out.cookies.find((item) => item.name === STAFF_COOKIE)?.value).toBe('');
    expect(await sessionRows()).toBe(before - 1);
    const replayed = await test.app.inject({
      method: 'POST',
      url: CONSOLE_API,
      headers: { host: KEBAB, 'content-type': 'application/x-www-form-urlencoded', cookie: `${STAFF_COOKIE}=${token}` },
      payload: 'code=staff_me',
    });
    expect(json(replayed).data?.staff).toBeNull();
  });

  it('Scenario: logging in again rotates the session (the old row is gone)', async () => {
    const tab = consoleTab(KEBAB);
    await tab.login('admin', 'demo-kebab');
    const first = tab.jar.get(STAFF_COOKIE)!;
    await tab.login('admin', 'demo-kebab');
    expect(tab.jar.get(STAFF_COOKIE)).not.toBe(first);
    expect(await test.db.select().from(staffSessions).where(eq(staffSessions.id, hashToken(first)))).toEqual([]);
  });
});

describe('requireStaff (what the inbox codes run behind)', () => {
  const [kebabShop] = [{} as { row?: typeof shops.$inferSelect }];
  const fakeRequest = (cookie: string | undefined, language = 'fa') =>
    ({ cookies: cookie ? { [STAFF_COOKIE]: cookie } : {}, hostShop: kebabShop.row, server: test.app, body: { language }, headers: {} }) as unknown as FastifyRequest;

  it('Scenario: it returns the staff member of a live session and refuses anyone else with a localised 401', async () => {
    [kebabShop.row] = await test.db.select().from(shops).where(eq(shops.slug, 'kebab'));
    const tab = consoleTab(KEBAB);
    await tab.login('admin', 'demo-kebab');
    expect(await requireStaff(fakeRequest(tab.jar.get(STAFF_COOKIE)))).toMatchObject({ username: 'admin', role: 'owner' });
    await expect(requireStaff(fakeRequest(undefined))).rejects.toMatchObject({ statusCode: 401, result: 'staff_login_required', message: 'لطفا ابتدا وارد پنل فروشگاه شوید.' });
    await expect(requireStaff(fakeRequest('made-up', 'en'))).rejects.toMatchObject({ statusCode: 401, message: "Please log into the shop's console first." });
  });
});

describe('CSRF and rate limits', () => {
  it('Scenario: a login posted from another site is refused before it runs', async () => {
    const before = await sessionRows();
    const response = await consoleTab(KEBAB).login('admin', 'demo-kebab', {});
    expect(response.statusCode).toBe(200);
    const forged = await consoleTab(KEBAB).console({ code: 'staff_login', username: 'admin', password: 'demo-kebab' }, { origin: 'http://evil.localhost:8080' });
    expect(forged.statusCode).toBe(403);
    expect(json(forged).result).toBe('cross_origin');
    expect(forged.cookies.map((item) => item.name)).not.toContain(STAFF_COOKIE);
    expect(await sessionRows()).toBe(before + 1);
    // Another shop on the same server is another origin too.
    const sibling = await consoleTab(KEBAB).console({ code: 'staff_logout' }, { origin: 'http://grocery.localhost:8080' });
    expect(sibling.statusCode).toBe(403);
  });

  it(`Scenario: an attacker at address A fails ${STAFF_LOGIN_LIMITS.pair.limit} times as the owner; A is refused even the right password, while the owner at B signs in`, async () => {
    await addStaff('kebab', { username: 'target', password: 'the-right-one' });
    const attacker = consoleTab(KEBAB);
    for (let i = 0; i < STAFF_LOGIN_LIMITS.pair.limit; i++) expect((await attacker.login('target', `guess-${i}`)).statusCode).toBe(400);
    const locked = await attacker.login('target', 'the-right-one');
    expect(locked.statusCode).toBe(429);
    expect(locked.cookies.map((item) => item.name)).not.toContain(STAFF_COOKIE);
    const reply = json(locked);
    expect(reply.result).toBe('rate_limited');
    const wait = reply.data?.wait_seconds ?? 0;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(STAFF_LOGIN_LIMITS.pair.windowSeconds);
    expect(locked.headers['retry-after']).toBe(String(wait));
    expect(reply.message).toContain(toPersianDigits(String(wait)));
    const english = await attacker.login('target', 'x', { language: 'en' });
    expect(json(english).message).toBe(`Too many failed logins; please try again in ${json(english).data?.wait_seconds} seconds.`);

    // The owner at another address, on a browser that never signed in here, is not held by A's guesses.
    const owner = consoleTab(KEBAB);
    expect((await owner.login('target', 'the-right-one')).statusCode).toBe(200);
    expect(json(await owner.console({ code: 'staff_me' })).data?.staff?.username).toBe('target');
    // Their success does not free A.
    expect((await attacker.login('target', 'the-right-one')).statusCode).toBe(429);

    clock.advance(STAFF_LOGIN_LIMITS.pair.windowSeconds + 1);
    expect((await attacker.login('target', 'the-right-one')).statusCode).toBe(200);
  });

  it('Scenario: a successful login forgets the username’s earlier typos at that address', async () => {
    await addStaff('kebab', { username: 'typist', password: 'finally' });
    const tab = consoleTab(KEBAB);
    for (let i = 0; i < STAFF_LOGIN_LIMITS.pair.limit - 1; i++) expect((await tab.login('typist', 'typo')).statusCode).toBe(400);
    expect((await tab.login('typist', 'finally')).statusCode).toBe(200);
    const fresh = consoleTab(KEBAB, tab.ip);
    for (let i = 0; i < STAFF_LOGIN_LIMITS.pair.limit; i++) expect((await fresh.login('typist', 'typo')).statusCode).toBe(400);
    expect((await fresh.login('typist', 'typo')).statusCode).toBe(429);
  });

  it(`Scenario: one address guessing at many usernames is stopped after ${STAFF_LOGIN_LIMITS.address.limit} failures`, async () => {
    const ip = freshIp();
    for (let i = 0; i < STAFF_LOGIN_LIMITS.address.limit; i++) {
      expect((await consoleTab(KEBAB, ip).login(`user-${i}`, 'guess')).statusCode).toBe(400);
    }
    const stopped = await consoleTab(KEBAB, ip).login('admin', 'demo-kebab');
    expect(stopped.statusCode).toBe(429);
    expect(stopped.cookies.map((item) => item.name)).not.toContain(STAFF_COOKIE);
    // Another address is not held back by it.
    expect((await consoleTab(KEBAB).login('admin', 'demo-kebab')).statusCode).toBe(200);
  });

  it(`Scenario: many addresses together are stopped after ${STAFF_LOGIN_LIMITS.username.limit} failures an hour; a new device of the owner waits, the owner's known device does not`, async () => {
    await addStaff('kebab', { username: 'boss', password: 'boss-secret' });
    // The owner signed in on their own browser yesterday: it keeps the device cookie, not the session.
    const ownDevice = consoleTab(KEBAB);
    expect((await ownDevice.login('boss', 'boss-secret')).statusCode).toBe(200);
    const device = ownDevice.jar.get(STAFF_DEVICE_COOKIE);
    expect(device).toBeDefined();
    expect((await ownDevice.console({ code: 'staff_logout' })).statusCode).toBe(200);
    expect(ownDevice.jar.get(STAFF_DEVICE_COOKIE)).toBe(device);
    clock.advance(24 * 3600);

    // Attackers at as many addresses as it takes, under the per-address limits each.
    const attackers = Array.from({ length: Math.ceil(STAFF_LOGIN_LIMITS.username.limit / (STAFF_LOGIN_LIMITS.pair.limit - 1)) }, () => consoleTab(KEBAB));
    let failures = 0;
    for (const attacker of attackers) {
      for (let i = 0; i < STAFF_LOGIN_LIMITS.pair.limit - 1 && failures < STAFF_LOGIN_LIMITS.username.limit; i++, failures++) {
        expect((await attacker.login('boss', `guess-${failures}`)).statusCode).toBe(400);
      }
    }
    const next = await consoleTab(KEBAB).login('boss', 'another-guess');
    expect(next.statusCode).toBe(429);
    expect(json(next).data?.wait_seconds).toBeLessThanOrEqual(STAFF_LOGIN_LIMITS.username.windowSeconds);
    // The owner on a browser that never signed in as boss waits like anyone (a made-up device cookie changes nothing)…
    expect((await consoleTab(KEBAB).login('boss', 'boss-secret')).statusCode).toBe(429);
    const forged = consoleTab(KEBAB);
    forged.jar.set(STAFF_DEVICE_COOKIE, 'A'.repeat(43));
    expect((await forged.login('boss', 'boss-secret')).statusCode).toBe(429);
    // …but their own browser signs in, even from an attacker's address.
    const attackerAddress = consoleTab(KEBAB, attackers[0].ip);
    attackerAddress.jar.set(STAFF_DEVICE_COOKIE, device!);
    expect((await attackerAddress.login('boss', 'boss-secret')).statusCode).toBe(200);
    expect(json(await attackerAddress.console({ code: 'staff_me' })).data?.staff?.username).toBe('boss');
    // Only the token's hash is stored.
    const rows = await test.db.select().from(staffDevices).where(eq(staffDevices.id, hashToken(device!)));
    expect(rows.map((row) => row.staffId)).toHaveLength(1);
    expect((await test.db.select().from(staffDevices).where(eq(staffDevices.id, device!))).length).toBe(0);

    clock.advance(STAFF_LOGIN_LIMITS.username.windowSeconds + 1);
    expect((await consoleTab(KEBAB).login('boss', 'boss-secret')).statusCode).toBe(200);
  });

  it('Scenario: the device cookie is staff_device, HttpOnly, SameSite=Strict, kept a year; a known device counts its own failures', async () => {
    await addStaff('kebab', { username: 'clerk', password: 'clerk-secret' });
    const tab = consoleTab(KEBAB);
    const response = await tab.login('clerk', 'clerk-secret');
    const cookie = response.cookies.find((item) => item.name === STAFF_DEVICE_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/', maxAge: STAFF_DEVICE_TTL_SECONDS });
    for (let i = 0; i < STAFF_LOGIN_LIMITS.pair.limit; i++) expect((await tab.login('clerk', 'typo')).statusCode).toBe(400);
    expect((await tab.login('clerk', 'clerk-secret')).statusCode).toBe(429);
    // The same address without the device is counted apart.
    expect((await consoleTab(KEBAB, tab.ip).login('clerk', 'clerk-secret')).statusCode).toBe(200);
  });

  it('Scenario: parallel guesses cannot overrun the per-address or the across-addresses limit', async () => {
    await addStaff('kebab', { username: 'burst', password: 'secret-burst' });
    const ip = freshIp();
    const sameAddress = await Promise.all(Array.from({ length: 12 }, (_, i) => consoleTab(KEBAB, ip).login('burst', `guess-${i}`)));
    const codes = sameAddress.map((reply) => reply.statusCode);
    expect(codes.filter((code) => code === 400).length).toBe(STAFF_LOGIN_LIMITS.pair.limit);
    expect(codes.filter((code) => code === 429).length).toBe(12 - STAFF_LOGIN_LIMITS.pair.limit);

    const spread = STAFF_LOGIN_LIMITS.username.limit - STAFF_LOGIN_LIMITS.pair.limit + 8;
    const many = await Promise.all(Array.from({ length: spread }, (_, i) => consoleTab(KEBAB).login('burst', `spread-${i}`)));
    const spreadCodes = many.map((reply) => reply.statusCode);
    expect(spreadCodes.filter((code) => code === 400).length).toBe(STAFF_LOGIN_LIMITS.username.limit - STAFF_LOGIN_LIMITS.pair.limit);
    expect(spreadCodes.filter((code) => code === 429).length).toBe(8);
  });
});

describe('the seeded staff', () => {
  it('Scenario: every root shop has one owner `admin` with the demo password; branches have none of their own', async () => {
    const rows = await test.db.select({ slug: shops.slug, username: staff.username, role: staff.role, hash: staff.passwordHash }).from(staff).innerJoin(shops, eq(shops.id, staff.rootId)).where(eq(staff.name, 'مدیر فروشگاه'));
    const slugs = rows.map((row) => row.slug).sort();
    expect(slugs).toEqual(['cafe', 'chain', 'grocery', 'kebab', 'members', 'menu', 'nuts', 'realestate', 'skincare', 'soon', 'wholesale']);
    for (const row of rows) {
      expect(row).toMatchObject({ username: 'admin', role: 'owner' });
      expect(row.hash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(row.hash, `demo-${row.slug}`)).toBe(true);
    }
  });

  it('Scenario: in production the seed chooses random passwords, and the demo ones do not open the console', async () => {
    const rollback = new Error('rollback');
    // Read before the transaction: PGlite holds every other statement while one is open.
    const kebabId = await shopId('kebab');
    await expect(
      test.db.transaction(async (tx) => {
        await tx.delete(staff);
        const logins = await seedStaff(tx, 'random');
        const [kebab] = await tx.select({ hash: staff.passwordHash }).from(staff).where(eq(staff.rootId, kebabId));
        const login = logins.find((item) => item.slug === 'kebab')!;
        expect(login.password).not.toBe('demo-kebab');
        expect(login.password.length).toBeGreaterThanOrEqual(16);
        expect(await verifyPassword(kebab.hash, login.password)).toBe(true);
        expect(await verifyPassword(kebab.hash, 'demo-kebab')).toBe(false);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
  });
});
