import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { items, orderItems, orders, shops, staffAudit } from '../../server/db/schema';
import { call, catalogOf, movableClock, readyCart } from './checkout-support/helpers';
import { appWithOwnerAndStaff, refusedAnswer as refused } from './helpers/console-owner-staff';
import type { TestApp } from './helpers/create-test-app';

/*
 * The shop's catalog in the console (issue 32): the counter's stock switch, the owner's items and folders, and what
 * a customer reads after each write (the read and reply caches never serve the old row). Both databases.
 */

const KEBAB = 'kebab.localhost';
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
let t: TestApp;
let owner: Awaited<ReturnType<typeof appWithOwnerAndStaff>>['owner'];
let staff: typeof owner;
beforeAll(async () => {
  // Inside the kebab's hours: the checkouts here are about stock and prices, not the time of day.
  ({ t, owner, staff } = await appWithOwnerAndStaff(KEBAB, { clock: movableClock().now }));
});
afterAll(() => t?.close());

const itemRow = async (id: number) => (await t.db.select().from(items).where(eq(items.id, id)))[0];
const anonymous = <C extends Parameters<typeof call>[3]>(code: C, fields: Record<string, string | number> = {}, host = KEBAB) => call(t, host, null, code, fields);
const listOf = async (folderId: number) => (await anonymous('get_list_item', { id: folderId })).data;

describe(`the counter's stock switch (${database})`, () => {
  it('Scenario: staff mark an item finished: lists and the item page say so at once (the reply cache too), the cart refuses it in fa and en with nothing written, and back in stock it can be added', async () => {
    const catalog = await catalogOf(t.db, 'kebab');
    const salad = catalog.item('Shirazi salad');
    // Primed: the anonymous list reply is kept in the reply cache before the change.
    const before = await listOf(salad.folderId);
    expect(before.items.find((item) => item.item_id === salad.id)?.finished).toBeUndefined();

    const switched = await staff.api.call('catalog_stock', { item_id: String(salad.id), in_stock: '0' });
    expect(switched).toMatchObject({ id: salad.id, in_stock: false });
    expect((await itemRow(salad.id)).inStock).toBe(false);
    expect((await listOf(salad.folderId)).items.find((item) => item.item_id === salad.id)?.finished).toBe(true);
    expect((await anonymous('get_item', { id: salad.id })).data.item.finished).toBe(true);

    const { cookie } = await t.signIn('kebab');
    const linesBefore = (await t.db.select().from(orderItems).where(eq(orderItems.itemId, salad.id))).length;
    for (const [language, text] of [
      ['fa', 'این کالا همین حالا تمام شد'],
      ['en', 'This item has just run out'],
    ] as const) {
      const add = await call(t, KEBAB, cookie, 'cart_controller', { item_id: salad.id, count: 1, language });
      expect(add).toMatchObject({ status: 409, result: 'item_finished', message: text });
    }
    expect((await t.db.select().from(orderItems).where(eq(orderItems.itemId, salad.id))).length).toBe(linesBefore);

    const [audit] = await t.db.select().from(staffAudit).where(and(eq(staffAudit.action, 'item.stock'), eq(staffAudit.subjectId, salad.id)));
    expect(audit.detail).toMatchObject({ in_stock: false });

    await staff.api.call('catalog_stock', { item_id: String(salad.id), in_stock: '1' });
    expect((await anonymous('get_item', { id: salad.id })).data.item.finished).toBeUndefined();
    expect((await call(t, KEBAB, cookie, 'cart_controller', { item_id: salad.id, count: 1 })).ok).toBe(true);
  });

  it('Scenario: a cart holding an item that finished since is refused at checkout with the item named, and nothing is placed or taken', async () => {
    const cart = await readyCart(t);
    const koobideh = cart.catalog.item('Koobideh kebab');
    await staff.api.call('catalog_stock', { item_id: String(koobideh.id), in_stock: '0' });
    try {
      const placed = await call(t, cart.host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'cash', language: 'en' });
      expect(placed).toMatchObject({ status: 409, result: 'item_finished' });
      expect(placed.message).toContain('Koobideh kebab');
      const [order] = await t.db.select().from(orders).where(eq(orders.id, cart.orderId));
      expect(order.status).toBe(1);
      expect(order.placedAt).toBeNull();
    } finally {
      await staff.api.call('catalog_stock', { item_id: String(koobideh.id), in_stock: '1' });
    }
    expect((await call(t, cart.host, cart.cookie, 'final_order', { order_id: cart.orderId, payment: 'cash' })).ok).toBe(true);
  });

  it("Scenario: another shop's item or a folder is not found from this shop's console, and stays as it was", async () => {
    const grocery = await catalogOf(t.db, 'grocery');
    const [foreign] = await t.db.select().from(items).where(and(eq(items.shopId, grocery.shop.id), eq(items.type, 1))).limit(1);
    const answer = await refused(staff.api, { code: 'catalog_stock', item_id: String(foreign.id), in_stock: '0' }, 'fa');
    expect(answer).toMatchObject({ status: 404, result: 'not_found', message: 'این کالا در این فروشگاه پیدا نشد.' });
    expect((await itemRow(foreign.id)).inStock).toBe(true);
    const kebab = await catalogOf(t.db, 'kebab');
    const folderId = kebab.item('Koobideh kebab').folderId;
    expect((await refused(staff.api, { code: 'catalog_stock', item_id: String(folderId), in_stock: '0' })).status).toBe(404);
    expect((await itemRow(folderId)).inStock).toBe(true);
    // Without a session: the login, nothing else.
    const { consoleClient } = await import('./helpers/console-client');
    expect((await consoleClient(t.app, KEBAB, null).post({ code: 'catalog_stock', item_id: String(folderId), in_stock: '0' })).statusCode).toBe(401);
  });
});

describe(`the owner's items and folders (${database})`, () => {
  it('Scenario: staff are refused every owner code with 403 owner_only and nothing is written; they can read the catalog', async () => {
    const kebab = await catalogOf(t.db, 'kebab');
    const koobideh = kebab.item('Koobideh kebab');
    const rowsBefore = (await t.db.select().from(items).where(eq(items.shopId, kebab.shop.id))).length;
    const attempts: Record<string, string>[] = [
      { code: 'catalog_item_save', item_id: String(koobideh.id), name: 'X', name_en: 'X', price: '1', folder_id: String(koobideh.folderId) },
      { code: 'catalog_item_save', name: 'X', name_en: 'X', price: '1', folder_id: String(koobideh.folderId) },
      { code: 'catalog_folder_save', name: 'X', name_en: 'X' },
      { code: 'catalog_folder_move', folder_id: String(koobideh.folderId), direction: 'down' },
    ];
    for (const fields of attempts) {
      expect(await refused(staff.api, fields)).toMatchObject({ status: 403, result: 'owner_only' });
    }
    expect((await t.db.select().from(items).where(eq(items.shopId, kebab.shop.id))).length).toBe(rowsBefore);
    expect(await itemRow(koobideh.id)).toEqual(koobideh);
    const listed = await staff.api.call('catalog');
    expect(listed.items.find((item) => item.id === koobideh.id)).toMatchObject({ name_en: 'Koobideh kebab', price: koobideh.price, in_stock: true });
    expect(listed.folders.some((folder) => folder.id === koobideh.folderId)).toBe(true);
  });

  it('Scenario: bad input is refused with a localised message naming the field, and nothing is written', async () => {
    const kebab = await catalogOf(t.db, 'kebab');
    const koobideh = kebab.item('Koobideh kebab');
    const grocery = await catalogOf(t.db, 'grocery');
    const [foreignFolder] = await t.db.select().from(items).where(and(eq(items.shopId, grocery.shop.id), eq(items.type, 2))).limit(1);
    const [foreignItem] = await t.db.select().from(items).where(and(eq(items.shopId, grocery.shop.id), eq(items.type, 1))).limit(1);
    const good = { code: 'catalog_item_save', item_id: String(koobideh.id), name: 'کوبیده', name_en: 'Koobideh', unit: 'skewer', price: '500000', folder_id: String(koobideh.folderId) };
    const rowsBefore = (await t.db.select().from(items).where(eq(items.shopId, kebab.shop.id))).length;
    const cases: [Record<string, string>, string, string][] = [
      [{ ...good, price: '-1' }, 'price', 'قیمت عددی صحیح بین ۰ و ۱۰۰٬۰۰۰٬۰۰۰٬۰۰۰ ریال است.'],
      [{ ...good, name: '   ' }, 'name', 'نام فارسی را وارد کنید.'],
      [{ ...good, name_en: '' }, 'name_en', 'نام انگلیسی را وارد کنید.'],
      [{ ...good, unit: 'litre' }, 'unit', 'واحد فروش را از فهرست انتخاب کنید.'],
      [{ ...good, sizes: JSON.stringify([{ name: '', name_en: 'Big', price: 1 }]) }, 'sizes.0.name', 'نام فارسی و انگلیسی هر اندازه را وارد کنید.'],
      [{ ...good, folder_id: '0' }, 'folder_id', 'پوشه کالا را انتخاب کنید.'],
      [{ ...good, folder_id: String(foreignFolder.id) }, 'folder_id', 'پوشه کالا را انتخاب کنید.'],
      [{ ...good, folder_id: String(koobideh.id) }, 'folder_id', 'پوشه کالا را انتخاب کنید.'],
    ];
    for (const [fields, field, message] of cases) {
      expect(await refused(owner.api, fields, 'fa'), JSON.stringify(fields)).toMatchObject({ status: 400, result: 'invalid_input', field, message });
    }
    expect((await refused(owner.api, { ...good, price: 'abc' })).status).toBe(400);
    expect(await refused(owner.api, { ...good, item_id: String(foreignItem.id) })).toMatchObject({ status: 404, message: 'This item could not be found at this shop.' });
    expect(await refused(owner.api, { code: 'catalog_folder_save', name: 'Y', name_en: '' }, 'en')).toMatchObject({ status: 400, field: 'name_en', message: 'Enter the English name.' });
    expect(await itemRow(koobideh.id)).toEqual(koobideh);
    expect(await itemRow(foreignItem.id)).toEqual(foreignItem);
    expect((await t.db.select().from(items).where(eq(items.shopId, kebab.shop.id))).length).toBe(rowsBefore);
  });

  it('Scenario: the owner adds a folder, a subfolder and an item with sizes, edits its price, and reorders folders; every customer read shows each change at once', async () => {
    const top = await owner.api.call('catalog_folder_save', { name: 'نوشیدنی گرم', name_en: 'Hot drinks' });
    expect(top).toMatchObject({ parent_id: 0, name_en: 'Hot drinks' });
    const sub = await owner.api.call('catalog_folder_save', { name: 'چای', name_en: 'Tea', parent_id: String(top.id) });
    expect(sub.parent_id).toBe(top.id);
    // Two levels: nothing goes under a subfolder, and a folder holding subfolders stays on top.
    expect(await refused(owner.api, { code: 'catalog_folder_save', name: 'سبز', name_en: 'Green', parent_id: String(sub.id) })).toMatchObject({ status: 400, field: 'parent_id' });
    const other = await owner.api.call('catalog_folder_save', { name: 'دسر', name_en: 'Desserts' });
    expect(await refused(owner.api, { code: 'catalog_folder_save', folder_id: String(top.id), name: 'نوشیدنی گرم', name_en: 'Hot drinks', parent_id: String(other.id) })).toMatchObject({ status: 400, field: 'parent_id' });

    const folders = async () => (await anonymous('get_all_folders')).data.filter((folder) => folder.folder_id === 0).map((folder) => folder.name_en);
    const beforeMove = await folders();
    expect(beforeMove.slice(-2)).toEqual(['Hot drinks', 'Desserts']);
    await owner.api.call('catalog_folder_move', { folder_id: String(other.id), direction: 'up' });
    expect((await folders()).slice(-2)).toEqual(['Desserts', 'Hot drinks']);

    const made = await owner.api.call('catalog_item_save', {
      name: 'چای ماسالا',
      name_en: 'Masala chai',
      description: 'با ادویه',
      unit: 'number',
      price: '120000',
      folder_id: String(sub.id),
      sizes: JSON.stringify([
        { name: 'کوچک', name_en: 'Small', price: 120000 },
        { name: 'بزرگ', name_en: 'Large', price: 180000 },
      ]),
    });
    expect(made).toMatchObject({ folder_id: sub.id, price: 120_000, in_stock: true, unit: 'number', type: 1 });
    const listed = await listOf(sub.id);
    expect(listed.items.map((item) => [item.name_en, item.price, item.data.sizes.length])).toEqual([['Masala chai', 120_000, 2]]);

    const edited = await owner.api.call('catalog_item_save', { item_id: String(made.id), name: 'چای ماسالا', name_en: 'Masala chai', unit: 'number', price: '150000', folder_id: String(sub.id) });
    expect(edited.price).toBe(150_000);
    expect((await listOf(sub.id)).items[0].price).toBe(150_000);
    expect((await anonymous('get_item', { id: made.id })).data.item).toMatchObject({ price: 150_000, data: { sizes: [] } });
  });
});

describe(`a folder edited whole (${database})`, () => {
  it("Scenario: the owner sets a folder's background colour, renames it (the colour kept), removes the colour; the storefront's folders show each at once", async () => {
    const kebab = await catalogOf(t.db, 'kebab');
    const [folder] = await t.db.select().from(items).where(and(eq(items.shopId, kebab.shop.id), eq(items.type, 2), eq(items.folderId, 0))).limit(1);
    const shown = async () => (await anonymous('get_all_folders')).data.find((entry) => entry.item_id === folder.id)!;
    await shown(); // primed: the read cache must not answer the old row
    const coloured = await owner.api.call('catalog_folder_save', { folder_id: String(folder.id), name: folder.name, name_en: folder.nameEn, bg_color: '#1A2b3c' });
    expect(coloured).toMatchObject({ id: folder.id, bg_color: '#1a2b3c' });
    expect(await shown()).toMatchObject({ bg_color: '#1a2b3c' });
    // A save without the field (a rename) keeps the colour.
    await owner.api.call('catalog_folder_save', { folder_id: String(folder.id), name: folder.name, name_en: 'Renamed kebabs' });
    expect(await shown()).toMatchObject({ name_en: 'Renamed kebabs', bg_color: '#1a2b3c' });
    expect((await owner.api.call('catalog')).folders.find((entry) => entry.id === folder.id)).toMatchObject({ bg_color: '#1a2b3c', name_en: 'Renamed kebabs' });
    await owner.api.call('catalog_folder_save', { folder_id: String(folder.id), name: folder.name, name_en: folder.nameEn, bg_color: '' });
    expect((await shown()).bg_color).toBeNull();
  });

  it("Scenario: a colour that is not #rrggbb is refused in fa and en naming the field, staff and another shop's folder are refused; nothing is written", async () => {
    const kebab = await catalogOf(t.db, 'kebab');
    const grocery = await catalogOf(t.db, 'grocery');
    const [folder] = await t.db.select().from(items).where(and(eq(items.shopId, kebab.shop.id), eq(items.type, 2), eq(items.folderId, 0))).limit(1);
    const [foreignFolder] = await t.db.select().from(items).where(and(eq(items.shopId, grocery.shop.id), eq(items.type, 2))).limit(1);
    const good = { code: 'catalog_folder_save', folder_id: String(folder.id), name: 'نام', name_en: 'Name', bg_color: '#aabbcc' };
    for (const bad of ['red', '#abc', '#12345g', 'hsl(20, 60%, 92%)', '#1234567']) {
      expect(await refused(owner.api, { ...good, bg_color: bad }, 'fa'), bad).toMatchObject({ status: 400, result: 'invalid_input', field: 'bg_color', message: 'رنگ را به شکل #rrggbb وارد کنید، مثل #f5e6d3.' });
    }
    expect(await refused(owner.api, { ...good, bg_color: 'red' }, 'en')).toMatchObject({ status: 400, field: 'bg_color', message: 'Enter the colour as #rrggbb, like #f5e6d3.' });
    // Two levels: a folder is never its own parent.
    expect(await refused(owner.api, { ...good, parent_id: String(folder.id) })).toMatchObject({ status: 400, field: 'parent_id' });
    expect(await refused(staff.api, good)).toMatchObject({ status: 403, result: 'owner_only' });
    expect(await refused(owner.api, { ...good, folder_id: String(foreignFolder.id) })).toMatchObject({ status: 404 });
    expect(await itemRow(folder.id)).toEqual(folder);
    expect(await itemRow(foreignFolder.id)).toEqual(foreignFolder);
  });
});

describe(`a price change (${database})`, () => {
  it('Scenario: a placed order keeps its price; an open cart shows the new one with a notice once; a checkout on the old price is refused until the cart is read', async () => {
    const placedCart = await readyCart(t);
    const koobideh = placedCart.catalog.item('Koobideh kebab');
    expect((await call(t, placedCart.host, placedCart.cookie, 'final_order', { order_id: placedCart.orderId, payment: 'cash' })).ok).toBe(true);
    const placedLinesBefore = await t.db.select().from(orderItems).where(eq(orderItems.orderId, placedCart.orderId));

    const open = await readyCart(t);
    const oldPrice = (await itemRow(koobideh.id)).price;
    const newPrice = oldPrice + 50_000;
    await owner.api.call('catalog_item_save', { item_id: String(koobideh.id), name: koobideh.name, name_en: koobideh.nameEn, description: koobideh.description, description_en: koobideh.descriptionEn, unit: koobideh.unit, price: String(newPrice), folder_id: String(koobideh.folderId) });
    try {
      const stale = await call(t, open.host, open.cookie, 'final_order', { order_id: open.orderId, payment: 'cash', language: 'en' });
      expect(stale).toMatchObject({ status: 409, result: 'cart_price_changed' });
      expect(stale.message).toContain('Koobideh kebab');
      expect((await t.db.select().from(orders).where(eq(orders.id, open.orderId)))[0].status).toBe(1);

      const read = await call(t, open.host, open.cookie, 'get_cart', { language: 'en' });
      expect(read.data.lines.map((line) => line.price)).toEqual([newPrice]);
      expect(read.data.order?.price_notice).toBe('These prices have changed and the cart now uses the new ones: Koobideh kebab');
      expect(read.data.summary.pure_price).toBe(newPrice * 2);
      const again = await call(t, open.host, open.cookie, 'get_cart');
      expect(again.data.order?.price_notice).toBeUndefined();
      expect(again.data.lines[0].price).toBe(newPrice);
      expect((await call(t, open.host, open.cookie, 'final_order', { order_id: open.orderId, payment: 'cash' })).ok).toBe(true);

      expect(await t.db.select().from(orderItems).where(eq(orderItems.orderId, placedCart.orderId))).toEqual(placedLinesBefore);
      expect(placedLinesBefore[0].price).toBe(oldPrice);
    } finally {
      await t.db.update(items).set({ price: oldPrice }).where(eq(items.id, koobideh.id));
      await t.db.select().from(shops).limit(1);
    }
  });
});
