import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ShopSettings } from '@contract/console/shop-settings';
import { checkoutSettings, shops } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { staffLogin, type ConsoleClient } from './helpers/console-client';
import { call, movableClock, readyCart } from './checkout-support/helpers';

/*
 * The owner's delivery methods and minimum order (issue 32, shop_delivery_update): the owner's only, refused input
 * writes nothing, and the next customer read (get_shop, final_order) follows the change.
 */

const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const KEBAB = 'kebab.localhost';
let t: TestApp;
let owner: ConsoleClient;
let seeded: ShopSettings;
let keys = 0;
const key = () => `delivery-${++keys}-${Date.now()}`;

const stored = async () => {
  const [row] = await t.db.select().from(shops).where(eq(shops.slug, 'kebab'));
  const [settings] = await t.db.select().from(checkoutSettings).where(eq(checkoutSettings.shopId, row.id));
  return { methods: row.deliveryMethods, minOrder: settings?.minOrder };
};
const update = (methods: ShopSettings['delivery_methods'], minOrder: number) => ({ methods: JSON.stringify(methods), min_order: String(minOrder) });

beforeAll(async () => {
  t = await createTestApp({ clock: movableClock().now });
  owner = (await staffLogin(t.app, KEBAB)).api;
  seeded = await owner.call('shop_settings');
});
afterAll(() => t?.close());

describe(`the owner's delivery methods and minimum order (${database})`, () => {
  it("Scenario: the owner renames and reprices the courier and raises the minimum order; the next customer read shows them, and a cart under the minimum is refused at final_order", async () => {
    const methods = seeded.delivery_methods.map((method) =>
      method.value === 2 ? { ...method, price: 450_000, text: { fa: 'پیک موتوری', en: 'Motor courier' }, description: { fa: 'حدود ۳۰ دقیقه', en: 'About 30 minutes' } } : method,
    );
    const changed = await owner.call('shop_delivery_update', update(methods, 50_000_000));
    expect(changed.min_order).toBe(50_000_000);
    expect(changed.delivery_methods.find((method) => method.value === 2)).toMatchObject({ price: 450_000, text: { fa: 'پیک موتوری', en: 'Motor courier' } });

    const shop = await call(t, KEBAB, null, 'get_shop', { language: 'en' });
    expect(shop.data.delivery_methods.find((method) => method.value === 2)).toMatchObject({ price: 450_000, text: 'Motor courier', description: 'About 30 minutes' });
    const { cookie, orderId } = await readyCart(t);
    const refused = await call(t, KEBAB, cookie, 'final_order', { order_id: orderId, payment: 'cash', preordertime: 'now', idempotency_key: key() });
    expect([refused.status, refused.result]).toEqual([409, 'modal_min_order_show']);
    expect(refused.message).toContain('۵٬۰۰۰٬۰۰۰');

    await owner.call('shop_delivery_update', update(seeded.delivery_methods, seeded.min_order));
    expect((await call(t, KEBAB, null, 'get_shop')).data.delivery_methods.map((method) => method.price)).toEqual(seeded.delivery_methods.map((method) => method.price));
  });

  it('Scenario: bad delivery settings are refused with the field named, in fa and en, and nothing is written', async () => {
    const before = await stored();
    const courierOff = seeded.delivery_methods.map((method) => ({ ...method, status: 0 as const }));
    const unnamed = seeded.delivery_methods.map((method) => (method.value === 2 ? { ...method, status: 1 as const, text: { ...method.text, fa: ' ' } } : method));
    const negative = seeded.delivery_methods.map((method) => (method.value === 2 ? { ...method, price: -1 } : method));
    const twice = [...seeded.delivery_methods, seeded.delivery_methods[0]];
    const cases: [Record<string, string>, string, string, string][] = [
      [update(courierOff, 0), 'methods', 'دست‌کم یک روش ارسال باید روشن باشد.', 'At least one delivery method must be on.'],
      [update(unnamed, 0), '2.text_fa', '«نام فارسی روش ارسال ۲» را وارد کنید.', 'Enter the Persian name of delivery method 2.'],
      [update(negative, 0), '2.price', '«هزینه روش ارسال ۲» خارج از محدوده مجاز است.', 'The price of delivery method 2 is out of range.'],
      [update(twice, 0), 'methods', 'هر روش ارسال فقط یک بار می‌آید.', 'Each delivery method may appear once.'],
      [update(seeded.delivery_methods, -5), 'min_order', '«حداقل سفارش» خارج از محدوده مجاز است.', 'The minimum order is out of range.'],
    ];
    for (const [fields, field, fa, en] of cases) {
      const faAnswer = await owner.post({ code: 'shop_delivery_update', ...fields }, 'fa');
      expect([faAnswer.statusCode, faAnswer.body.result, faAnswer.body.message, faAnswer.body.data]).toEqual([400, 'invalid_input', fa, { field }]);
      const enAnswer = await owner.post({ code: 'shop_delivery_update', ...fields }, 'en');
      expect([enAnswer.statusCode, enAnswer.body.message]).toEqual([400, en]);
    }
    const notJson = await owner.post({ code: 'shop_delivery_update', methods: '[{', min_order: '0' });
    expect([notJson.statusCode, notJson.body.result]).toEqual([400, 'invalid_input']);
    expect(await stored()).toEqual(before);
  });

  it('Scenario: a staff member who is not an owner is refused (403 owner_only) and nothing is written', async () => {
    const username = `delivery${Date.now() % 100_000}`;
    await owner.call('team_add', { name: 'Reza', username, password: `secret-${username}`, role: 'staff' });
    const staff = (await staffLogin(t.app, KEBAB, username, `secret-${username}`)).api;
    const before = await stored();
    const refused = await staff.post({ code: 'shop_delivery_update', ...update(seeded.delivery_methods, 0) }, 'en');
    expect([refused.statusCode, refused.body.result]).toEqual([403, 'owner_only']);
    expect(await stored()).toEqual(before);
  });
});
