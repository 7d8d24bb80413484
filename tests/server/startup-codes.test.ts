import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { endpoints, type Code, type DataOf } from '@contract/api';
import { envelope, type Envelope } from '@contract/envelope';
import { createTestApp, type TestApp } from './helpers/create-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Calls `code` at the kebab shop and parses the reply with the contract's envelope of that code's data. */
async function reply<C extends Code>(code: C, fields: Record<string, string> = {}, options: { multipart?: boolean; host?: string } = {}) {
  const response = await t.call(options.host ?? 'kebab.localhost:8080', { code, ...fields }, { multipart: options.multipart });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  return v.parse(envelope(endpoints[code].data), response.json()) as Envelope<DataOf<C>>;
}

describe('the startup codes at the kebab shop', () => {
  it('Scenario: get_shop returns every Shop field, texts in Persian by default', async () => {
    const { status, result, data, message } = await reply('get_shop');
    expect([status, result, message]).toEqual([true, 'ok', null]);
    expect(data.slug).toBe('kebab');
    expect(data.interface_id).toBe(2);
    expect(data.currency).toBe('IRT');
    expect(data.delivery_methods.map((method) => method.value)).toEqual([1, 2, 3]);
    expect(data.delivery_methods[1].text).toBe('ارسال با پیک');
    expect(data.data.item_steps).toEqual([{ id: 1, min_count: 1, max_count: 3 }]);
    expect(data.data.message_before_address_selection).toMatch(/[\u0600-\u06FF]/);
    expect(data.meta.description).toBe(data.description);
    expect(data.root_id).toBe(data.id);
    expect(data.branches).toEqual([]);
    expect(data.splash_image_link.mobile).toMatch(/^\/media\/\d+$/);
    expect(data.logo).toMatch(/^\/media\/\d+$/);
  });

  it('Scenario: get_shop with language=en gives the English texts (multipart body)', async () => {
    const { data } = await reply('get_shop', { language: 'en' }, { multipart: true });
    expect(data.delivery_methods.map((method) => method.text)).toEqual(['Pickup', 'Courier', 'Send to another city']);
    expect(data.delivery_methods[2].description).toBe('Express post, 3 to 5 working days.');
    expect(data.data.message_before_address_selection).toMatch(/^Please enter your exact address/);
    expect(data.data.other_city_detail).toMatch(/express post/);
    expect(data.meta.description).toBe(data.description_en);
    expect(data.address).toMatch(/Tehran$/);
  });

  it('Scenario: get_user_detail is null for an anonymous visitor', async () => {
    expect((await reply('get_user_detail')).data).toBeNull();
  });

  it('Scenario: get_cart gives a new visitor an empty cart', async () => {
    const { data } = await reply('get_cart', { type: '3', from_menu: '0' });
    expect(data).toEqual({ order: null, lines: [], summary: { pure_price: 0, discount_items: 0, first_order: 0, permanent_discount: 0, discount: 0, price: 0 } });
  });

  it('Scenario: get_slides returns three slides with served pictures', async () => {
    const { data } = await reply('get_slides');
    expect(data).toHaveLength(3);
    expect(data[0].title_en).toBe('Free delivery on your first order');
    for (const slide of data) expect(slide.picture).toMatch(/^\/media\/\d+$/);
  });

  it('Scenario: get_banners come in position order', async () => {
    const { data } = await reply('get_banners', {}, { multipart: true });
    expect(data.length).toBeGreaterThanOrEqual(2);
    expect(data.map((banner) => banner.position)).toEqual([...data.map((banner) => banner.position)].sort((a, b) => a - b));
  });

  it('Scenario: get_all_folders is flat, two levels deep, sorted, and only folders', async () => {
    const { data } = await reply('get_all_folders');
    const byName = new Map(data.map((folder) => [folder.name_en, folder]));
    expect([...byName.keys()]).toEqual(expect.arrayContaining(['Kebabs', 'Chicken kebabs', 'Beef kebabs', 'Pizza', 'Drinks']));
    expect(byName.get('Chicken kebabs')!.folder_id).toBe(byName.get('Kebabs')!.item_id);
    expect(byName.get('Pizza')!.folder_id).toBe(0);
    const siblings = data.filter((folder) => folder.folder_id === 0).map((folder) => folder.sort);
    expect(siblings).toEqual([...siblings].sort((a, b) => a - b));
    expect(data.every((folder) => folder.type === 2)).toBe(true);
  });
});
