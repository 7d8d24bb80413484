import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ads, consultantCodes, users, type ShopRow } from '../../server/db/schema';
import { shopOf } from './helpers/chat';
import { staffMember } from './checkout-support/counter';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { adCustomer, HOST, moderator, published, submit } from './helpers/ads';

/*
 * Spec §6's consultant: the shop gives consultant codes in the console (owner only, classifieds shops only), a customer
 * becomes a consultant only with a valid code nobody else holds, and an ad of a consultant shows the code — never an
 * empty "(code )". The classifieds profile (spec §7's second update_profile shape) saves ty_city, ty_town and
 * ty_user_type for a customer who never chose a gender, and says what it needs when it cannot.
 */

let t: TestApp;
let realestate: ShopRow;
beforeAll(async () => {
  t = await createTestApp();
  realestate = await shopOf(t.db, 'realestate');
});
afterAll(() => t.close());

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const userRow = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const profile = (userId: number, fields: Record<string, string>) => ({ code: 'update_profile', id: String(userId), ...fields });

describe(`the classifieds profile (${database})`, () => {
  it('Scenario: a customer who never chose a gender saves city, town and person; name and gender stay as they were', async () => {
    const customer = await adCustomer(t, 'بی‌جنسیت');
    expect((await userRow(customer.userId)).gender).toBeNull();
    const saved = await customer.api.post(profile(customer.userId, { ty_city: 'تهران', ty_town: 'ونک', ty_user_type: 'person' }));
    expect(saved.statusCode, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ name: 'بی‌جنسیت', gender: null, data: { ty_city: 'تهران', ty_town: 'ونک', ty_user_type: 'person', consultant_code: null } });
    expect((await userRow(customer.userId)).data).toMatchObject({ ty_city: 'تهران', ty_town: 'ونک', ty_user_type: 'person' });
  });

  it('Scenario: a consultant without a code, with an unknown code or a kind the profile does not know is told what it needs, nothing saved', async () => {
    const customer = await adCustomer(t);
    const before = await userRow(customer.userId);
    const noCode = await customer.api.post(profile(customer.userId, { ty_city: 'تهران', ty_user_type: 'consultant' }));
    expect(noCode).toMatchObject({ statusCode: 400, body: { result: 'invalid_input', data: { field: 'consultant_code' } } });
    expect(noCode.body.message).toBe('برای ثبت به‌عنوان مشاور املاک، کد مشاوری را که فروشگاه به شما داده وارد کنید.');
    const unknown = await customer.api.post(profile(customer.userId, { ty_city: 'تهران', ty_user_type: 'consultant', consultant_code: 'Z-9999', language: 'en' }));
    expect(unknown).toMatchObject({ statusCode: 400, body: { data: { field: 'consultant_code' }, message: 'This consultant code is not valid; enter the code the shop gave you.' } });
    const badKind = await customer.api.post(profile(customer.userId, { ty_user_type: 'landlord' }));
    expect(badKind).toMatchObject({ statusCode: 400, body: { data: { field: 'ty_user_type' } } });
    expect(await userRow(customer.userId)).toEqual(before);
  });
});

describe(`consultant codes (${database})`, () => {
  it('Scenario: the owner gives a code; a customer claims it and publishes as a consultant with it; nobody else can claim it', async () => {
    const { api: owner } = await moderator(t);
    const created = await owner.call('consultant_code_create', { consultant_code: 'k-۲۰۲۶', label: 'آژانس کاج' });
    const given = created.codes.find((code) => code.code === 'K-2026');
    expect(given).toMatchObject({ label: 'آژانس کاج', holder_id: null, revoked_at: null });
    expect((await owner.post({ code: 'consultant_code_create', consultant_code: 'K-2026' })).statusCode).toBe(409);
    expect((await owner.post({ code: 'consultant_code_create', consultant_code: 'not a code!' })).statusCode).toBe(400);

    const consultant = await adCustomer(t, 'مشاور کاج');
    const claimed = await consultant.api.post(profile(consultant.userId, { ty_city: 'تهران', ty_user_type: 'consultant', consultant_code: ' k-2026 ' }));
    expect(claimed.statusCode, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body.data).toMatchObject({ data: { ty_user_type: 'consultant', consultant_code: 'K-2026' } });
    const listed = await owner.call('consultant_codes');
    expect(listed.codes.find((code) => code.code === 'K-2026')).toMatchObject({ holder_id: consultant.userId, holder_name: 'مشاور کاج' });

    const ad = await published(t, consultant);
    expect(ad.publisher).toEqual({ name: 'مشاور کاج', kind: 'consultant', consultant_code: 'K-2026', deleted: false });

    const other = await adCustomer(t);
    const taken = await other.api.post(profile(other.userId, { ty_user_type: 'consultant', consultant_code: 'K-2026' }));
    expect(taken).toMatchObject({ statusCode: 400, body: { data: { field: 'consultant_code' }, message: 'این کد مشاور متعلق به شخص دیگری است.' } });
    expect((await userRow(other.userId)).data.ty_user_type ?? null).toBeNull();
  });

  it('Scenario: a revoked code makes its holder a person again and cannot be claimed', async () => {
    const { api: owner } = await moderator(t);
    const code = (await owner.call('consultant_code_create', { consultant_code: 'R-1' })).codes.find((row) => row.code === 'R-1');
    const consultant = await adCustomer(t);
    await consultant.api.call('update_profile', profile(consultant.userId, { ty_user_type: 'consultant', consultant_code: 'R-1' }));
    const revoked = await owner.call('consultant_code_revoke', { code_id: String(code?.id) });
    expect(revoked.codes.find((row) => row.code === 'R-1')?.revoked_at).not.toBeNull();
    expect((await userRow(consultant.userId)).data).toMatchObject({ ty_user_type: 'person', consultant_code: null });
    const ad = await submit(consultant);
    expect(ad.publisher).toMatchObject({ kind: 'person', consultant_code: null });
    const again = await consultant.api.post(profile(consultant.userId, { ty_user_type: 'consultant', consultant_code: 'R-1' }));
    expect(again).toMatchObject({ statusCode: 400, body: { data: { field: 'consultant_code' } } });
  });

  it('Scenario: an ad stored as a consultant\'s without a code shows as a person\'s, never with an empty code', async () => {
    const publisher = await adCustomer(t);
    const ad = await published(t, publisher);
    await t.db.update(ads).set({ publisherKind: 'consultant', consultantCode: null }).where(eq(ads.id, ad.id));
    const seen = await publisher.api.call('get_ad_ty', { id: String(ad.id) });
    expect(seen.publisher).toMatchObject({ kind: 'person', consultant_code: null });
  });

  it('Scenario: codes are the owner\'s, at a classifieds shop only', async () => {
    const member = await staffMember(t, 'realestate', 'staff');
    const staffAnswer = await member.api.post({ code: 'consultant_code_create', consultant_code: 'S-1' });
    expect(staffAnswer.statusCode).toBe(403);
    const kebabOwner = await staffMember(t, 'kebab', 'owner');
    expect((await kebabOwner.api.post({ code: 'consultant_codes' })).body.result).toBe('not_classifieds');
    const rows = await t.db.select().from(consultantCodes).where(eq(consultantCodes.code, 'S-1'));
    expect(rows).toEqual([]);
    expect(realestate.interfaceId).toBe(4);
    expect(HOST).toBe('realestate.localhost');
  });
});
