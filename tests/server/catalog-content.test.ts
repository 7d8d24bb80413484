import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { and, eq } from 'drizzle-orm';
import { endpoints, type Code, type DataOf } from '@contract/api';
import { envelope } from '@contract/envelope';
import { contactMessages, items, orderItems, orders, shops, users } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/create-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const host = (slug: string) => `${slug}.localhost:8080`;

async function ask<C extends Code>(slug: string, code: C, fields: Record<string, string> = {}, cookie?: string): Promise<DataOf<C>> {
  const response = await t.call(host(slug), { code, ...fields }, { headers: cookie ? { cookie } : {} });
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(envelope(endpoints[code].data), response.json()).data as DataOf<C>;
}

async function refused(slug: string, fields: Record<string, string>, cookie?: string) {
  const response = await t.call(host(slug), { language: 'en', ...fields }, { headers: cookie ? { cookie } : {} });
  return { status: response.statusCode, body: v.parse(envelope(v.null()), response.json()) };
}

async function shopId(slug: string) {
  return (await t.db.select({ id: shops.id }).from(shops).where(eq(shops.slug, slug)))[0].id;
}

async function idOf(slug: string, nameEn: string): Promise<number> {
  const [row] = await t.db.select({ id: items.id }).from(items).where(and(eq(items.shopId, await shopId(slug)), eq(items.nameEn, nameEn)));
  return row.id;
}

describe('favorites', () => {
  it('Scenario: anonymous visitors are asked to log in first', async () => {
    expect(await refused('kebab', { code: 'toggle_favorite', item_id: '1' })).toMatchObject({ status: 401, body: { result: 'login_required', message: 'Please log in first' } });
    expect((await refused('kebab', { code: 'get_favorites' })).status).toBe(401);
  });

  it('Scenario: toggling marks and unmarks; the list pages newest mark first and get_item shows the flag', async () => {
    const { cookie, userId } = await t.signIn('kebab');
    const pizza = await idOf('kebab', 'Special pizza');
    const doogh = await idOf('kebab', 'Local doogh');
    expect(await ask('kebab', 'toggle_favorite', { item_id: String(pizza) }, cookie)).toEqual({ item_id: pizza, favorite: true, favorites: [pizza] });
    expect(await ask('kebab', 'toggle_favorite', { item_id: String(doogh) }, cookie)).toMatchObject({ favorite: true, favorites: [pizza, doogh] });
    const page = await ask('kebab', 'get_favorites', { page: '1' }, cookie);
    expect(page).toMatchObject({ num_results: 2, page: 1, pages: 1 });
    expect(page.items.map((item) => item.item_id)).toEqual([doogh, pizza]);
    expect((await ask('kebab', 'get_item', { id: String(pizza) }, cookie)).favorite).toBe(true);
    expect(await ask('kebab', 'toggle_favorite', { item_id: String(pizza) }, cookie)).toMatchObject({ favorite: false, favorites: [doogh] });
    const [row] = await t.db.select({ favorites: users.favorites }).from(users).where(eq(users.id, userId));
    expect(row.favorites).toEqual([doogh]);
    expect((await ask('kebab', 'get_favorites', { page: '2' }, cookie)).items).toEqual([]);
    expect((await refused('kebab', { code: 'get_favorites', page: '0' }, cookie)).status).toBe(400);
  });

  it("Scenario: another shop's item cannot be marked, and nothing changes", async () => {
    const { cookie, userId } = await t.signIn('grocery');
    const pizza = await idOf('kebab', 'Special pizza');
    expect((await refused('grocery', { code: 'toggle_favorite', item_id: String(pizza) }, cookie)).status).toBe(404);
    const [row] = await t.db.select({ favorites: users.favorites }).from(users).where(eq(users.id, userId));
    expect(row.favorites).toEqual([]);
  });
});

describe('visits, best sellers, new items and the sells list', () => {
  it('Scenario: before any order, best sellers follow visits; once orders of status 3+ exist, units sold lead', async () => {
    const salad = await idOf('grocery', 'Sangak bread');
    // One visit per visitor per product per day (issue 9): three visitors make three visits.
    for (let visit = 1; visit <= 3; visit += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/order/order.php',
        remoteAddress: `10.3.0.${visit}`,
        headers: { host: host('grocery'), 'content-type': 'application/x-www-form-urlencoded' },
        payload: `code=add_visit_item&id=${salad}`,
      });
      expect(response.json().data).toEqual({ item_id: salad, visits: visit });
    }
    const byVisits = await ask('grocery', 'get_best_sell_items');
    expect(byVisits[0].item_id).toBe(salad);
    expect(byVisits.length).toBe(10);

    const rice = await idOf('grocery', 'Hashemi rice 10 kg');
    const cheese = await idOf('grocery', 'Lighvan cheese');
    const grocery = await shopId('grocery');
    const place = async (status: number, lines: [number, number][]) => {
      const [order] = await t.db.insert(orders).values({ shopId: grocery, status }).returning();
      await t.db.insert(orderItems).values(lines.map(([itemId, itemCount]) => ({ shopId: grocery, orderId: order.id, itemId, itemCount, price: 1000 })));
    };
    await place(3, [[rice, 2]]);
    await place(5, [[cheese, 3]]);
    // An open cart (status 1) is not a sale.
    await place(1, [[salad, 50]]);
    const bySales = await ask('grocery', 'get_best_sell_items');
    expect(bySales.slice(0, 3).map((item) => item.item_id)).toEqual([cheese, rice, salad]);

    const sells = await ask('grocery', 'get_sells_list');
    expect(sells.slice(0, 2).map((item) => [item.item_id, item.sold])).toEqual([
      [cheese, 3],
      [rice, 2],
    ]);
    const dairy = await idOf('grocery', 'Dairy');
    const dairySells = await ask('grocery', 'get_sells_list', { parent_id: String(dairy) });
    expect(dairySells.map((item) => item.name_en)).toEqual(['Lighvan cheese', 'Low-fat milk 1 L', 'Full-fat yoghurt 900 g']);

    const listed = await ask('grocery', 'get_list_item', { get_children_anyway: '1', sort: 'best_selling', limit: '3' });
    expect(listed.items.map((item) => item.item_id)).toEqual([cheese, rice, salad]);
    // The kebab shop has no sales of its own: grocery orders never leak into it.
    const kebabSells = await ask('kebab', 'get_sells_list');
    expect(kebabSells.every((item) => item.sold === 0)).toBe(true);
  });

  it('Scenario: new items are the latest added products, type 12 excluded', async () => {
    const newest = await ask('kebab', 'get_new_items');
    const ids = newest.map((item) => item.item_id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(newest.map((item) => item.name_en)).not.toContain('Packaging');
    expect(newest[0].name_en).toBe('Soft drink');
  });
});

describe('magazine, gallery and contact', () => {
  it('Scenario: the magazine pages 6 posts at a time, newest first, in the asked language, by category', async () => {
    const first = await ask('kebab', 'get_magazines', { page: '1', language: 'fa' });
    expect(first).toMatchObject({ num_results: 7, page: 1, pages: 2 });
    expect(first.posts).toHaveLength(6);
    expect(first.posts[0].title).toBe('منوی پاییزی رسید');
    const dates = first.posts.map((post) => post.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    const second = await ask('kebab', 'get_magazines', { page: '2', language: 'en' });
    expect(second.posts.map((post) => post.title)).toEqual(['The secret of a juicy koobideh']);
    const news = await ask('kebab', 'get_magazines', { cat_id: '2' });
    expect(news.num_results).toBe(3);
    expect(news.posts.every((post) => post.category_id === 2)).toBe(true);
    expect((await ask('grocery', 'get_magazines')).num_results).toBe(0);
    expect((await refused('kebab', { code: 'get_magazines', page: '0' })).status).toBe(400);
  });

  it("Scenario: a post is read in either language; another shop's post is not found", async () => {
    const [post] = (await ask('kebab', 'get_magazines')).posts;
    expect((await ask('kebab', 'get_magazine_post', { id: String(post.id), language: 'en' })).title).toBe('The autumn menu is here');
    expect((await ask('kebab', 'get_magazine_post', { id: String(post.id) })).body).toContain('پیتزای مخصوص');
    expect((await refused('grocery', { code: 'get_magazine_post', id: String(post.id) })).status).toBe(404);
  });

  it("Scenario: the gallery has pictures with their sizes, served only at the shop's host", async () => {
    const gallery = await ask('kebab', 'get_gallery');
    expect(gallery).toHaveLength(6);
    expect(gallery[1]).toMatchObject({ width: 600, height: 800, title_en: 'The charcoal grill' });
    const own = await t.app.inject({ method: 'GET', url: gallery[0].picture, headers: { host: 'kebab.localhost' } });
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toContain('immutable');
    expect((await t.app.inject({ method: 'GET', url: gallery[0].picture, headers: { host: 'cafe.localhost' } })).statusCode).toBe(404);
    expect(await ask('grocery', 'get_gallery')).toEqual([]);
  });

  it('Scenario: contact_us needs name, phone and email; bad input stores nothing', async () => {
    const kebab = await shopId('kebab');
    const stored = async () => (await t.db.select().from(contactMessages).where(eq(contactMessages.shopId, kebab))).length;
    const before = await stored();
    expect((await refused('kebab', { code: 'contact_us', name: 'Sara', email: 'sara@example.com' })).body.message).toBe('Please fill in your name, email and phone');
    expect((await refused('kebab', { code: 'contact_us', phone: '09121234567', email: 'sara@example.com' })).body.message).toBe('Please fill in your name, email and phone');
    expect((await refused('kebab', { code: 'contact_us', name: 'Sara', phone: '09121234567', email: 'not-an-email' })).body.message).toBe('The email address is not valid');
    expect((await refused('kebab', { code: 'contact_us', name: 'Sara', phone: '12', email: 'sara@example.com' })).body.message).toBe('The phone number is not valid');
    const persian = await t.call(host('kebab'), { code: 'contact_us', language: 'fa', name: '', phone: '', email: '' });
    expect(persian.json().message).toBe('لطفا نام، ایمیل و شماره تماس را وارد کنید');
    expect(await stored()).toBe(before);
    const sent = await ask('kebab', 'contact_us', { name: 'سارا', phone: '۰۹۱۲۱۲۳۴۵۶۷', email: 'sara@example.com', message: 'سلام' });
    expect(sent.id).toBeGreaterThan(0);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, sent.id));
    expect(row).toMatchObject({ shopId: kebab, name: 'سارا', phone: '09121234567', email: 'sara@example.com', message: 'سلام' });
  });
});
