import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { E2E_PORT } from '../playwright.config';
import { shopUrl } from './shops';
import { shopApi } from './shop-session';

// Issue 30, "the customer sees each change live": the store confirms and sends an order from the
// console's codes; the customer's open order page shows each change without a reload, told once.

// The café keeps no opening hours (open around the clock), so a 'now' order is always accepted.
const slug = 'cafe';

/** Registers `phone`, puts one espresso in the cart and places it: pickup, cash, now. */
async function placeOrder(page: Page, phone: string): Promise<number> {
  const api = shopApi(page, slug);
  await api.register(phone, 'نرگس کاظمی');
  const list = await api.call<{ items: { item_id: number; name: string }[] }>('get_list_item', { name: 'اسپرسو' });
  const espresso = list.items.find((item) => item.name === 'اسپرسو');
  expect(espresso).toBeTruthy();
  const cart = await api.call<{ order: { id: number } }>('cart_controller', { item_id: espresso?.item_id ?? 0, count: 1 });
  const orderId = cart.order.id;
  await api.call('update_address_order', { order_id: orderId, delivery_method: 1, address_id: 0 });
  await api.call('final_order', { order_id: orderId, payment: 'cash', preordertime: 'now', idempotency_key: `order-live-${phone}-${orderId}` });
  return orderId;
}

/** The console's codes as a staff member of the café calls them (its own cookie jar: another person). */
async function staffConsole(request: APIRequestContext, shop = slug) {
  const host = `${shop}.localhost:${E2E_PORT}`;
  const headers = { Host: host, Origin: `http://${host}`, 'Accept-Language': 'fa' };
  const call = async (code: string, fields: Record<string, string | number>) => {
    const reply = await request.post(`http://localhost:${E2E_PORT}/order/console/api`, { headers, multipart: { code, ...Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)])) } });
    const body = (await reply.json()) as { status: boolean; result: string; message: string };
    expect(body.status, `${code}: ${body.result} ${body.message}`).toBe(true);
  };
  await call('staff_login', { username: 'admin', password: `demo-${shop}` });
  return { change: (orderId: number, action: string, fields: Record<string, string | number> = {}) => call('order_change', { order_id: orderId, action, ...fields }) };
}

test('Scenario: the store confirms (25 minutes) and then sends the order: the open order page shows each status, the ready time and the history without a reload; each change is told once', async ({ page, playwright }) => {
  const orderId = await placeOrder(page, '09351110901');
  await page.goto(`${shopUrl(slug)}archive-orders/detail/${orderId}`);
  const invoice = page.getByTestId('invoice');
  await expect(invoice.getByTestId('invoice-status')).toHaveText('در انتظار تایید');
  await expect(page.getByTestId('cancel-order')).toBeVisible();
  await expect(invoice.getByTestId('invoice-ready-at')).toHaveCount(0);
  // A mark on this page's window: it survives only if the page is never loaded again.
  await page.evaluate(() => ((window as { notReloaded?: boolean }).notReloaded = true));

  const staffRequest = await playwright.request.newContext();
  const staff = await staffConsole(staffRequest);

  await staff.change(orderId, 'confirm', { ready_in: 25 });
  await expect(invoice.getByTestId('invoice-status')).toHaveText('تایید شده توسط فروشگاه');
  await expect(invoice.getByTestId('invoice-ready-at')).toContainText(/[\u06F0-\u06F9]{2}:[\u06F0-\u06F9]{2}/);
  await expect(page.getByTestId('toast').filter({ hasText: 'فروشگاه سفارش شما را تایید کرد — حدود ۲۵ دقیقه دیگر آماده است' })).toHaveCount(1);
  const history = page.getByTestId('order-history');
  await expect(history.locator('[data-action="confirm"]')).toHaveCount(1);
  await expect(history.locator('[data-action="confirm"]')).toContainText('توسط فروشگاه');
  await expect(history.locator('[data-action="confirm"]')).toContainText('حدود ۲۵ دقیقه تا آماده شدن');
  // Confirmed, the order is no longer the customer's to cancel.
  await expect(page.getByTestId('cancel-order')).toHaveCount(0);

  await staff.change(orderId, 'send');
  await expect(invoice.getByTestId('invoice-status')).toHaveText('ارسال شده');
  await expect(history.locator('[data-action="send"]')).toHaveCount(1);
  await expect(history.locator('[data-action="send"]')).toContainText('آماده تحویل در فروشگاه');
  // A pickup order: ready for pickup, when the live event names the delivery method (else: on its way).
  await expect(page.getByTestId('toast').filter({ hasText: /سفارش شما (آماده تحویل در فروشگاه|در راه) است/ })).toHaveCount(1);
  await expect(page.getByTestId('load-failure')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await staffRequest.dispose();
});

test('Scenario: a pre-order for tomorrow 12:00, confirmed with 25 minutes: the invoice shows the chosen time and no estimate that would contradict it', async ({ page, playwright }) => {
  // The grocery takes pre-orders (open around the clock, so tomorrow noon is always within its hours).
  const shop = 'grocery';
  const rice = 'برنج هاشمی ۱۰ کیلویی';
  const api = shopApi(page, shop);
  await api.register('09351110903', 'نرگس کاظمی');
  const list = await api.call<{ items: { item_id: number; name: string }[] }>('get_list_item', { name: rice, pagination: 0 });
  const cart = await api.call<{ order: { id: number } }>('cart_controller', { item_id: list.items.find((item) => item.name === rice)!.item_id, count: 1 });
  const orderId = cart.order.id;
  await api.call('update_address_order', { order_id: orderId, delivery_method: 1, address_id: 0 });
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(new Date(Date.now() + 86_400_000));
  await api.call('final_order', { order_id: orderId, payment: 'cash', preordertime: `${tomorrow} 12:00`, idempotency_key: `order-live-preorder-${orderId}` });
  const staffRequest = await playwright.request.newContext();
  await (await staffConsole(staffRequest, shop)).change(orderId, 'confirm', { ready_in: 25 });
  await staffRequest.dispose();

  await page.goto(`${shopUrl(shop)}archive-orders/detail/${orderId}`);
  const invoice = page.getByTestId('invoice');
  await expect(invoice.getByTestId('invoice-status')).toHaveText('تایید شده توسط فروشگاه');
  await expect(invoice.getByTestId('invoice-delivery-time')).toContainText('ساعت ۱۲:۰۰');
  await expect(invoice.getByTestId('invoice-ready-at')).toHaveCount(0);
});
