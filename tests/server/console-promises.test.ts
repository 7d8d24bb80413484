import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { accessRequests, shops, staffAudit, users, walletTransactions } from '../../server/db/schema';
import { createConsoleSmsProvider } from '../../server/services/sms';
import { chatClient } from './helpers/chat';
import { freshIp, staffLogin, type ConsoleClient } from './helpers/console-client';
import { createTestApp, type TestApp } from './helpers/create-test-app';

/*
 * The promises that wait on the shop (issue 30), on the console's side: the owner-only codes, access requests,
 * customers' wallets, the team, the audit log and the counter's settings. `t` holds polls for a minute, so a poll
 * that answers within a test's time was answered by an event.
 */

const KEBAB = 'kebab.localhost';
const WHOLESALE = 'wholesale.localhost';
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const sms = createConsoleSmsProvider({ keepOutbox: true });
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ sms, longpollHoldMs: 60_000 });
});
afterAll(() => t?.close());

const held = (watches: number) => vi.waitFor(() => expect(t.app.live.stats().watches).toBe(watches), { timeout: 4_000, interval: 5 });
const auditCount = async (rootSlug: string) => {
  const [shop] = await t.db.select().from(shops).where(eq(shops.slug, rootSlug));
  return (await t.db.select().from(staffAudit).where(eq(staffAudit.rootId, shop.id))).length;
};

let staffSeq = 0;
/** A new enabled staff member (role `staff` unless said) added by `owner`, logged in. */
async function newStaff(owner: ConsoleClient, host: string, role: 'staff' | 'owner' = 'staff') {
  const username = `member${++staffSeq}${Date.now() % 100_000}`;
  const password = `secret-${username}`;
  const member = await owner.call('team_add', { name: `Member ${staffSeq}`, username, password, role });
  return { member, username, password, ...(await staffLogin(t.app, host, username, password)) };
}

/** A signed-in customer of `slug` with their order.php client; access_flag as given. */
async function customerAt(slug: string, accessFlag: -1 | 0 | 1 = 1) {
  const { userId, cookie } = await t.signIn(slug, { name: 'Nima' });
  await t.db.update(users).set({ accessFlag }).where(eq(users.id, userId));
  const [row] = await t.db.select().from(users).where(eq(users.id, userId));
  return { userId, cookie, mobile: row.mobile, api: chatClient(t.app, `${slug}.localhost`, cookie, freshIp()) };
}

describe(`the owner's codes (${database})`, () => {
  it('Scenario: a staff member who is not an owner is refused every owner code with 403 owner_only, in their language, and nothing runs; their other codes work', async () => {
    const owner = await staffLogin(t.app, KEBAB);
    const sara = await newStaff(owner.api, KEBAB);
    const before = await owner.api.call('counter_settings');
    for (const code of ['team', 'team_add', 'team_update', 'audit_log', 'counter_settings', 'counter_settings_update'] as const) {
      const fields: Record<string, string> =
        code === 'team_add'
          ? { name: 'X', username: 'intruder', password: 'long enough secret', role: 'owner' }
          : code === 'team_update'
            ? { staff_id: String(sara.member.id), role: 'owner' }
            : code === 'counter_settings_update'
              ? { payment_wait_minutes: '30', referral_reward: '0', order_sms: '0', staff_wallet_limit: '999999999' }
              : {};
      const answer = await sara.api.post({ code, ...fields });
      expect(answer.statusCode, code).toBe(403);
      expect(answer.body).toMatchObject({ status: false, result: 'owner_only', message: expect.stringMatching(/owner/i) });
    }
    const fa = await sara.api.post({ code: 'team' }, 'fa');
    expect(fa.body.message).toMatch(/مالک/);
    expect(await owner.api.call('counter_settings')).toEqual(before);
    expect((await owner.api.call('team')).find((member) => member.username === 'intruder')).toBeUndefined();
    expect((await owner.api.call('team')).find((member) => member.id === sara.member.id)?.role).toBe('staff');
    expect((await sara.api.call('access_requests')).requests).toBeInstanceOf(Array);
  });
});

describe(`access requests (${database})`, () => {
  it('Scenario: a request reaches the staff live; approving sets access_flag 1, texts the customer, answers their held poll and is in the audit log; a second answer is 409 with nothing written', async () => {
    const owner = await staffLogin(t.app, WHOLESALE);
    const customer = await customerAt('wholesale', 0);
    const { count: staffCount } = await owner.api.call('staff_longpull', { count: '0', wait: '0' });
    const staffPoll = owner.api.call('staff_longpull', { count: String(staffCount) });
    await held(1);
    const request = await customer.api.call('request_access', { company: 'Mehr Co', message: 'please' });
    const staffNews = await staffPoll;
    expect(staffNews.events).toEqual([{ id: staffNews.count, type: 'access_requested', request_id: request.id }]);
    expect(staffNews.pending_access_count).toBeGreaterThanOrEqual(1);

    const listed = await owner.api.call('access_requests');
    expect(listed.requests.find((entry) => entry.id === request.id)).toMatchObject({ user_id: customer.userId, company: 'Mehr Co', message: 'please', status: 'pending', mobile: customer.mobile });
    expect(listed.pending_count).toBeGreaterThanOrEqual(1);

    const { count } = await customer.api.call('longpull', { count: '0', wait: '0' });
    const poll = customer.api.call('longpull', { count: String(count) });
    await held(1);
    const audits = await auditCount('wholesale');
    const answered = await owner.api.call('access_answer', { request_id: String(request.id), decision: 'approve' });
    expect(answered).toMatchObject({ id: request.id, status: 'approved', answered_by: expect.any(String) });
    const news = await poll;
    expect(news.events).toEqual([{ id: news.count, type: 'access_changed', access_flag: 1 }]);
    expect((await customer.api.call('get_user_detail'))?.access_flag).toBe(1);
    const texts = sms.outbox(customer.mobile);
    expect(texts).toHaveLength(1);
    expect(await auditCount('wholesale')).toBe(audits + 1);

    const again = await owner.api.post({ code: 'access_answer', request_id: String(request.id), decision: 'deny', reason: 'changed my mind' });
    expect(again.statusCode).toBe(409);
    expect(again.body.message).toBeTruthy();
    expect((await customer.api.call('get_user_detail'))?.access_flag).toBe(1);
    expect(sms.outbox(customer.mobile)).toHaveLength(1);
    expect(await auditCount('wholesale')).toBe(audits + 1);
    expect((await owner.api.call('access_requests')).requests.find((entry) => entry.id === request.id)).toBeUndefined();
  });

  it('Scenario: a denial needs a reason (400 in the staff member\'s language, nothing written); with one, access_flag is -1 and the SMS carries the reason', async () => {
    const owner = await staffLogin(t.app, WHOLESALE);
    const customer = await customerAt('wholesale', 0);
    const request = await customer.api.call('request_access', { company: 'Tiny Shop' });
    for (const language of ['en', 'fa']) {
      const refused = await owner.api.post({ code: 'access_answer', request_id: String(request.id), decision: 'deny', reason: '  ' }, language);
      expect(refused.statusCode).toBe(400);
      expect(refused.body.message).toMatch(language === 'fa' ? /دلیل/ : /reason/i);
    }
    const [stillPending] = await t.db.select().from(accessRequests).where(eq(accessRequests.id, request.id));
    expect(stillPending.status).toBe('pending');
    expect((await customer.api.call('get_user_detail'))?.access_flag).toBe(0);
    expect(sms.outbox(customer.mobile)).toHaveLength(0);

    await owner.api.call('access_answer', { request_id: String(request.id), decision: 'deny', reason: 'Retail only' });
    expect((await customer.api.call('get_user_detail'))?.access_flag).toBe(-1);
    expect(sms.outbox(customer.mobile)[0]?.text).toContain('Retail only');
    const answered = await owner.api.call('access_requests', { status: 'rejected' });
    expect(answered.requests.find((entry) => entry.id === request.id)).toMatchObject({ status: 'rejected', reason: 'Retail only' });
  });

  it('Scenario: the account\'s detail at an access-request shop carries its latest request (where it stands, a refusal\'s reason), read again after each decision; a shop without access requests leaves it out', async () => {
    const owner = await staffLogin(t.app, WHOLESALE);
    const customer = await customerAt('wholesale', 0);
    expect((await customer.api.call('get_user_detail'))?.access_request).toBeNull();
    const request = await customer.api.call('request_access', { company: 'Corner Shop' });
    expect((await customer.api.call('get_user_detail'))?.access_request).toEqual({ id: request.id, status: 'pending', reason: '' });
    await owner.api.call('access_answer', { request_id: String(request.id), decision: 'deny', reason: 'No trade licence' });
    expect((await customer.api.call('get_user_detail'))?.access_request).toEqual({ id: request.id, status: 'rejected', reason: 'No trade licence' });
    // Asked again: the new request is the latest, waiting; its approval is read next.
    const second = await customer.api.call('request_access', { company: 'Corner Shop' });
    expect((await customer.api.call('get_user_detail'))?.access_request).toEqual({ id: second.id, status: 'pending', reason: '' });
    await owner.api.call('access_answer', { request_id: String(second.id), decision: 'approve' });
    expect((await customer.api.call('get_user_detail'))?.access_request).toEqual({ id: second.id, status: 'approved', reason: '' });

    const elsewhere = await customerAt('kebab');
    expect(await elsewhere.api.call('get_user_detail')).not.toHaveProperty('access_request');
  });
});

describe(`wallets (${database})`, () => {
  const balanceOf = async (userId: number) =>
    (await t.db.select().from(walletTransactions).where(and(eq(walletTransactions.userId, userId), eq(walletTransactions.status, 'success'), eq(walletTransactions.kind, 'wallet')))).reduce(
      (sum, row) => sum + row.amount,
      0,
    );

  it("Scenario: the owner's top-up is one 'admin' row with its reason that the customer's wallet shows, announced live; a customer is found by phone; another shop's customer is 404", async () => {
    const owner = await staffLogin(t.app, KEBAB);
    const customer = await customerAt('kebab');
    const found = await owner.api.call('customers_find', { search: customer.mobile.slice(-7) });
    expect(found.map((entry) => entry.user_id)).toContain(customer.userId);

    const { count } = await customer.api.call('longpull', { count: '0', wait: '0' });
    const poll = customer.api.call('longpull', { count: String(count) });
    await held(1);
    const wallet = await owner.api.call('wallet_adjust', { user_id: String(customer.userId), amount: '50000000', reason: 'Sorry for the late order' });
    expect(wallet.customer.balance).toBe(50_000_000);
    expect(wallet.limit).toBeNull();
    expect(wallet.transactions[0]).toMatchObject({ operation: 'admin', amount: 50_000_000, reason: 'Sorry for the late order' });
    const news = await poll;
    expect(news.events).toEqual([{ id: news.count, type: 'wallet_changed' }]);
    const seen = await customer.api.call('get_wallet');
    expect(seen.balance).toBe(50_000_000);
    expect(seen.transactions[0]).toMatchObject({ operation: 'admin', amount: 50_000_000, reason: 'Sorry for the late order' });

    const stranger = await customerAt('grocery');
    for (const code of ['customer_wallet', 'wallet_adjust'] as const) {
      const answer = await owner.api.post({ code, user_id: String(stranger.userId), amount: '1000', reason: 'x' });
      expect(answer.statusCode, code).toBe(404);
    }
    expect(await balanceOf(stranger.userId)).toBe(0);
    expect((await owner.api.call('customers_find', { search: stranger.mobile })).length).toBe(0);
  });

  it("Scenario: staff are held to the owner's limit per adjustment (read fresh after the owner changes it); no balance goes below zero; two debits at once leave it exact", async () => {
    const owner = await staffLogin(t.app, KEBAB);
    const staff = await newStaff(owner.api, KEBAB);
    const customer = await customerAt('kebab');
    const settings = await owner.api.call('counter_settings');
    await owner.api.call('counter_settings_update', { ...stringsOf(settings), staff_wallet_limit: '3000000' });
    expect((await staff.api.call('customer_wallet', { user_id: String(customer.userId) })).limit).toBe(3_000_000);

    const over = await staff.api.post({ code: 'wallet_adjust', user_id: String(customer.userId), amount: '3000001', reason: 'too much' });
    expect(over.statusCode).toBe(403);
    expect(over.body.result).toBe('staff_wallet_limit');
    expect(await balanceOf(customer.userId)).toBe(0);
    await staff.api.call('wallet_adjust', { user_id: String(customer.userId), amount: '2000000', reason: 'top-up' });

    const below = await staff.api.post({ code: 'wallet_adjust', user_id: String(customer.userId), amount: '-3000000', reason: 'take back' }, 'fa');
    expect(below.statusCode).toBe(409);
    expect(below.body.result).toBe('wallet_insufficient');
    expect(below.body.message).toMatch(/کیف پول/);
    expect(await balanceOf(customer.userId)).toBe(2_000_000);

    const zero = await staff.api.post({ code: 'wallet_adjust', user_id: String(customer.userId), amount: '0', reason: 'nothing' });
    expect(zero.statusCode).toBe(400);
    const blank = await staff.api.post({ code: 'wallet_adjust', user_id: String(customer.userId), amount: '100', reason: ' ' });
    expect(blank.statusCode).toBe(400);

    const debits = await Promise.all([1, 2].map(() => staff.api.post({ code: 'wallet_adjust', user_id: String(customer.userId), amount: '-1500000', reason: 'correction' })));
    expect(debits.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await balanceOf(customer.userId)).toBe(500_000);
    await owner.api.call('counter_settings_update', stringsOf(settings));
  });
});

const stringsOf = (settings: { payment_wait_minutes: number; referral_reward: number; order_sms: boolean; staff_wallet_limit: number }) => ({
  payment_wait_minutes: String(settings.payment_wait_minutes),
  referral_reward: String(settings.referral_reward),
  order_sms: settings.order_sms ? '1' : '0',
  staff_wallet_limit: String(settings.staff_wallet_limit),
});

describe(`the team, the audit log and the settings (${database})`, () => {
  it('Scenario: a duplicate username is 409; disabling ends the member\'s session at once; a new password ends it too; the last enabled owner can be neither disabled nor made staff', async () => {
    const owner = await staffLogin(t.app, KEBAB);
    const sara = await newStaff(owner.api, KEBAB);
    const duplicate = await owner.api.post({ code: 'team_add', name: 'Other', username: sara.username.toUpperCase(), password: 'another secret', role: 'staff' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.body.result).toBe('username_taken');

    expect((await sara.api.call('staff_me')).staff?.id).toBe(sara.member.id);
    await owner.api.call('team_update', { staff_id: String(sara.member.id), disabled: '1' });
    expect((await sara.api.call('staff_me')).staff).toBeNull();
    expect((await sara.api.post({ code: 'access_requests' })).statusCode).toBe(401);
    const enabled = await owner.api.call('team_update', { staff_id: String(sara.member.id), disabled: '0', name: 'Sara K' });
    expect(enabled).toMatchObject({ disabled: false, name: 'Sara K' });

    const again = await staffLogin(t.app, KEBAB, sara.username, sara.password);
    await owner.api.call('team_update', { staff_id: String(sara.member.id), password: 'a brand new secret' });
    expect((await again.api.post({ code: 'access_requests' })).statusCode).toBe(401);
    await staffLogin(t.app, KEBAB, sara.username, 'a brand new secret');

    // Other enabled owners may exist from other scenarios: make this owner the last one first.
    const team = await owner.api.call('team');
    const me = (await owner.api.call('staff_me')).staff!;
    for (const member of team) if (member.role === 'owner' && member.id !== me.id && !member.disabled) await owner.api.call('team_update', { staff_id: String(member.id), disabled: '1' });
    for (const fields of [{ disabled: '1' }, { role: 'staff' }] as Record<string, string>[]) {
      const refused = await owner.api.post({ code: 'team_update', staff_id: String(me.id), ...fields });
      expect(refused.statusCode).toBe(409);
      expect(refused.body.result).toBe('last_owner');
    }
    expect((await owner.api.call('staff_me')).staff?.role).toBe('owner');
  });

  it("Scenario: a member disabled while their staff poll is held gets no event after it: the poll answers 401, not the customer's message", async () => {
    const owner = await staffLogin(t.app, KEBAB);
    const sara = await newStaff(owner.api, KEBAB);
    const { count } = await sara.api.call('staff_longpull', { count: '0', wait: '0' });
    const held_ = sara.api.post({ code: 'staff_longpull', count: String(count) });
    await held(1);
    await owner.api.call('team_update', { staff_id: String(sara.member.id), disabled: '1' });
    const customer = await customerAt('kebab');
    await customer.api.call('send_message_web', { name: 'Nima', message: 'for the staff only' });
    const answer = await held_;
    expect(answer.statusCode).toBe(401);
    expect(answer.body.result).toBe('staff_login_required');
    expect(JSON.stringify(answer.body)).not.toContain('for the staff only');
  });

  it('Scenario: the audit log lists staff writes newest first, pages, and filters by staff member', async () => {
    const owner = await staffLogin(t.app, KEBAB);
    const staff = await newStaff(owner.api, KEBAB);
    const customer = await customerAt('kebab');
    await staff.api.call('wallet_adjust', { user_id: String(customer.userId), amount: '1000', reason: 'first' });
    await staff.api.call('wallet_adjust', { user_id: String(customer.userId), amount: '2000', reason: 'second' });
    const log = await owner.api.call('audit_log', { staff_id: String(staff.member.id) });
    expect(log.entries.map((entry) => [entry.action, entry.subject_id, entry.detail.amount, entry.staff_name])).toEqual([
      ['wallet.adjust', customer.userId, 2000, staff.member.name],
      ['wallet.adjust', customer.userId, 1000, staff.member.name],
    ]);
    expect(log.num_results).toBe(2);
    const page = await owner.api.call('audit_log', { length: '1' });
    expect(page.entries).toHaveLength(1);
    expect(page.next_offset).toBe(1);
    expect(page.entries[0].action).toBe('wallet.adjust');
  });

  it("Scenario: a setting outside its bounds is 400 naming it, in the owner's language, and nothing is written; a valid change is read back at once", async () => {
    const owner = await staffLogin(t.app, KEBAB);
    const before = await owner.api.call('counter_settings');
    const audits = await auditCount('kebab');
    for (const [field, value] of [['payment_wait_minutes', '1'], ['staff_wallet_limit', '-5'], ['order_sms', '2']]) {
      const refused = await owner.api.post({ code: 'counter_settings_update', ...stringsOf(before), [field]: value }, 'fa');
      expect(refused.statusCode, field).toBe(400);
      expect(refused.body.message).toContain(field);
    }
    expect(await owner.api.call('counter_settings')).toEqual(before);
    expect(await auditCount('kebab')).toBe(audits);

    const changed = await owner.api.call('counter_settings_update', { ...stringsOf(before), payment_wait_minutes: '45', order_sms: before.order_sms ? '0' : '1' });
    expect(changed).toEqual({ ...before, payment_wait_minutes: 45, order_sms: !before.order_sms });
    expect(await owner.api.call('counter_settings')).toEqual(changed);
    const [row] = await t.db.select().from(shops).where(eq(shops.slug, 'kebab'));
    expect(row.paymentWaitMinutes).toBe(45);
    expect(await auditCount('kebab')).toBe(audits + 1);
    await owner.api.call('counter_settings_update', stringsOf(before));
  });

  it("Scenario: the invite page promises the shop's referral reward as the owner set it, not a constant (get_invite_data's reward_amount)", async () => {
    const owner = await staffLogin(t.app, KEBAB);
    const before = await owner.api.call('counter_settings');
    const customer = await customerAt('kebab');
    await owner.api.call('counter_settings_update', { ...stringsOf(before), referral_reward: '7500000' });
    const invite = await customer.api.call('get_invite_data', {});
    expect(invite.reward_amount).toBe(7_500_000);
    await owner.api.call('counter_settings_update', stringsOf(before));
    expect((await customer.api.call('get_invite_data', {})).reward_amount).toBe(before.referral_reward);
  });
});
