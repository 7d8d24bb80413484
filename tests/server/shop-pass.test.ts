import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { shops } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/create-test-app';

/*
 * Issue 9, item 14: the shop `pass` is the key that branch_list.php,
 * item_options.php and get_list_item's shop_pass check, so no reply may carry it.
 */

let t: TestApp;
let seeded: { slug: string; pass: string }[];
beforeAll(async () => {
  t = await createTestApp();
  seeded = await t.db.select({ slug: shops.slug, pass: shops.pass }).from(shops);
});
afterAll(() => t.close());

/** Which seeded passes a reply body contains. */
const leaked = (body: string) => seeded.filter(({ pass }) => body.includes(pass)).map(({ slug }) => slug);

const form = (host: string, url: string, payload: string) =>
  t.app.inject({ method: 'POST', url, headers: { host, 'content-type': 'application/x-www-form-urlencoded' }, payload });

describe('the shop pass is never sent', () => {
  it('Scenario: every seeded shop has a pass worth hiding', () => {
    expect(seeded.length).toBeGreaterThan(10);
    for (const { pass } of seeded) expect(pass.length).toBeGreaterThanOrEqual(16);
  });

  it('Scenario: get_shop (with its branches) in fa and en carries no pass of any shop, nor a pass field', async () => {
    for (const { slug } of seeded) {
      for (const language of ['fa', 'en']) {
        const reply = await t.call(`${slug}.localhost`, { code: 'get_shop', language });
        expect(reply.statusCode).toBe(200);
        expect(leaked(reply.body), `get_shop at ${slug}`).toEqual([]);
        const shop = reply.json().data;
        expect(shop).not.toHaveProperty('pass');
        for (const branch of shop.branches) expect(branch).not.toHaveProperty('pass');
      }
    }
  });

  it('Scenario: branch_list.php answers the branches without any pass, with or without the right key', async () => {
    for (const { slug, pass } of seeded) {
      for (const payload of ['', `pass=${pass}`]) {
        const reply = await form(`${slug}.localhost`, '/order/branch_list.php', payload);
        expect(reply.statusCode, `branch_list at ${slug}`).toBe(200);
        expect(leaked(reply.body), `branch_list at ${slug}`).toEqual([]);
      }
    }
    const chain = await form('chain.localhost', '/order/branch_list.php', '');
    expect(chain.json().data.map((branch: { slug: string }) => branch.slug)).toEqual(['chain-tehran', 'chain-isfahan', 'chain-shiraz']);
  });

  it('Scenario: the startup replies of every shop carry no pass either', async () => {
    for (const { slug } of seeded) {
      for (const code of ['get_user_detail', 'get_cart', 'get_slides', 'get_banners', 'get_all_folders']) {
        const reply = await t.call(`${slug}.localhost`, { code });
        expect(leaked(reply.body), `${code} at ${slug}`).toEqual([]);
      }
    }
  });

  it('Scenario: the pass still works as the key where it is checked', async () => {
    const [kebab] = await t.db.select().from(shops).where(eq(shops.slug, 'kebab'));
    expect((await form('kebab.localhost', '/order/branch_list.php', `pass=${kebab.pass}`)).statusCode).toBe(200);
    expect((await form('kebab.localhost', '/order/branch_list.php', 'pass=guess')).statusCode).toBe(403);
  });
});
