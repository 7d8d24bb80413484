import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { endpoints } from '@contract/api';
import { envelope } from '@contract/envelope';
import { eq } from 'drizzle-orm';
import { shops } from '../../server/db/schema';
import { demoShops } from '../../server/seed';
import { slugFromHost } from '../../server/plugins/tenant';
import { createTestApp, type TestApp } from './helpers/create-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const allSlugs = demoShops.flatMap((shop) => [shop.slug, ...(shop.branches ?? []).map((branch) => branch.slug)]);

async function shopAt(host: string) {
  const response = await t.call(host, { code: 'get_shop' });
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(envelope(endpoints.get_shop.data), response.json()).data;
}

async function foldersAt(host: string) {
  const response = await t.call(host, { code: 'get_all_folders' });
  return v.parse(envelope(endpoints.get_all_folders.data), response.json()).data;
}

describe('tenancy by host', () => {
  it('Scenario: the host names the shop', () => {
    expect(slugFromHost('kebab.localhost:8080', 'x')).toBe('kebab');
    expect(slugFromHost('Chain-Tehran.LOCALHOST', 'x')).toBe('chain-tehran');
    expect(slugFromHost('localhost:8080', 'kebab')).toBe('kebab');
    expect(slugFromHost('127.0.0.1:8080', 'kebab')).toBe('kebab');
    expect(slugFromHost(undefined, 'kebab')).toBe('kebab');
  });

  it('Scenario: each of the 14 demo slugs answers its own shop, with its own home content', async () => {
    expect(allSlugs).toHaveLength(14);
    for (const slug of allSlugs) {
      const shop = await shopAt(`${slug}.localhost:8080`);
      expect(shop.slug).toBe(slug);
      if (shop.interface_id === 4) {
        // The classifieds demo's home is its ads (issue 31), not catalog folders.
        const list = v.parse(envelope(endpoints.get_all_ads_ty.data), (await t.call(`${slug}.localhost`, { code: 'get_all_ads_ty' })).json()).data;
        expect(list.ads.length, slug).toBeGreaterThan(0);
      } else {
        const folders = await foldersAt(`${slug}.localhost:8080`);
        expect(folders.length, slug).toBeGreaterThan(0);
      }
      const slides = v.parse(envelope(endpoints.get_slides.data), (await t.call(`${slug}.localhost`, { code: 'get_slides' })).json()).data;
      expect(slides.length, slug).toBe(3);
      const banners = v.parse(envelope(endpoints.get_banners.data), (await t.call(`${slug}.localhost`, { code: 'get_banners' })).json()).data;
      expect(banners.length, slug).toBeGreaterThanOrEqual(2);
    }
  });

  it('Scenario: bare localhost and 127.0.0.1 serve DEFAULT_SHOP (kebab)', async () => {
    expect((await shopAt('localhost:8080')).slug).toBe('kebab');
    expect((await shopAt('127.0.0.1:8080')).slug).toBe('kebab');
  });

  it('Scenario: an unknown slug is a 404 envelope, for the API and for media', async () => {
    const response = await t.call('nowhere.localhost:8080', { code: 'get_shop', language: 'en' });
    expect(response.statusCode).toBe(404);
    expect(v.parse(envelope(v.null()), response.json())).toEqual({ status: false, result: 'shop_not_found', data: null, message: 'No shop named "nowhere".' });
    const picture = await t.app.inject({ method: 'GET', url: '/media/1', headers: { host: 'nowhere.localhost' } });
    expect(picture.statusCode).toBe(404);
  });

  it("Scenario: another shop's folders never appear", async () => {
    const kebab = await foldersAt('kebab.localhost');
    const grocery = await foldersAt('grocery.localhost');
    const kebabIds = new Set(kebab.map((folder) => folder.item_id));
    expect(grocery.some((folder) => kebabIds.has(folder.item_id))).toBe(false);
    expect(grocery.map((folder) => folder.name_en)).not.toContain('Kebabs');
    expect(grocery.map((folder) => folder.name_en)).toContain('Dairy');
  });

  it("Scenario: a picture is served only at its own shop's host", async () => {
    const slide = v.parse(envelope(endpoints.get_slides.data), (await t.call('kebab.localhost', { code: 'get_slides' })).json()).data[0];
    const own = await t.app.inject({ method: 'GET', url: slide.picture, headers: { host: 'kebab.localhost' } });
    expect(own.statusCode).toBe(200);
    const foreign = await t.app.inject({ method: 'GET', url: slide.picture, headers: { host: 'grocery.localhost' } });
    expect(foreign.statusCode).toBe(404);
  });

  it('Scenario: the master shop lists its three branches, one closed; a branch has the master as root', async () => {
    const chain = await shopAt('chain.localhost');
    expect(chain).toMatchObject({ master_flag: 1, branch_list_type: 1, master_id: null });
    expect(chain.branches.map((branch) => [branch.slug, branch.location, branch.status, branch.distance, branch.out_of_range])).toEqual([
      ['chain-tehran', '35.6892,51.389', 1, null, false],
      ['chain-isfahan', '32.6539,51.666', 1, null, false],
      ['chain-shiraz', '29.5918,52.5837', 2, null, false],
    ]);
    for (const branch of chain.branches) expect(branch.radius_service).toBeGreaterThan(0);
    const tehran = await shopAt('chain-tehran.localhost');
    expect(tehran).toMatchObject({ master_id: chain.id, root_id: chain.id, master_flag: 0, branches: [] });
  });

  it('Scenario: POST /order/branch_list.php returns the branches, checking pass when given', async () => {
    // The pass is the shop's key and never in a reply (shop-pass.test.ts): read it from the database.
    const [chain] = await t.db.select().from(shops).where(eq(shops.slug, 'chain'));
    const list = await t.app.inject({
      method: 'POST',
      url: '/order/branch_list.php',
      headers: { host: 'chain.localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `pass=${chain.pass}`,
    });
    expect(list.statusCode).toBe(200);
    expect(v.parse(envelope(v.array(v.object({ slug: v.string() }))), list.json()).data.map((branch) => branch.slug)).toEqual([
      'chain-tehran',
      'chain-isfahan',
      'chain-shiraz',
    ]);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/order/branch_list.php',
      headers: { host: 'chain.localhost', 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      payload: 'pass=guess',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('The shop key is wrong.');
  });

  it('Scenario: the flags of the special demo shops', async () => {
    expect(await shopAt('members.localhost')).toMatchObject({ interface_id: 5, force_login: 1 });
    expect(await shopAt('wholesale.localhost')).toMatchObject({ interface_id: 7, access_request: 1 });
    expect(await shopAt('soon.localhost')).toMatchObject({ interface_id: 3, state_of_development: 1 });
    expect(await shopAt('menu.localhost')).toMatchObject({ interface_id: 99, digital_menu_en: 1 });
    expect(await shopAt('realestate.localhost')).toMatchObject({ interface_id: 4 });
    expect(await shopAt('skincare.localhost')).toMatchObject({ interface_id: 100 });
    expect(await shopAt('nuts.localhost')).toMatchObject({ interface_id: 101 });
    const cafe = await shopAt('cafe.localhost');
    expect(cafe).toMatchObject({ interface_id: 102, data: expect.objectContaining({ no_logo_in_splash: 1 }) });
    expect(cafe.splash_image_link.desktop).toMatch(/^\/media\/\d+$/);
    const grocery = await shopAt('grocery.localhost');
    expect(grocery).toMatchObject({ interface_id: 3, agreement_page: 1, currency: 'IRR' });
    expect(grocery.agreement_text).toMatch(/[\u0600-\u06FF]/);
    const groceryEn = v.parse(envelope(endpoints.get_shop.data), (await t.call('grocery.localhost', { code: 'get_shop', language: 'en' })).json()).data;
    expect(groceryEn.agreement_text).toMatch(/^By placing an order/);
  });
});
