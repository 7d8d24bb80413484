import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accessRequests, referrals, shops, users, walletTransactions } from '../../server/db/schema';
import { createRepositories } from '../../server/repositories';
import { REFERRAL_REWARD_RIAL } from '../../server/repositories/wallet-repository';
import { createConsoleSmsProvider } from '../../server/services/sms';
import { browser, lastCode, testClock } from './helpers/account-browser';
import { createTestApp, type TestApp } from './helpers/create-test-app';

const KEBAB = 'kebab.localhost';
const clock = testClock();
const sms = createConsoleSmsProvider({ keepOutbox: true, clock: clock.now });
let test: TestApp;

beforeAll(async () => {
  test = await createTestApp({ clock: clock.now, sms });
});
afterAll(async () => {
  await test.close();
});

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- reply data differs per code; each test reads the fields it checks
type Loose = any;
const json = (response: { json: () => unknown }) => response.json() as { status: boolean; result: string; data: Loose; message: string };
const shopBySlug = async (slug: string) => (await test.db.select().from(shops).where(eq(shops.slug, slug)))[0];

describe('update_profile', () => {
  const profile = (id: number, extra: Record<string, string> = {}) => ({ code: 'update_profile', id: String(id), name: 'نرگس کریمی', gender: '2', ...extra });

  it('Scenario: id, name and gender are required with the spec messages', async () => {
    const { userId, cookie } = await test.signIn('kebab');
    const headers = { cookie };
    const noId = await test.call(KEBAB, { code: 'update_profile', name: 'x', gender: '1' }, { headers });
    expect(json(noId).message).toBe('وارد کردن آیدی اجباری است');
    const noName = await test.call(KEBAB, { code: 'update_profile', id: String(userId), gender: '1' }, { headers });
    expect(json(noName).message).toBe('وارد کردن نام و نام خانوادگی اجباری است');
    const noGender = await test.call(KEBAB, { code: 'update_profile', id: String(userId), name: 'x' }, { headers });
    expect(json(noGender).message).toBe('انتخاب جنسیت اجباری است');
    expect([noId.statusCode, noName.statusCode, noGender.statusCode]).toEqual([400, 400, 400]);
  });

  it('Scenario: a name of spaces only is no name (the profile rule the form checks too): refused beside its field, nothing saved', async () => {
    const { userId, cookie } = await test.signIn('kebab');
    const headers = { cookie };
    const before = (await test.db.select().from(users).where(eq(users.id, userId)))[0];
    const blank = await test.call(KEBAB, profile(userId, { name: ' \u00a0 ' }), { headers });
    expect(blank.statusCode, blank.body).toBe(400);
    expect(json(blank)).toMatchObject({ result: 'invalid_input', message: 'وارد کردن نام و نام خانوادگی اجباری است', data: { field: 'name' } });
    const noGender = await test.call(KEBAB, { code: 'update_profile', id: String(userId), name: 'x', gender: '3', language: 'en' }, { headers });
    expect(json(noGender)).toMatchObject({ result: 'invalid_input', data: { field: 'gender' } });
    expect((await test.db.select().from(users).where(eq(users.id, userId)))[0]?.name).toBe(before?.name);
  });

  it('Scenario: a valid profile with Jalali dates (Persian digits) and classifieds fields is saved', async () => {
    const { userId, cookie } = await test.signIn('kebab');
    const response = await test.call(
      KEBAB,
      profile(userId, { b_year: '۱۳۷۰', b_month: '۱۲', b_day: '۲۹', m_year: '1399', m_month: '6', m_day: '31', ty_city: 'تهران', ty_town: 'ونک', ty_user_type: 'person' }),
      { headers: { cookie } },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(json(response).data).toMatchObject({ name: 'نرگس کریمی', gender: 2, b_year: 1370, b_month: 12, b_day: 29, m_year: 1399, m_month: 6, m_day: 31, data: { ty_city: 'تهران', ty_town: 'ونک', ty_user_type: 'person' } });
    const detail = await test.call(KEBAB, { code: 'get_user_detail' }, { headers: { cookie } });
    expect(json(detail).data.b_day).toBe(29);
  });

  it("Scenario: a date of today is today in Iran, whatever the server's own time zone", async () => {
    const { userId, cookie } = await test.signIn('kebab');
    const marriedOn = async (at: string, day: string) => {
      const back = clock.now().getTime();
      clock.advance((new Date(at).getTime() - back) / 1000);
      try {
        return (await test.call(KEBAB, profile(userId, { m_year: '1404', m_month: '1', m_day: day, language: 'en' }), { headers: { cookie } })).statusCode;
      } finally {
        clock.advance((back - clock.now().getTime()) / 1000);
      }
    };
    // 00:30 in Tehran on 1 Farvardin 1404: still 1403/12/30 in UTC and every zone west of UTC+3.
    expect(await marriedOn('2025-03-20T21:00:00Z', '1')).toBe(200);
    expect(await marriedOn('2025-03-20T21:00:00Z', '2')).toBe(400);
    // 23:30 in Tehran on 30 Esfand 1403: already 1404/1/1 in every zone east of UTC+4.
    expect(await marriedOn('2025-03-20T20:00:00Z', '1')).toBe(400);
  });

  it.each([
    ['30 Esfand of a common year', { b_year: '1371', b_month: '12', b_day: '30' }],
    ['month 13', { b_year: '1370', b_month: '13', b_day: '1' }],
    ['31 Mehr', { m_year: '1390', m_month: '7', m_day: '31' }],
    ['a partial date', { b_year: '1370', b_month: '', b_day: '' }],
    ['a birth date in the future', { b_year: '1500', b_month: '1', b_day: '1' }],
  ])('Scenario: %s is refused and nothing changes', async (_name, dates) => {
    const { userId, cookie } = await test.signIn('kebab', { name: 'Before' });
    const response = await test.call(KEBAB, profile(userId, dates), { headers: { cookie } });
    expect(response.statusCode).toBe(400);
    expect(json(response).message).toMatch(/تاریخ .* معتبر نیست/);
    const [row] = await test.db.select().from(users).where(eq(users.id, userId));
    expect(row.name).toBe('Before');
  });

  it('Scenario: another user\'s id is refused', async () => {
    const { cookie } = await test.signIn('kebab', { name: 'Me' });
    const { userId: other } = await test.signIn('kebab', { name: 'Other' });
    const response = await test.call(KEBAB, profile(other), { headers: { cookie } });
    expect(response.statusCode).toBe(403);
    const [row] = await test.db.select().from(users).where(eq(users.id, other));
    expect(row.name).toBe('Other');
  });

  it('Scenario: anonymous visitors must log in', async () => {
    const response = await test.call(KEBAB, profile(1));
    expect(response.statusCode).toBe(401);
  });
});

describe('CSRF', () => {
  it('Scenario: a cross-origin POST to update_profile is refused with 403 and changes nothing', async () => {
    const { userId, cookie } = await test.signIn('kebab', { name: 'Unchanged' });
    const response = await test.call(
      KEBAB,
      { code: 'update_profile', id: String(userId), name: 'Hacked', gender: '1' },
      { headers: { cookie, origin: 'http://evil.example' } },
    );
    expect(response.statusCode).toBe(403);
    expect(json(response).result).toBe('cross_origin');
    expect(json(response).message).toBe('درخواست از سایت دیگری ارسال شده و پذیرفته نشد.');
    const [row] = await test.db.select().from(users).where(eq(users.id, userId));
    expect(row.name).toBe('Unchanged');
  });

  it('Scenario: another shop of the same server is another origin; a Referer is used when Origin is absent', async () => {
    const { userId, cookie } = await test.signIn('kebab', { name: 'Unchanged' });
    const fields = { code: 'update_profile', id: String(userId), name: 'Changed', gender: '1' };
    const fromGrocery = await test.call(KEBAB, fields, { headers: { cookie, origin: 'http://grocery.localhost' } });
    expect(fromGrocery.statusCode).toBe(403);
    const byReferer = await test.call(KEBAB, fields, { headers: { cookie, referer: 'http://evil.example/form.html', 'accept-language': 'en' } });
    expect(byReferer.statusCode).toBe(403);
    expect(json(byReferer).message).toMatch(/another site/);
    const nullOrigin = await test.call(KEBAB, fields, { headers: { cookie, origin: 'null' } });
    expect(nullOrigin.statusCode).toBe(403);
    const [row] = await test.db.select().from(users).where(eq(users.id, userId));
    expect(row.name).toBe('Unchanged');
  });

  it('Scenario: same-origin requests and requests without Origin or Referer pass', async () => {
    const { userId, cookie } = await test.signIn('kebab');
    const fields = { code: 'update_profile', id: String(userId), name: 'Same Origin', gender: '1' };
    expect((await test.call(KEBAB, fields, { headers: { cookie, origin: 'http://kebab.localhost' } })).statusCode).toBe(200);
    expect((await test.call(KEBAB, { ...fields, name: 'No Header' }, { headers: { cookie } })).statusCode).toBe(200);
    const [row] = await test.db.select().from(users).where(eq(users.id, userId));
    expect(row.name).toBe('No Header');
  });

  it('Scenario: other POST paths are guarded too', async () => {
    const wallet = await test.app.inject({ method: 'POST', url: '/wallet/wallet.php', headers: { host: KEBAB, origin: 'http://evil.example', 'content-type': 'application/x-www-form-urlencoded' }, payload: 'code=user_amount_wallet' });
    expect(wallet.statusCode).toBe(403);
    const branches = await test.app.inject({ method: 'POST', url: '/order/branch_list.php', headers: { host: KEBAB, origin: 'http://evil.example' } });
    expect(branches.statusCode).toBe(403);
  });
});

describe('wallet', () => {
  it('Scenario: get_wallet sums successful rows; failures are listed but not counted; wallet.php agrees', async () => {
    const { userId, cookie } = await test.signIn('kebab');
    const kebab = await shopBySlug('kebab');
    const repos = createRepositories(test.db, kebab);
    await repos.transaction(async (tx) => {
      expect(await tx.wallet.lock(userId)).toBe(true);
      await tx.wallet.credit({ userId, operation: 'charge', amount: 500_000 });
      await tx.wallet.credit({ userId, operation: 'buy', amount: -120_000, orderId: 77 });
      await tx.wallet.credit({ userId, operation: 'charge', amount: 900_000, status: 'fail' });
      await tx.wallet.credit({ userId, operation: 'admin', amount: 10_000 });
    });
    const response = await test.call(KEBAB, { code: 'get_wallet' }, { headers: { cookie } });
    const data = json(response).data;
    expect(data.balance).toBe(390_000);
    expect(data.transactions).toHaveLength(4);
    expect(data.transactions.map((row: { operation: string }) => row.operation).sort()).toEqual(['admin', 'buy', 'charge', 'charge']);
    expect(data.transactions.find((row: { status: string }) => row.status === 'fail').amount).toBe(900_000);
    expect(data.transactions.find((row: { operation: string }) => row.operation === 'buy').order_id).toBe(77);

    const amount = await test.app.inject({ method: 'POST', url: '/wallet/wallet.php', headers: { host: KEBAB, cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: `code=user_amount_wallet&user_id=${userId}` });
    expect(amount.json()).toMatchObject({ status: true, data: { user_id: userId, amount: 390_000 } });
    const otherUser = await test.app.inject({ method: 'POST', url: '/wallet/wallet.php', headers: { host: KEBAB, cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: `code=user_amount_wallet&user_id=${userId + 1000}` });
    expect(otherUser.statusCode).toBe(403);
    const anonymous = await test.app.inject({ method: 'POST', url: '/wallet/wallet.php', headers: { host: KEBAB, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'code=user_amount_wallet' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('Scenario: the ledger of one root is invisible from another', async () => {
    const { userId } = await test.signIn('kebab');
    const groceryRepos = createRepositories(test.db, await shopBySlug('grocery'));
    const grocery = groceryRepos.wallet;
    const kebabRepos = createRepositories(test.db, await shopBySlug('kebab'));
    const kebab = kebabRepos.wallet;
    await kebabRepos.transaction((tx) => tx.wallet.credit({ userId, operation: 'charge', amount: 1000 }));
    expect(await kebab.balance(userId)).toBe(1000);
    expect(await grocery.balance(userId)).toBe(0);
    expect(await groceryRepos.transaction((tx) => tx.wallet.lock(userId))).toBe(false);
  });

  it('Scenario: a zero or fractional amount is refused by credit', async () => {
    const { userId } = await test.signIn('kebab');
    const repos = createRepositories(test.db, await shopBySlug('kebab'));
    await expect(repos.transaction((tx) => tx.wallet.credit({ userId, operation: 'charge', amount: 0 }))).rejects.toThrow(/non-zero integer/);
    await expect(repos.transaction((tx) => tx.wallet.credit({ userId, operation: 'charge', amount: 1.5 }))).rejects.toThrow(/non-zero integer/);
  });
});

describe('referral', () => {
  it('Scenario: an invited user registers with the code; the inviter is credited once, when the first order completes', async () => {
    const { userId: inviterId, cookie } = await test.signIn('kebab', { name: 'Inviter' });
    const invite = json(await test.call(KEBAB, { code: 'get_invite_data' }, { headers: { cookie } })).data;
    expect(invite.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(invite.link).toBe(`/order/v2/?ref=${invite.code}`);
    expect(invite.reward_usd).toBe(20);
    expect(json(await test.call(KEBAB, { code: 'get_invite_data' }, { headers: { cookie } })).data.code).toBe(invite.code);

    const friend = browser(test, KEBAB, '10.9.9.9');
    await friend.post({ code: 'login', phone_number: '09360000001' });
    await friend.post({ code: 'check_verify_code', verify_code: lastCode(sms, '09360000001') });
    const registered = await friend.post({ code: 'complete_register', name: 'Invited Friend', ref: invite.code.toLowerCase() });
    const inviteeId = json(registered).data.id;
    const [referral] = await test.db.select().from(referrals).where(eq(referrals.inviteeId, inviteeId));
    expect(referral.inviterId).toBe(inviterId);

    const repos = createRepositories(test.db, await shopBySlug('kebab'));
    const { wallet } = repos;
    const first = await repos.transaction((tx) => tx.wallet.rewardReferral({ inviteeId, orderId: 501 }));
    expect(first).toMatchObject({ userId: inviterId, operation: 'system', amount: REFERRAL_REWARD_RIAL, orderId: 501, status: 'success' });
    const second = await repos.transaction((tx) => tx.wallet.rewardReferral({ inviteeId, orderId: 502 }));
    expect(second).toBeNull();
    expect(await wallet.balance(inviterId)).toBe(REFERRAL_REWARD_RIAL);
    const counts = json(await test.call(KEBAB, { code: 'get_invite_data' }, { headers: { cookie } })).data;
    expect(counts).toMatchObject({ invited_count: 1, rewarded_count: 1 });
  });

  it('Scenario: a user without a referral gets no reward; an unknown code is ignored', async () => {
    const { userId } = await test.signIn('kebab');
    const repos = createRepositories(test.db, await shopBySlug('kebab'));
    expect(await repos.transaction((tx) => tx.wallet.rewardReferral({ inviteeId: userId, orderId: 9 }))).toBeNull();
    expect(await test.db.select().from(walletTransactions).where(eq(walletTransactions.userId, userId))).toHaveLength(0);
  });
});

describe('request_access', () => {
  it('Scenario: a wholesale user asks for access once; a repeat returns the pending request', async () => {
    const { userId, cookie } = await test.signIn('wholesale');
    const first = await test.call('wholesale.localhost', { code: 'request_access', company: 'فروشگاه مهر', message: 'لطفا دسترسی عمده بدهید' }, { headers: { cookie } });
    expect(first.statusCode, first.body).toBe(200);
    expect(json(first).data.status).toBe('pending');
    const again = await test.call('wholesale.localhost', { code: 'request_access', company: 'فروشگاه مهر' }, { headers: { cookie } });
    expect(json(again).data.id).toBe(json(first).data.id);
    expect(await test.db.select().from(accessRequests).where(eq(accessRequests.userId, userId))).toHaveLength(1);
  });

  it('Scenario: a request that does not say who asks (no company, or only spaces) is refused in fa and en, beside its field, and nothing is written', async () => {
    const { userId, cookie } = await test.signIn('wholesale');
    const asks = [
      { fields: {}, language: 'fa', pattern: /نام فروشگاه یا شرکت/ },
      { fields: { company: '   ', message: '' }, language: 'en', pattern: /store or company name/i },
      { fields: { company: '\u00a0 ', message: 'لطفا دسترسی بدهید' }, language: 'fa', pattern: /نام فروشگاه یا شرکت/ },
    ] as const;
    for (const { fields, language, pattern } of asks) {
      const response = await test.call('wholesale.localhost', { code: 'request_access', language, ...fields }, { headers: { cookie } });
      expect(response.statusCode, response.body).toBe(400);
      const body = json(response);
      expect(body.result).toBe('invalid_input');
      expect(body.message).toMatch(pattern);
      expect(body.data).toEqual({ field: 'company' });
    }
    expect(await test.db.select().from(accessRequests).where(eq(accessRequests.userId, userId))).toEqual([]);
  });

  it('Scenario: a shop without access requests refuses it', async () => {
    const { cookie } = await test.signIn('kebab');
    const response = await test.call(KEBAB, { code: 'request_access' }, { headers: { cookie } });
    expect(response.statusCode).toBe(400);
    expect(json(response).result).toBe('access_not_needed');
  });
});

describe('dev SMS outbox', () => {
  it('Scenario: GET /dev/sms-outbox lists the codes sent to a phone outside production', async () => {
    await browser(test, KEBAB, '10.8.8.8').post({ code: 'login', phone_number: '+98 937 000 0001' });
    const response = await test.app.inject({ method: 'GET', url: '/dev/sms-outbox?phone=09370000001', headers: { host: KEBAB } });
    expect(response.statusCode).toBe(200);
    expect(response.json().data[0]).toMatchObject({ phone: '09370000001', code: lastCode(sms, '09370000001') });
  });

  it('Scenario: production has no outbox route', async () => {
    const { buildApp } = await import('../../server/app');
    const app = await buildApp({ db: test.db, config: { defaultShop: 'kebab', spaDir: '/nonexistent', nodeEnv: 'production' } });
    const response = await app.inject({ method: 'GET', url: '/dev/sms-outbox?phone=09370000001', headers: { host: KEBAB } });
    expect(response.statusCode).toBe(404);
    await app.close();
  });
});
