import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { itemOptions, items, orderItems, shops, staffAudit } from '../../server/db/schema';
import { call, catalogOf } from './checkout-support/helpers';
import { appWithOwnerAndStaff, refusedAnswer as refused } from './helpers/console-owner-staff';
import type { TestApp } from './helpers/create-test-app';

/*
 * An item's option steps and priced extras in the console (issue 32, catalog_item_extras_save): the owner only, this
 * shop's items only, contract/rules/item-extras.ts's refusals with nothing written, and the customer's next read (the
 * item page's options, the cart's price of a line) uses them at once. Both databases.
 */

const KEBAB = 'kebab.localhost';
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
let t: TestApp;
let owner: Awaited<ReturnType<typeof appWithOwnerAndStaff>>['owner'];
let staff: typeof owner;
beforeAll(async () => {
  ({ t, owner, staff } = await appWithOwnerAndStaff(KEBAB));
});
afterAll(() => t?.close());

const SAUCES = { id: 1, name: 'انتخاب سس', name_en: 'Choose sauces', min_count: 1, max_count: 3 };
const BREAD = { id: 2, name: 'نان', name_en: 'Bread', min_count: 0, max_count: 2 };
const sangak = { step: 2, name: 'نان سنگک', name_en: 'Sangak bread', price: 200_000, min_count: 0, max_count: 2 };

const optionRows = async (itemId: number) => t.db.select().from(itemOptions).where(eq(itemOptions.itemId, itemId));
const shopSteps = async (slug: string) => (await t.db.select().from(shops).where(eq(shops.slug, slug)))[0].data.item_steps;
const save = (itemId: number, steps: object[], extras: object[]) => ({ code: 'catalog_item_extras_save', item_id: String(itemId), steps: JSON.stringify(steps), extras: JSON.stringify(extras) });


describe(`an item's option steps and priced extras (${database})`, () => {
  it("Scenario: staff are refused with 403 owner_only, another shop's item is not found, and nothing is written", async () => {
    const kebab = await catalogOf(t.db, 'kebab');
    const salad = kebab.item('Shirazi salad');
    const grocery = await catalogOf(t.db, 'grocery');
    const [foreign] = await t.db.select().from(items).where(and(eq(items.shopId, grocery.shop.id), eq(items.type, 1))).limit(1);
    const stepsBefore = await shopSteps('kebab');
    expect(await refused(staff.api, save(salad.id, [SAUCES, BREAD], [sangak]))).toMatchObject({ status: 403, result: 'owner_only' });
    expect(await refused(staff.api, { code: 'catalog_item_extras', item_id: String(salad.id) })).toMatchObject({ status: 403, result: 'owner_only' });
    expect(await refused(owner.api, save(foreign.id, [SAUCES, BREAD], [sangak]), 'fa')).toMatchObject({ status: 404, message: 'این کالا در این فروشگاه پیدا نشد.' });
    expect(await refused(owner.api, { code: 'catalog_item_extras', item_id: String(foreign.id) })).toMatchObject({ status: 404 });
    // A folder is no item.
    expect((await refused(owner.api, save(salad.folderId, [SAUCES, BREAD], [sangak]))).status).toBe(404);
    expect(await optionRows(salad.id)).toEqual([]);
    expect(await optionRows(foreign.id)).toEqual([]);
    expect(await shopSteps('kebab')).toEqual(stepsBefore);
  });

  it('Scenario: a minimum above the maximum, a negative price, an empty name or an unknown step is refused in fa and en naming the field, and nothing is written', async () => {
    const kebab = await catalogOf(t.db, 'kebab');
    const fries = kebab.item('French fries');
    const before = await optionRows(fries.id);
    const stepsBefore = await shopSteps('kebab');
    const cases: [object[], object[], string, string, string][] = [
      [[SAUCES, BREAD], [{ ...sangak, min_count: 3, max_count: 1 }], 'extras.0.count', 'حداقل و حداکثر هر گزینه عدد صحیح بین ۰ و ۹۹ است و حداقل از حداکثر بیشتر نیست.', "An extra's minimum and maximum are whole numbers from 0 to 99, the minimum not above the maximum."],
      [[SAUCES, BREAD], [{ ...sangak, price: -1 }], 'extras.0.price', 'قیمت هر گزینه عددی صحیح بین ۰ و ۱۰۰٬۰۰۰٬۰۰۰٬۰۰۰ ریال است.', 'The price of every extra is a whole number from 0 to 100,000,000,000 rial.'],
      [[SAUCES, BREAD], [{ ...sangak, name: '  ' }], 'extras.0.name', 'نام فارسی و انگلیسی هر گزینه را وارد کنید (حداکثر ۱۲۰ نویسه).', 'Enter the Persian and English name of every extra (at most 120 characters).'],
      [[SAUCES], [sangak], 'extras.0.step', 'مرحلهٔ هر گزینه را از فهرست انتخاب کنید.', 'Choose the step of every extra from the list.'],
      [[SAUCES, { ...BREAD, min_count: 2, max_count: 1 }], [sangak], 'steps.1.count', 'حداقل و حداکثر هر مرحله عدد صحیح بین ۰ و ۹۹ است و حداقل از حداکثر بیشتر نیست.', "A step's minimum and maximum are whole numbers from 0 to 99, the minimum not above the maximum."],
      [[SAUCES, { ...BREAD, name_en: '' }], [sangak], 'steps.1.name', 'نام فارسی و انگلیسی هر مرحله را وارد کنید (حداکثر ۱۲۰ نویسه).', 'Enter the Persian and English name of every step (at most 120 characters).'],
    ];
    for (const [steps, extras, field, fa, en] of cases) {
      expect(await refused(owner.api, save(fries.id, steps, extras), 'fa'), field).toMatchObject({ status: 400, result: 'invalid_input', field, message: fa });
      expect(await refused(owner.api, save(fries.id, steps, extras), 'en'), field).toMatchObject({ status: 400, field, message: en });
    }
    expect((await refused(owner.api, { ...save(fries.id, [SAUCES], []), extras: 'not json' })).status).toBe(400);
    // The sauces step holds the fries' and the pizzas' sauces: it cannot go while they are there, all rolled back.
    const salad = kebab.item('Shirazi salad');
    expect(await refused(owner.api, save(salad.id, [BREAD], [sangak]), 'en')).toMatchObject({ status: 409, result: 'step_in_use', message: 'Extras of other items are still in the step "Choose sauces"; remove them first.' });
    expect(await optionRows(salad.id)).toEqual([]);
    expect(await optionRows(fries.id)).toEqual(before);
    expect(await shopSteps('kebab')).toEqual(stepsBefore);
  });

  it("Scenario: the owner adds a step and a priced extra, then re-prices and removes extras; the customer's item page and the cart's price use each at once, and the shop's other settings stay", async () => {
    const kebab = await catalogOf(t.db, 'kebab');
    const doogh = kebab.item('Local doogh');
    const fries = kebab.item('French fries');
    const anonymous = async (id: number) => (await call(t, KEBAB, null, 'get_item', { id })).data;
    // Primed: the item page's reply is kept in the reply cache before the change.
    expect((await anonymous(doogh.id)).options.options).toEqual([]);
    const dataBefore = (await t.db.select().from(shops).where(eq(shops.id, kebab.shop.id)))[0].data;

    const saved = await owner.api.call('catalog_item_extras_save', save(doogh.id, [SAUCES, BREAD], [sangak]));
    expect(saved.steps).toEqual([SAUCES, BREAD]);
    expect(saved.extras).toMatchObject([{ ...sangak, id: expect.any(Number) }]);
    expect(await owner.api.call('catalog_item_extras', { item_id: String(doogh.id) })).toEqual(saved);
    const after = (await t.db.select().from(shops).where(eq(shops.id, kebab.shop.id)))[0].data;
    expect(after).toEqual({ ...dataBefore, item_steps: [dataBefore.item_steps[0], { id: 2, name: { fa: 'نان', en: 'Bread' }, min_count: 0, max_count: 2 }] });

    const page = await anonymous(doogh.id);
    expect(page.item.has_options).toBe(true);
    expect(page.options).toEqual({ steps: [BREAD], options: [{ id: saved.extras[0].id, ...sangak, count: 0 }] });

    const { cookie } = await t.signIn('kebab');
    const add = await call(t, KEBAB, cookie, 'cart_controller', { item_id: doogh.id, count: 1, newoptions: JSON.stringify([{ id: saved.extras[0].id, count: 2 }]) });
    expect(add.ok, JSON.stringify(add)).toBe(true);
    const [line] = await t.db.select().from(orderItems).where(eq(orderItems.itemId, doogh.id));
    expect(line).toMatchObject({ price: 250_000, comment: [{ name: 'نان سنگک', price: 200_000, count: 2 }] });

    // Re-priced and a second extra; the first keeps its id (an open item page still names it).
    const lavash = { step: 2, name: 'نان لواش', name_en: 'Lavash', price: 50_000, min_count: 0, max_count: 1 };
    const second = await owner.api.call('catalog_item_extras_save', save(doogh.id, [SAUCES, BREAD], [lavash, { ...sangak, id: saved.extras[0].id, price: 300_000 }]));
    expect(second.extras.map((extra) => [extra.name_en, extra.price])).toEqual([
      ['Lavash', 50_000],
      ['Sangak bread', 300_000],
    ]);
    expect(second.extras[1].id).toBe(saved.extras[0].id);
    expect((await anonymous(doogh.id)).options.options.map((option) => [option.name_en, option.price])).toEqual([
      ['Lavash', 50_000],
      ['Sangak bread', 300_000],
    ]);
    const { cookie: other } = await t.signIn('kebab');
    expect((await call(t, KEBAB, other, 'cart_controller', { item_id: doogh.id, count: 1, newoptions: JSON.stringify([{ id: saved.extras[0].id, count: 1 }]) })).ok).toBe(true);
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.itemId, doogh.id));
    expect(lines.map((entry) => entry.comment)).toContainEqual([{ name: 'نان سنگک', price: 300_000, count: 1 }]);

    // An id of another item's extra is not taken over: it is added as a new extra, the fries keep theirs.
    const friesBefore = await optionRows(fries.id);
    const third = await owner.api.call('catalog_item_extras_save', save(doogh.id, [SAUCES, BREAD], [{ ...lavash, id: friesBefore[0].id }]));
    expect(third.extras).toHaveLength(1);
    expect(third.extras[0].id).not.toBe(friesBefore[0].id);
    expect(await optionRows(fries.id)).toEqual(friesBefore);

    // All removed, then the bread step too (no extra of any item is in it any more).
    const none = await owner.api.call('catalog_item_extras_save', save(doogh.id, [SAUCES], []));
    expect(none).toEqual({ item_id: doogh.id, steps: [SAUCES], extras: [] });
    expect((await anonymous(doogh.id)).item.has_options).toBe(false);
    expect(await shopSteps('kebab')).toEqual(dataBefore.item_steps);
    const audit = await t.db.select().from(staffAudit).where(and(eq(staffAudit.action, 'item.extras'), eq(staffAudit.subjectId, doogh.id)));
    expect(audit).toHaveLength(4);
  });
});
