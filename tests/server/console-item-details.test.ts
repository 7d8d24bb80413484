import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { items, staffAudit } from '../../server/db/schema';
import { call, catalogOf } from './checkout-support/helpers';
import { appWithOwnerAndStaff, refusedAnswer as refused } from './helpers/console-owner-staff';
import type { TestApp } from './helpers/create-test-app';

/*
 * An item's details in the console (issue 32, catalog_item_details_save): features, colors, the labels (code,
 * texture and packaging types) and type 12. The owner only, this shop's items only, contract/rules/item-details.ts's
 * refusals with nothing written, and the customer's next read shows each change. Both databases.
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

const itemRow = async (id: number) => (await t.db.select().from(items).where(eq(items.id, id)))[0];
const details = {
  features: JSON.stringify([{ name: 'تند', name_en: 'Spicy' }]),
  colors: JSON.stringify([{ name: 'قرمز', name_en: 'Red', hex: '#c62828' }]),
  item_code: 'PZ-01',
  texture_types: JSON.stringify([{ name: 'ترد', name_en: 'Crispy' }]),
  packaging_types: JSON.stringify([{ name: 'جعبه', name_en: 'Box' }]),
};
const save = (itemId: number, fields: Record<string, string> = {}) => ({ code: 'catalog_item_details_save', item_id: String(itemId), ...details, ...fields });


describe(`an item's features, colors, labels and type 12 (${database})`, () => {
  it("Scenario: staff are refused with 403 owner_only, another shop's item or a folder is not found, bad input is refused in fa and en naming the field, and nothing is written", async () => {
    const kebab = await catalogOf(t.db, 'kebab');
    const pizza = kebab.item('Special pizza');
    const grocery = await catalogOf(t.db, 'grocery');
    const [foreign] = await t.db.select().from(items).where(and(eq(items.shopId, grocery.shop.id), eq(items.type, 1))).limit(1);
    expect(await refused(staff.api, save(pizza.id))).toMatchObject({ status: 403, result: 'owner_only' });
    expect(await refused(staff.api, { code: 'catalog_item_details', item_id: String(pizza.id) })).toMatchObject({ status: 403, result: 'owner_only' });
    expect(await refused(owner.api, save(foreign.id), 'fa')).toMatchObject({ status: 404, message: 'این کالا در این فروشگاه پیدا نشد.' });
    expect((await refused(owner.api, save(pizza.folderId))).status).toBe(404);
    const cases: [Record<string, string>, string, string, string][] = [
      [{ colors: JSON.stringify([{ name: 'قرمز', name_en: 'Red', hex: 'red' }]) }, 'colors.0.hex', 'رنگ را به شکل ‎#rrggbb‎ وارد کنید، مثلاً ‎#c62828‎.', 'Enter the colour as #rrggbb, e.g. #c62828.'],
      [{ features: JSON.stringify([{ name: ' ', name_en: 'Spicy' }]) }, 'features.0.name', 'نام فارسی و انگلیسی هر مورد را وارد کنید (حداکثر ۱۲۰ نویسه).', 'Enter the Persian and English name of every entry (at most 120 characters).'],
      [{ packaging_types: JSON.stringify([{ name: 'جعبه', name_en: '' }]) }, 'packaging_types.0.name', 'نام فارسی و انگلیسی هر مورد را وارد کنید (حداکثر ۱۲۰ نویسه).', 'Enter the Persian and English name of every entry (at most 120 characters).'],
      [{ item_code: 'X'.repeat(41) }, 'code', 'کد کالا حداکثر ۴۰ نویسه است.', 'The product code has at most 40 characters.'],
    ];
    for (const [fields, field, fa, en] of cases) {
      expect(await refused(owner.api, save(pizza.id, fields), 'fa'), field).toMatchObject({ status: 400, result: 'invalid_input', field, message: fa });
      expect(await refused(owner.api, save(pizza.id, fields), 'en'), field).toMatchObject({ status: 400, field, message: en });
    }
    expect((await refused(owner.api, save(pizza.id, { hidden: '2' }))).status).toBe(400);
    expect((await refused(owner.api, save(pizza.id, { colors: '{' }))).status).toBe(400);
    expect(await itemRow(pizza.id)).toEqual(pizza);
    expect(await itemRow(foreign.id)).toEqual(foreign);
  });

  it("Scenario: the owner gives an item features, colors and labels, then hides it (type 12) and shows it again; the customer's next read shows each change and the sizes stay", async () => {
    const kebab = await catalogOf(t.db, 'kebab');
    const pizza = kebab.item('Special pizza');
    const anonymous = <C extends Parameters<typeof call>[3]>(code: C, fields: Record<string, string | number>) => call(t, KEBAB, null, code, fields);
    // Primed: the item page's and the list's replies are kept in the reply cache before the change.
    expect((await anonymous('get_item', { id: pizza.id })).data.item.data.features).toEqual([]);
    expect((await anonymous('get_list_item', { id: pizza.folderId })).data.items.some((item) => item.item_id === pizza.id)).toBe(true);

    const saved = await owner.api.call('catalog_item_details_save', save(pizza.id));
    const expected = {
      item_id: pizza.id,
      type: 1,
      features: [{ name: 'تند', name_en: 'Spicy' }],
      colors: [{ name: 'قرمز', name_en: 'Red', hex: '#c62828' }],
      code: 'PZ-01',
      texture_types: [{ name: 'ترد', name_en: 'Crispy' }],
      packaging_types: [{ name: 'جعبه', name_en: 'Box' }],
    };
    expect(saved).toEqual(expected);
    expect(await owner.api.call('catalog_item_details', { item_id: String(pizza.id) })).toEqual(saved);
    const page = (await anonymous('get_item', { id: pizza.id })).data.item;
    expect(page.data).toEqual({ features: expected.features, colors: expected.colors, sizes: pizza.data.sizes, code: 'PZ-01', texture_types: expected.texture_types, packaging_types: expected.packaging_types });
    expect(page.data.sizes).toHaveLength(2);

    const hidden = await owner.api.call('catalog_item_details_save', save(pizza.id, { hidden: '1' }));
    expect(hidden.type).toBe(12);
    expect((await anonymous('get_list_item', { id: pizza.folderId })).data.items.some((item) => item.item_id === pizza.id)).toBe(false);
    expect((await anonymous('get_item', { id: pizza.id })).status).toBe(404);
    expect((await owner.api.call('catalog')).items.find((item) => item.id === pizza.id)?.type).toBe(12);

    const shown = await owner.api.call('catalog_item_details_save', { code: 'catalog_item_details_save', item_id: String(pizza.id), hidden: '0' });
    expect(shown).toEqual({ item_id: pizza.id, type: 1, features: [], colors: [], code: '', texture_types: [], packaging_types: [] });
    expect((await anonymous('get_list_item', { id: pizza.folderId })).data.items.some((item) => item.item_id === pizza.id)).toBe(true);
    expect((await itemRow(pizza.id)).data).toEqual({ features: [], colors: [], sizes: pizza.data.sizes });
    const audit = await t.db.select().from(staffAudit).where(and(eq(staffAudit.action, 'item.details'), eq(staffAudit.subjectId, pizza.id)));
    expect(audit.map((entry) => entry.detail)).toEqual([
      { name: pizza.name, hidden: false },
      { name: pizza.name, hidden: true },
      { name: pizza.name, hidden: false },
    ]);
  });
});
