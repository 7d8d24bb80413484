import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ShopSettings } from '@contract/console/shop-settings';
import { shops } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { staffLogin, type ConsoleClient } from './helpers/console-client';
import { flagsFields } from './helpers/shop-flags-fields';
import { call } from './checkout-support/helpers';

/* The owner's switches and texts (issue 32, shop_flags_update): the owner's only, refused input writes nothing, the next customer read follows. */

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const CAFE = 'cafe.localhost';
let t: TestApp;
let owner: ConsoleClient;
let seeded: ShopSettings;

const row = async () => (await t.db.select().from(shops).where(eq(shops.slug, 'cafe')))[0];
const storedOf = (shop: Awaited<ReturnType<typeof row>>) => ({ texts: shop.texts, data: shop.data, forceLogin: shop.forceLogin, agreementPage: shop.agreementPage });

beforeAll(async () => {
  t = await createTestApp();
  owner = (await staffLogin(t.app, CAFE)).api;
  seeded = await owner.call('shop_settings');
});
afterAll(() => t?.close());

describe(`the owner's switches and texts (${database})`, () => {
  it('Scenario: the owner turns on the agreement page with its text, the English menu and the menu-only switch and writes the other-city text; the next get_shop says so in each language', async () => {
    const changed = await owner.call(
      'shop_flags_update',
      flagsFields(seeded, { agreement_page: '1', agreement_text_fa: 'قوانین کافه', agreement_text_en: 'Café rules', digital_menu_en: '1', use_as_menu: '1', other_city_detail_fa: 'ارسال با پست', other_city_detail_en: 'Sent by post' }),
    );
    expect(changed.flags).toMatchObject({ agreement_page: 1, digital_menu_en: 1, use_as_menu: 1 });
    const fa = (await call(t, CAFE, null, 'get_shop')).data;
    expect([fa.agreement_page, fa.agreement_text, fa.digital_menu_en, fa.data.use_as_menu, fa.data.other_city_detail]).toEqual([1, 'قوانین کافه', 1, 1, 'ارسال با پست']);
    const en = (await call(t, CAFE, null, 'get_shop', { language: 'en' })).data;
    expect([en.agreement_text, en.data.other_city_detail]).toEqual(['Café rules', 'Sent by post']);
    await owner.call('shop_flags_update', flagsFields(seeded));
    expect((await call(t, CAFE, null, 'get_shop')).data.agreement_page).toBe(seeded.flags.agreement_page);
  });

  it('Scenario: the agreement page without its text, a text too long or a switch that is not 0/1 is refused in fa and en; nothing is written; staff are refused 403', async () => {
    const before = storedOf(await row());
    const noText = await owner.post({ code: 'shop_flags_update', ...flagsFields(seeded, { agreement_page: '1', agreement_text_en: '' , agreement_text_fa: 'متن' }) }, 'fa');
    expect([noText.statusCode, noText.body.message, noText.body.data]).toEqual([400, '«متن توافق‌نامه (انگلیسی)» را وارد کنید.', { field: 'agreement_text_en' }]);
    const long = await owner.post({ code: 'shop_flags_update', ...flagsFields(seeded, { meta_keywords_en: 'k'.repeat(301) }) }, 'en');
    expect([long.statusCode, long.body.message]).toEqual([400, 'The keywords (English) is too long.']);
    const notFlag = await owner.post({ code: 'shop_flags_update', ...flagsFields(seeded, { force_login: '2' }) });
    expect([notFlag.statusCode, notFlag.body.result]).toEqual([400, 'invalid_input']);
    const username = `flags${Date.now() % 100_000}`;
    await owner.call('team_add', { name: 'Ali', username, password: `secret-${username}`, role: 'staff' });
    const staff = (await staffLogin(t.app, CAFE, username, `secret-${username}`)).api;
    const refused = await staff.post({ code: 'shop_flags_update', ...flagsFields(seeded, { force_login: '1' }) });
    expect([refused.statusCode, refused.body.result]).toEqual([403, 'owner_only']);
    expect(storedOf(await row())).toEqual(before);
  });
});
