import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { and, eq } from 'drizzle-orm';
import { endpoints, type Code, type DataOf } from '@contract/api';
import { envelope } from '@contract/envelope';
import { items, shops } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/create-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const host = (slug: string) => `${slug}.localhost:8080`;

async function ask<C extends Code>(slug: string, code: C, fields: Record<string, string> = {}, headers: Record<string, string> = {}): Promise<DataOf<C>> {
  const response = await t.call(host(slug), { code, ...fields }, { headers });
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(envelope(endpoints[code].data), response.json()).data as DataOf<C>;
}

async function refused(slug: string, fields: Record<string, string>, language: 'fa' | 'en' = 'en') {
  const response = await t.call(host(slug), { language, ...fields });
  return { status: response.statusCode, body: v.parse(envelope(v.null()), response.json()) };
}

async function idOf(slug: string, nameEn: string): Promise<number> {
  const [row] = await t.db
    .select({ id: items.id })
    .from(items)
    .innerJoin(shops, eq(shops.id, items.shopId))
    .where(and(eq(shops.slug, slug), eq(items.nameEn, nameEn)));
  return row.id;
}

describe('get_list_item', () => {
  it('Scenario: a folder lists its subfolders first and its own products; products of subfolders only with get_children_anyway', async () => {
    const kebabs = await idOf('kebab', 'Kebabs');
    const page = await ask('kebab', 'get_list_item', { id: String(kebabs) });
    expect(page.folders.map((folder) => folder.name_en)).toEqual(['Chicken kebabs', 'Beef kebabs']);
    expect(page.items).toEqual([]);
    const all = await ask('kebab', 'get_list_item', { id: String(kebabs), get_children_anyway: '1' });
    expect(all.items.map((item) => item.name_en).sort()).toEqual(['Barg kebab', 'Bone-in joojeh kebab', 'Koobideh kebab', 'Saffron joojeh kebab']);
    expect(all.items.every((item) => item.unit === 'skewer')).toBe(true);
  });

  it('Scenario: type 12 never appears, neither in a folder nor in a search', async () => {
    const drinks = await idOf('kebab', 'Drinks');
    const page = await ask('kebab', 'get_list_item', { id: String(drinks) });
    expect(page.items.map((item) => item.name_en)).toEqual(['Local doogh', 'Soft drink']);
    const everything = await ask('kebab', 'get_list_item', { get_children_anyway: '1', pagination: '0' });
    expect(everything.items.map((item) => item.name_en)).not.toContain('Packaging');
    expect(everything.items.every((item) => item.type === 1)).toBe(true);
    const search = await ask('kebab', 'get_list_item', { name: 'Packaging' });
    expect(search.num_results).toBe(0);
  });

  it('Scenario: paging walks the grocery pantry in pages of 20 without gaps or repeats', async () => {
    const pantry = await idOf('grocery', 'Pantry');
    const first = await ask('grocery', 'get_list_item', { id: String(pantry), limit: '20' });
    expect(first).toMatchObject({ num_results: 26, offset: 0, limit: 20, next_offset: 20 });
    expect(first.items).toHaveLength(20);
    const second = await ask('grocery', 'get_list_item', { id: String(pantry), limit: '20', offset: '20' });
    expect(second).toMatchObject({ num_results: 26, offset: 20, next_offset: null });
    expect(second.items).toHaveLength(6);
    const ids = [...first.items, ...second.items].map((item) => item.item_id);
    expect(new Set(ids).size).toBe(26);
    expect(second.folders).toEqual([]);
    const unpaged = await ask('grocery', 'get_list_item', { id: String(pantry), pagination: '0' });
    expect(unpaged.items.map((item) => item.item_id)).toEqual(ids);
  });

  it('Scenario: sort by price up and down, newest, and best selling orders the products', async () => {
    const fields = { get_children_anyway: '1', limit: '100' };
    const up = await ask('grocery', 'get_list_item', { ...fields, sort: 'price_up' });
    const prices = up.items.map((item) => item.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(prices[0]).toBeLessThan(prices.at(-1)!);
    const down = await ask('grocery', 'get_list_item', { ...fields, sort: 'price_down' });
    expect(down.items.map((item) => item.price)).toEqual([...prices].sort((a, b) => b - a));
    const newest = await ask('grocery', 'get_list_item', { ...fields, sort: 'newest' });
    const newestIds = newest.items.map((item) => item.item_id);
    expect(newestIds).toEqual([...newestIds].sort((a, b) => b - a));
  });

  it('Scenario: the price range keeps only products inside it, bounds included', async () => {
    const page = await ask('grocery', 'get_list_item', { get_children_anyway: '1', from_price: '380000', to_price: '1000000', limit: '100', sort: 'price_up' });
    expect(page.items.length).toBeGreaterThan(3);
    for (const item of page.items) {
      expect(item.price).toBeGreaterThanOrEqual(380_000);
      expect(item.price).toBeLessThanOrEqual(1_000_000);
    }
    expect(page.items[0].price).toBe(380_000);
    const persianDigits = await ask('grocery', 'get_list_item', { get_children_anyway: '1', from_price: '۳۸۰۰۰۰', to_price: '١٠٠٠٠٠٠', limit: '100' });
    expect(persianDigits.num_results).toBe(page.num_results);
  });

  it('Scenario: search matches Persian and English names and descriptions, folding Arabic ي/ك and digits', async () => {
    const arabicYeh = await ask('kebab', 'get_list_item', { name: 'پيتزا' });
    expect(arabicYeh.items.map((item) => item.name_en).sort()).toEqual(['Pepperoni pizza', 'Special pizza']);
    const arabicKaf = await ask('kebab', 'get_list_item', { name: 'كباب كوبيده' });
    expect(arabicKaf.items.map((item) => item.name_en)).toEqual(['Koobideh kebab']);
    const english = await ask('kebab', 'get_list_item', { name: 'MOZZARELLA' });
    expect(english.items.map((item) => item.name_en).sort()).toEqual(['Pepperoni pizza', 'Special pizza']);
    const description = await ask('kebab', 'get_list_item', { name: 'آبغوره' });
    expect(description.items.map((item) => item.name_en)).toEqual(['Shirazi salad']);
    const digits = await ask('grocery', 'get_list_item', { name: 'برنج ۱۰ کیلویی' });
    expect(digits.items.map((item) => item.name_en)).toEqual(['Hashemi rice 10 kg']);
    const arabicDigits = await ask('grocery', 'get_list_item', { name: 'rice ١٠' });
    expect(arabicDigits.items.map((item) => item.name_en)).toEqual(['Hashemi rice 10 kg']);
    const withoutZwnj = await ask('kebab', 'get_list_item', { name: 'سیبزمینی' });
    expect(withoutZwnj.items.map((item) => item.name_en)).toEqual(['French fries']);
    const nothing = await ask('kebab', 'get_list_item', { name: 'sushi' });
    expect(nothing).toMatchObject({ items: [], folders: [], num_results: 0, next_offset: null });
  });

  it('Scenario: cat_id narrows a search to one category and everything under it', async () => {
    const kebabs = await idOf('kebab', 'Kebabs');
    const inKebabs = await ask('kebab', 'get_list_item', { cat_id: String(kebabs), name: 'kebab' });
    expect(inKebabs.items).toHaveLength(4);
    const everywhere = await ask('kebab', 'get_list_item', { name: 'kebab' });
    expect(everywhere.num_results).toBeGreaterThanOrEqual(4);
    const pizza = await idOf('kebab', 'Pizza');
    expect((await ask('kebab', 'get_list_item', { cat_id: String(pizza), name: 'kebab' })).num_results).toBe(0);
  });

  it('Scenario: always_show keeps subfolders on later pages too', async () => {
    const top = await ask('kebab', 'get_list_item', { offset: '5' });
    expect(top.folders).toEqual([]);
    const shown = await ask('kebab', 'get_list_item', { offset: '5', always_show: '1' });
    expect(shown.folders.map((folder) => folder.name_en)).toEqual(['Kebabs', 'Pizza', 'Starters', 'Drinks']);
  });

  it('Scenario: bad paging is a 400 with a clear message in the asked language, never a 500', async () => {
    expect(await refused('kebab', { code: 'get_list_item', offset: '-1' })).toEqual({
      status: 400,
      body: { status: false, result: 'invalid_input', data: null, message: 'The offset cannot be negative.' },
    });
    expect((await refused('kebab', { code: 'get_list_item', limit: '101' })).body.message).toBe('The limit must be between 1 and 100.');
    expect((await refused('kebab', { code: 'get_list_item', limit: '0' })).status).toBe(400);
    expect((await refused('kebab', { code: 'get_list_item', from_price: '500', to_price: '100' })).body.message).toBe(
      'The minimum price cannot be above the maximum price.',
    );
    expect((await refused('kebab', { code: 'get_list_item', offset: '-1' }, 'fa')).body.message).toBe('مقدار offset نمی‌تواند منفی باشد.');
    expect((await refused('kebab', { code: 'get_list_item', from_price: '9', to_price: '1' }, 'fa')).body.message).toBe('حداقل قیمت نمی‌تواند از حداکثر قیمت بیشتر باشد.');
    const wrongSort = await refused('kebab', { code: 'get_list_item', sort: 'cheapest' });
    expect(wrongSort.status).toBe(400);
    expect(wrongSort.body.message).toContain('sort');
    expect((await refused('kebab', { code: 'get_list_item', offset: 'abc' })).status).toBe(400);
  });

  it('Scenario: shop_pass must be the shop key when given', async () => {
    const [kebab] = await t.db.select().from(shops).where(eq(shops.slug, 'kebab'));
    expect((await ask('kebab', 'get_list_item', { shop_pass: kebab.pass })).folders.length).toBe(4);
    expect((await refused('kebab', { code: 'get_list_item', shop_pass: 'guess' })).status).toBe(403);
  });

  it("Scenario: tenant isolation — kebab's folder asked at the grocery is not found", async () => {
    const kebabs = await idOf('kebab', 'Kebabs');
    const response = await refused('grocery', { code: 'get_list_item', id: String(kebabs) });
    expect(response.status).toBe(404);
    expect(response.body.message).toBe('The category could not be found');
    const search = await ask('grocery', 'get_list_item', { name: 'kebab' });
    expect(search.num_results).toBe(0);
  });
});

describe('get_item, get_breadcrumb, get_options, get_items, get_tree_item', () => {
  it('Scenario: the pizza page has sizes, sauces bounded by the step, and its breadcrumb', async () => {
    const pizzaId = await idOf('kebab', 'Special pizza');
    const detail = await ask('kebab', 'get_item', { id: String(pizzaId) });
    expect(detail.item).toMatchObject({ item_id: pizzaId, name_en: 'Special pizza', price: 3_200_000, has_options: true, unit: 'number' });
    expect(detail.item.data.sizes.map((size) => [size.name_en, size.price])).toEqual([
      ['24 cm', 3_200_000],
      ['30 cm', 4_400_000],
    ]);
    expect(detail.item.multipictures.length).toBeGreaterThan(0);
    expect(detail.options.steps).toEqual([{ id: 1, name: 'انتخاب سس', name_en: 'Choose sauces', min_count: 1, max_count: 3 }]);
    expect(detail.options.options.map((option) => [option.name_en, option.count, option.min_count, option.max_count])).toEqual([
      ['Ketchup', 1, 1, 2],
      ['Garlic sauce', 0, 0, 2],
      ['Hot sauce', 0, 0, 2],
      ['Mushroom sauce', 0, 0, 1],
    ]);
    expect(detail.breadcrumb.map((link) => [link.name_en, link.type])).toEqual([
      ['Pizza', 2],
      ['Special pizza', 1],
    ]);
    expect(detail.favorite).toBe(false);
    expect(await ask('kebab', 'get_options', { item_id: String(pizzaId) })).toEqual(detail.options);
    expect(await ask('kebab', 'get_breadcrumb', { id: String(pizzaId) })).toEqual(detail.breadcrumb);
  });

  it('Scenario: a nested item has a three-level breadcrumb', async () => {
    const koobideh = await idOf('kebab', 'Koobideh kebab');
    const path = await ask('kebab', 'get_breadcrumb', { id: String(koobideh) });
    expect(path.map((link) => link.name_en)).toEqual(['Kebabs', 'Beef kebabs', 'Koobideh kebab']);
  });

  it('Scenario: folders, type 12 and unknown ids are not items; another shop\'s item is not found', async () => {
    expect((await refused('kebab', { code: 'get_item', id: String(await idOf('kebab', 'Pizza')) })).status).toBe(404);
    expect((await refused('kebab', { code: 'get_item', id: String(await idOf('kebab', 'Packaging')) })).status).toBe(404);
    expect((await refused('kebab', { code: 'get_item', id: '99999999' })).status).toBe(404);
    const pizzaId = String(await idOf('kebab', 'Special pizza'));
    const foreign = await refused('grocery', { code: 'get_item', id: pizzaId });
    expect(foreign).toEqual({ status: 404, body: { status: false, result: 'not_found', data: null, message: 'The product could not be found' } });
    expect((await refused('grocery', { code: 'get_options', item_id: pizzaId })).status).toBe(404);
    expect((await refused('grocery', { code: 'get_breadcrumb', id: pizzaId })).status).toBe(404);
    expect((await refused('grocery', { code: 'add_visit_item', id: pizzaId })).status).toBe(404);
  });

  it('Scenario: the nuts shop sells by kg and by g', async () => {
    const all = await ask('nuts', 'get_list_item', { get_children_anyway: '1' });
    expect(new Set(all.items.map((item) => item.unit))).toEqual(new Set(['kg', 'g']));
  });

  it('Scenario: get_items searches the whole shop within a price range', async () => {
    const found = await ask('grocery', 'get_items', { name: 'شیر', to_price: '500000' });
    expect(found.map((item) => item.name_en)).toContain('Low-fat milk 1 L');
    for (const item of found) expect(item.price).toBeLessThanOrEqual(500_000);
    expect((await refused('grocery', { code: 'get_items', from_price: '10', to_price: '1' })).status).toBe(400);
  });

  it('Scenario: get_tree_item lists the folder tree depth first with product counts', async () => {
    const tree = await ask('kebab', 'get_tree_item');
    expect(tree.map((node) => [node.name_en, node.depth, node.item_count])).toEqual([
      ['Kebabs', 0, 0],
      ['Chicken kebabs', 1, 2],
      ['Beef kebabs', 1, 2],
      ['Pizza', 0, 2],
      ['Starters', 0, 2],
      ['Drinks', 0, 2],
    ]);
    const sub = await ask('kebab', 'get_tree_item', { id: String(await idOf('kebab', 'Kebabs')) });
    expect(sub.map((node) => node.name_en)).toEqual(['Chicken kebabs', 'Beef kebabs']);
    expect((await refused('grocery', { code: 'get_tree_item', id: String(await idOf('kebab', 'Kebabs')) })).status).toBe(404);
  });

  it('Scenario: POST /modules/item_options/item_options.php answers the options, checking pass', async () => {
    const pizzaId = await idOf('kebab', 'Special pizza');
    const [kebab] = await t.db.select().from(shops).where(eq(shops.slug, 'kebab'));
    const post = (hostName: string, payload: string) =>
      t.app.inject({ method: 'POST', url: '/modules/item_options/item_options.php', headers: { host: hostName, 'content-type': 'application/x-www-form-urlencoded' }, payload });
    const answer = await post('kebab.localhost', `pass=${kebab.pass}&item_id=${pizzaId}`);
    expect(answer.statusCode).toBe(200);
    expect(v.parse(envelope(endpoints.get_options.data), answer.json()).data.options).toHaveLength(4);
    expect((await post('kebab.localhost', `pass=nope&item_id=${pizzaId}`)).statusCode).toBe(403);
    expect((await post('grocery.localhost', `item_id=${pizzaId}`)).statusCode).toBe(404);
    expect((await post('kebab.localhost', 'item_id=x')).statusCode).toBe(400);
  });
});
