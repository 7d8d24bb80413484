import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { endpoints } from '@contract/api';
import { envelope } from '@contract/envelope';
import { createTestApp, type TestApp } from './helpers/create-test-app';

/** A client that sends exactly spec §7's fields, empty when unset, as the original app does. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const host = 'kebab.localhost';

describe('spec §7 clients', () => {
  it('Scenario: get_list_item with every spec field, the optional numbers blank, answers like the same request without them', async () => {
    const blank = await t.call(host, {
      code: 'get_list_item',
      get_children_anyway: '',
      id: '',
      always_show: '',
      pagination: '',
      offset: '',
      limit: '',
      from_price: '',
      to_price: '',
      name: '',
      sort: 'default',
      shop_pass: '',
      cat_id: '',
    });
    expect(blank.statusCode).toBe(200);
    const absent = await t.call(host, { code: 'get_list_item', sort: 'default' }, { multipart: true });
    expect(blank.json().data).toEqual(absent.json().data);
    expect(blank.json().data.folders.length + blank.json().data.items.length).toBeGreaterThan(0);
  });

  it('Scenario: get_items and get_magazines take blank prices, category and page as absent', async () => {
    const items = await t.call(host, { code: 'get_items', from_price: '', to_price: '', name: '' }, { multipart: true });
    expect(items.statusCode).toBe(200);
    const magazines = await t.call(host, { code: 'get_magazines', page: '', language: 'fa', cat_id: '' });
    expect(magazines.statusCode).toBe(200);
    expect(magazines.json().data.page).toBe(1);
    expect(magazines.json().data.posts.length).toBeGreaterThan(0);
  });

  it('Scenario: a blank number that is not optional is still required', async () => {
    const response = await t.call(host, { code: 'get_item', id: '', language: 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The field "id" is invalid (an integer).');
  });

  it('Scenario: items and folders carry picture_id (spec §3) beside the picture URL', async () => {
    const list = await t.call(host, { code: 'get_items' });
    const items = v.parse(envelope(endpoints.get_items.data), list.json()).data;
    const pictured = items.filter((item) => item.picture !== null);
    expect(pictured.length).toBeGreaterThan(0);
    for (const item of items) expect(item.picture).toBe(item.picture_id === null ? null : `/media/${item.picture_id}`);
    const folders = await t.call(host, { code: 'get_all_folders' });
    for (const folder of v.parse(envelope(endpoints.get_all_folders.data), folders.json()).data) {
      expect(folder.picture).toBe(folder.picture_id === null ? null : `/media/${folder.picture_id}`);
    }
    const detail = await t.call(host, { code: 'get_item', id: String(pictured[0].item_id) });
    expect(detail.json().data.item.picture_id).toBe(pictured[0].picture_id);
  });
});
