import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { items, orders, payments, shops } from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { call, creditWallet, isfahan, ledgerSum, movableClock, NIGHT, OPEN_HOURS, readyCart, vanak } from './checkout-support/helpers';

let t: TestApp;
const clock = movableClock();
const host = 'kebab.localhost';
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(() => t.close());

let keys = 0;
const key = () => `test-key-${++keys}-${Date.now()}`;

/** Follows the sandbox bank page: GET it, then POST pay or cancel; returns the callback location. */
async function bank(redirectUrl: string, decision: 'pay' | 'cancel') {
  const page = await t.app.inject({ method: 'GET', url: redirectUrl, headers: { host } });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('پرداخت / Pay');
  const answer = await t.app.inject({ method: 'POST', url: `${redirectUrl}/${decision}`, headers: { host } });
  expect(answer.statusCode).toBe(303);
  return new URL(answer.headers.location as string, 'http://kebab.localhost');
}

describe('addresses', () => {
  it('Scenario: spec §5 validation messages, in fa and en, and nothing saved', async () => {
    const { cookie } = await t.signIn('kebab');
    const cases: [Record<string, string | number>, string, string][] = [
      [{ ...vanak, label: '' }, 'نام شرکت، خانه، یا... نباید خالی باشد', 'The label (company, home, …) must not be empty'],
      [{ ...vanak, label: 'خان' }, 'نام آدرس باید بیشتر از ۳ حرف باشد.', 'The label must be longer than 3 characters.'],
      [{ ...vanak, address: '' }, 'آدرس دقیق خود را وارد کنید', 'Enter your exact address'],
      [{ ...vanak, address: 'ونک ۱' }, 'آدرس باید بیشتر از ۵ حرف باشد.', 'The address must be longer than 5 characters.'],
      [{ label: vanak.label, address: vanak.address, lng: vanak.lng }, 'عرض جغرافیایی نباید خالی باشد', 'The latitude must not be empty'],
      [{ label: vanak.label, address: vanak.address, lat: vanak.lat }, 'طول جغرافیایی نباید خالی باشد', 'The longitude must not be empty'],
    ];
    for (const [fields, fa, en] of cases) {
      expect((await call(t, host, cookie, 'new_add_addreses', fields)).message).toBe(fa);
      expect((await call(t, host, cookie, 'new_add_addreses', { ...fields, language: 'en' })).message).toBe(en);
    }
    expect((await call(t, host, cookie, 'get_addresses')).data).toEqual([]);
  });

  it('Scenario: add, list, edit and delete; ids start at 10; another user sees 404 and changes nothing', async () => {
    const me = await t.signIn('kebab');
    const added = await call(t, host, me.cookie, 'new_add_addreses', { id: 0, ...vanak });
    expect(added.data).toMatchObject({ label: vanak.label, in_range: true });
    expect(added.data.id).toBeGreaterThanOrEqual(10);
    const far = await call(t, host, me.cookie, 'new_add_addreses', isfahan);
    expect(far.data.in_range).toBe(false);
    expect((await call(t, host, me.cookie, 'get_addresses')).data.map((entry) => entry.id)).toEqual([far.data.id, added.data.id]);

    const other = await t.signIn('kebab');
    expect((await call(t, host, other.cookie, 'update_address', { id: added.data.id, ...vanak, label: 'دزدی شده' })).status).toBe(404);
    expect((await call(t, host, other.cookie, 'delete_address', { id: added.data.id })).status).toBe(404);
    const edited = await call(t, host, me.cookie, 'update_address', { id: added.data.id, ...vanak, label: 'دفتر کار' });
    expect(edited.data.label).toBe('دفتر کار');
    expect((await call(t, host, me.cookie, 'delete_address', { id: far.data.id })).data).toEqual({ id: far.data.id });
    expect((await call(t, host, me.cookie, 'get_addresses')).data.map((entry) => entry.label)).toEqual(['دفتر کار']);
  });

  it('Scenario: get_location_data suggests the district offline; randomize_geoLocation stays in its ring', async () => {
    const fa = await call(t, host, null, 'get_location_data', { lat: 35.7575, lng: 51.4098 });
    expect(fa.data).toMatchObject({ city: 'تهران', district: 'ونک', address: 'تهران، ونک', in_range: true, distance: 0 });
    const en = await call(t, host, null, 'get_location_data', { lat: 32.654, lng: 51.668, language: 'en' });
    expect(en.data).toMatchObject({ city: 'Isfahan', district: 'Chaharbagh', in_range: false });
    const sea = await call(t, host, null, 'get_location_data', { lat: 10, lng: 10 });
    expect(sea.data).toMatchObject({ city: '', in_range: false, distance: null });
    for (let round = 0; round < 20; round += 1) {
      const moved = await call(t, host, null, 'randomize_geoLocation', { lat: 35.7, lng: 51.4, min_radius: 100, max_radius: 300 });
      const metres = Math.hypot((moved.data.lat - 35.7) * 111_320, (moved.data.lng - 51.4) * 111_320 * Math.cos((35.7 * Math.PI) / 180));
      expect(metres).toBeGreaterThan(95);
      expect(metres).toBeLessThan(305);
    }
    const { cookie } = await t.signIn('kebab');
    expect((await call(t, host, cookie, 'set_last_location', { lat: '۳۵.۷', lng: 51.4 })).data).toEqual({ lat: 35.7, lng: 51.4 });
  });
});

describe('delivery and price', () => {
  it('Scenario: a courier address outside every radius is refused "out of range"; other-city needs city and postal code', async () => {
    const { cookie, orderId } = await readyCart(t, 'kebab', { method: 1 });
    const far = await call(t, host, cookie, 'new_add_addreses', isfahan);
    const refused = await call(t, host, cookie, 'update_address_order', { order_id: orderId, delivery_method: 2, address_id: far.data.id });
    expect(refused.status).toBe(409);
    expect(refused.result).toBe('out_of_range');
    expect(refused.message).toBe('این آدرس خارج از محدوده ارسال است.');
    const otherCity = await call(t, host, cookie, 'update_address_order', { order_id: orderId, delivery_method: 3, address_id: far.data.id });
    expect(otherCity.data).toMatchObject({ delivery_method: 3, address_id: far.data.id, shipping: 0 });
    const near = await call(t, host, cookie, 'new_add_addreses', vanak);
    const noPostal = await call(t, host, cookie, 'update_address_order', { order_id: orderId, delivery_method: 3, address_id: near.data.id });
    expect(noPostal.message).toBe('نام شهر، آدرس دقیق و کد پستی را وارد کنید.');
    const quote = await call(t, host, cookie, 'price_controler', { order_id: orderId, delivery_method: 2, location: JSON.stringify({ latitude: 32.65, longitude: 51.67 }) });
    expect(quote.data.out_of_range).toBe(true);
  });

  it('Scenario: shipping is free on the first order where enabled, 0 for address ids under 10, and charged otherwise', async () => {
    const { cookie, orderId } = await readyCart(t, 'kebab');
    const first = await call(t, host, cookie, 'price_controler', { order_id: orderId, delivery_method: 2, location: JSON.stringify({ latitude: vanak.lat, longitude: vanak.lng }) });
    expect(first.data).toMatchObject({ shipping: 0, out_of_range: false });
    expect(first.data.bill.first_order).toBe(350_000);
    const reserved = await call(t, host, cookie, 'price_controler', { order_id: orderId, delivery_method: 2, address: 5 });
    expect(reserved.data.bill).toMatchObject({ shipping: 0, first_order: 0 });
    // grocery also gives the first order free shipping: after one placed order it is charged
    const grocery = await readyCartAtGrocery();
    const charged = await call(t, 'grocery.localhost', grocery.cookie, 'price_controler', { order_id: grocery.orderId, delivery_method: 2 });
    expect(charged.data.shipping).toBe(350_000);
  });
});

async function readyCartAtGrocery() {
  const { cookie, orderId } = await readyCartFor('grocery');
  const placed = await call(t, 'grocery.localhost', cookie, 'final_order', { order_id: orderId, payment: 'cash', idempotency_key: key() });
  expect(placed.ok).toBe(true);
  const again = await readyCartFor('grocery', cookie);
  return { cookie, orderId: again.orderId };
}

async function readyCartFor(slug: string, existingCookie?: string) {
  const shopHost = `${slug}.localhost`;
  const cookie = existingCookie ?? (await t.signIn(slug)).cookie;
  const [shop] = await t.db.select().from(shops).where(eq(shops.slug, slug));
  const products = await t.db.select().from(items).where(and(eq(items.shopId, shop.id), eq(items.type, 1)));
  const item = products.find((entry) => entry.shopId === shop.id && entry.data.sizes.length === 0 && entry.data.colors.length === 0 && entry.data.features.length === 0 && entry.price >= 500_000)!;
  const added = await call(t, shopHost, cookie, 'cart_controller', { item_id: item.id, count: 2 });
  const orderId = added.data.order!.id;
  const address = await call(t, shopHost, cookie, 'new_add_addreses', { ...vanak, lat: 35.759, lng: 51.367 });
  const chosen = await call(t, shopHost, cookie, 'update_address_order', { order_id: orderId, delivery_method: 2, address_id: address.data.id });
  expect(chosen.ok).toBe(true);
  return { cookie, orderId };
}

describe('discounts', () => {
  it('Scenario: empty, unknown, expired and minimum-order codes are refused with their messages', async () => {
    const { cookie, orderId } = await readyCart(t);
    const cases: [string, string][] = [
      ['', 'لطفا کد تخفیف را وارد کنید'],
      ['NOPE', 'کد تخفیف وجود ندارد'],
      ['EXPIRED20', 'مهلت استفاده از این کد تخفیف تمام شده است.'],
      ['FIXED50', 'این کد برای سفارش‌های بالای ۵۰۰٬۰۰۰ تومان است.'],
    ];
    for (const [code, message] of cases) {
      const reply = await call(t, host, cookie, 'discount_compute', { order_id: orderId, discount: code });
      expect(reply.ok).toBe(false);
      expect(reply.message).toBe(message);
    }
    const english = await call(t, host, cookie, 'discount_compute', { order_id: orderId, discount: '', language: 'en' });
    expect(english.message).toBe('Please enter the discount code');
    expect((await call(t, host, cookie, 'get_discount_data', { order_id: orderId })).data.discount_code).toBeNull();
  });

  it('Scenario: a percent code is taken after the 5% online discount and shows in the bill', async () => {
    const { cookie, orderId } = await readyCart(t);
    const applied = await call(t, host, cookie, 'discount_compute', { order_id: orderId, discount: 'welcome10' });
    expect(applied.data).toMatchObject({
      pure_price: 2_900_000,
      permanent_discount: 145_000,
      discount: 275_500,
      price: 2_479_500,
      discount_code: 'WELCOME10',
      shipping: 0,
      first_order: 350_000,
      // 9 % of 2,479,500 is 223,155 rial: whole toman at this toman shop (contract/rules/money.ts)
      tax: 223_150,
      packaging: 150_000,
      total: 2_852_650,
      wallet: 0,
      payable: 2_852_650,
      message: null,
    });
    expect((await call(t, host, cookie, 'get_discount_data', { order_id: orderId })).data.discount).toBe(275_500);
  });

  it('Scenario: first-order-only and once-per-user codes are refused after an order used them', async () => {
    const { cookie, orderId } = await readyCart(t);
    expect((await call(t, host, cookie, 'discount_compute', { order_id: orderId, discount: 'ONCE20' })).ok).toBe(true);
    expect((await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'cash', idempotency_key: key() })).ok).toBe(true);
    const next = await call(t, host, cookie, 'cart_controller', { item_id: (await t.db.select().from(items).where(eq(items.nameEn, 'Barg kebab')).limit(1))[0].id });
    const again = await call(t, host, cookie, 'discount_compute', { order_id: next.data.order!.id, discount: 'ONCE20' });
    expect(again.message).toBe('شما پیش‌تر از این کد استفاده کرده‌اید.');
    const first = await call(t, host, cookie, 'discount_compute', { order_id: next.data.order!.id, discount: 'FIRST15' });
    expect(first.message).toBe('این کد فقط برای اولین سفارش است.');
  });
});

describe('wallet, placing and paying', () => {
  it('Scenario: the wallet pays part of an order; the ledger records the spend', async () => {
    const { cookie, orderId, userId, catalog } = await readyCart(t);
    await creditWallet(t.db, catalog.shop.rootId!, userId, 1_000_000);
    const used = await call(t, host, cookie, 'use_wallet', { order_id: orderId });
    expect(used.data).toMatchObject({ balance: 1_000_000, used: 1_000_000 });
    expect(used.data.bill.payable).toBe(used.data.bill.total - 1_000_000);
    const placed = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'cash', idempotency_key: key() });
    expect(placed.data).toMatchObject({ status: 3, paid: false, payable: 3_152_950 - 1_000_000, redirect_url: null });
    expect(await ledgerSum(t.db, userId)).toBe(0);
    const invoice = await call(t, host, cookie, 'get_order_by_id', { id: orderId });
    expect(invoice.data.bill).toMatchObject({ wallet: 1_000_000, total: 3_152_950 });
  });

  it('Scenario: paying all by wallet marks the order paid; a short wallet is refused and nothing changes', async () => {
    const { cookie, orderId, userId, catalog } = await readyCart(t);
    await creditWallet(t.db, catalog.shop.rootId!, userId, 3_000_000);
    const short = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'wallet', idempotency_key: key() });
    expect(short.status).toBe(409);
    expect(short.message).toBe('موجودی کیف پول برای پرداخت کامل کافی نیست.');
    expect(await ledgerSum(t.db, userId)).toBe(3_000_000);
    await creditWallet(t.db, catalog.shop.rootId!, userId, 500_000);
    const paid = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'wallet', idempotency_key: key() });
    expect(paid.data).toMatchObject({ status: 3, paid: true, payable: 0 });
    expect(await ledgerSum(t.db, userId)).toBe(3_500_000 - 3_152_950);
  });

  it('Scenario: online payment -> sandbox bank -> callback -> get_sep verifies; a second verify changes nothing', async () => {
    const { cookie, orderId } = await readyCart(t);
    const placed = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'online', gateway: 'sandbox', idempotency_key: key() });
    expect(placed.data).toMatchObject({ status: 2, paid: false });
    expect((await call(t, host, cookie, 'get_cart')).data.order?.id).toBe(orderId);
    const waiting = await call(t, host, cookie, 'get_sep', { sep_id: placed.data.sep_id! });
    expect(waiting.data).toMatchObject({ outcome: 'waiting', paid: false, status: 2 });
    const callback = await bank(placed.data.redirect_url!, 'pay');
    expect(callback.pathname).toBe(`/order/v2/successful-payment/${orderId}`);
    const sepId = callback.searchParams.get('sep_id')!;
    const verified = await call(t, host, cookie, 'get_sep', { sep_id: sepId });
    expect(verified.data).toMatchObject({ outcome: 'paid', paid: true, status: 3, message: 'از سفارش شما متشکریم' });
    const [before] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    const replay = await call(t, host, cookie, 'get_sep', { sep_id: sepId });
    expect(replay.data).toMatchObject({ outcome: 'paid', paid: true, status: 3 });
    const [after] = await t.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(after).toEqual(before);
    expect((await call(t, host, cookie, 'get_cart')).data.lines).toEqual([]);
    expect((await call(t, host, cookie, 'get_factors', { tab: 'active' })).data.map((order) => order.id)).toContain(orderId);
  });

  it('Scenario: a canceled payment returns to the payment step with the cart intact and the wallet refunded', async () => {
    const { cookie, orderId, userId, catalog } = await readyCart(t);
    await creditWallet(t.db, catalog.shop.rootId!, userId, 400_000);
    await call(t, host, cookie, 'use_wallet', { order_id: orderId });
    const placed = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'online', idempotency_key: key() });
    expect(placed.data.payable).toBe(3_152_950 - 400_000);
    expect(await ledgerSum(t.db, userId)).toBe(0);
    const callback = await bank(placed.data.redirect_url!, 'cancel');
    const canceled = await call(t, host, cookie, 'get_sep', { sep_id: callback.searchParams.get('sep_id')! });
    expect(canceled.data).toMatchObject({ outcome: 'canceled', paid: false, status: 1, message: 'پرداخت لغو شد؛ سبد خرید شما دست نخورده است.' });
    expect(await ledgerSum(t.db, userId)).toBe(400_000);
    const cart = await call(t, host, cookie, 'get_cart');
    expect(cart.data.order?.id).toBe(orderId);
    expect(cart.data.lines[0].item_count).toBe(2);
    const retry = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'cash', idempotency_key: key() });
    expect(retry.data).toMatchObject({ status: 3, payable: 3_152_950 - 400_000 });
  });

  it('Scenario: a closed shop and times outside the hours are refused; a later time within them is accepted', async () => {
    const { cookie, orderId } = await readyCart(t);
    clock.set(NIGHT);
    try {
      const closed = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'cash', idempotency_key: key() });
      expect(closed.status).toBe(409);
      expect(closed.message).toBe('فروشگاه اینترنتی موقتا تعطیل است');
      const early = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'cash', preordertime: '2025-06-02 09:00', idempotency_key: key() });
      expect(early.message).toBe('زمان انتخاب‌شده در ساعات کاری فروشگاه (۱۱:۰۰ تا ۲۳:۳۰) نیست.');
      const past = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'cash', preordertime: '2025-05-30 12:00', idempotency_key: key() });
      expect(past.message).toBe('زمان انتخاب‌شده گذشته است.');
      // A day June does not have: refused, the cart stays a cart.
      const noSuchDay = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'cash', preordertime: '2025-06-31 13:30', idempotency_key: key() });
      expect([noSuchDay.status, noSuchDay.result]).toEqual([400, 'preorder_invalid']);
      expect((await call(t, host, cookie, 'get_cart')).data.order?.id).toBe(orderId);
      const preorder = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'cash', preordertime: '2025-06-02 13:30', idempotency_key: key() });
      expect(preorder.data.status).toBe(3);
      const invoice = await call(t, host, cookie, 'get_order_by_id', { id: orderId });
      expect(invoice.data.delivery_time).toBe('2025-06-02 13:30');
    } finally {
      clock.set(OPEN_HOURS);
    }
  });

  it('Scenario: an empty cart cannot be placed ("سبد خالی است")', async () => {
    const { cookie, orderId } = await readyCart(t);
    const cart = await call(t, host, cookie, 'get_cart');
    await call(t, host, cookie, 'cart_controller', { operation: 3, order_item_id: cart.data.lines[0].order_item_id });
    const empty = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'cash', idempotency_key: key() });
    expect(empty.status).toBe(409);
    expect(empty.message).toBe('سبد خالی است');
  });
});

describe('orders', () => {
  it('Scenario: the invoice carries every label; tabs split active and previous; repeat and cancel', async () => {
    const { cookie, orderId, userId, catalog } = await readyCart(t);
    await call(t, host, cookie, 'save_comment', { order_id: orderId, comment: 'بدون پیاز' });
    const placed = await call(t, host, cookie, 'final_order', { order_id: orderId, payment: 'card_reader', idempotency_key: key() });
    const invoice = await call(t, host, cookie, 'get_order_by_id', { id: orderId });
    expect(invoice.data).toMatchObject({
      id: orderId,
      number: orderId,
      status: 3,
      tracking_code: placed.data.tracking_code,
      created_at_jalali: '1404/03/11 14:00',
      paid: false,
      payment: 'card_reader',
      delivery_method: 2,
      delivery_time: 'now',
      address: { label: vanak.label, address: vanak.address },
      notes: 'بدون پیاز',
    });
    expect(invoice.data.order_items).toEqual([
      expect.objectContaining({ row: 1, name: 'کباب کوبیده', count: 2, price: 1_450_000, total: 2_900_000 }),
    ]);
    expect(invoice.data.bill).toMatchObject({ total: 3_152_950, tax: 247_950, packaging: 150_000, permanent_discount: 145_000 });

    const repeated = await call(t, host, cookie, 'repeat_order', { id: orderId });
    expect(repeated.data.lines).toEqual([expect.objectContaining({ item_id: catalog.item('Koobideh kebab').id, item_count: 2 })]);

    const canceled = await call(t, host, cookie, 'update_status_order', { order_id: orderId, status: 7 });
    expect(canceled.data.status).toBe(7);
    expect((await call(t, host, cookie, 'update_status_order', { order_id: orderId, status: 7 })).status).toBe(409);
    expect((await call(t, host, cookie, 'get_factors', { tab: 'active' })).data.map((order) => order.id)).not.toContain(orderId);
    expect((await call(t, host, cookie, 'get_factors', { tab: 'previous' })).data.map((order) => order.id)).toContain(orderId);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row.userId).toBe(userId);
  });
});
