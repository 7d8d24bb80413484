import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2E_PORT } from '../playwright.config';
import { startZarinpalDouble, type ZarinpalDouble } from '../tests/doubles/zarinpal-double';
import { expect, test } from './fixtures';

/*
 * Issue 33: a storefront server of this spec's own with PAYMENT_GATEWAY=zarinpal, its bank the local double
 * (tests/doubles/zarinpal-double.ts): the customer pays at the double's StartPay page, comes back and sees the
 * thank-you page; the owner's cancel refunds through the double (its refund call is seen).
 */

const PORT = E2E_PORT + 1;
// The grocery keeps no opening hours: a 'now' order is taken at any hour of the run (the kebab closes at 23:30 Tehran).
const host = `grocery.localhost:${PORT}`;
const headers = { Host: host, Origin: `http://${host}`, 'Accept-Language': 'fa' };
let double: ZarinpalDouble;
let server: ChildProcess;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // A server left on this port (a run stopped midway) would answer instead of ours, with its own data: refuse to start.
  const before = await fetch(`http://localhost:${PORT}/order/v2/`).catch(() => null);
  if (before !== null) throw new Error(`port ${PORT} already answers: stop what listens there before this spec`);
  double = await startZarinpalDouble();
  // Node itself (not npx's chain of processes) in a process group of its own, so afterAll stops the server whole.
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: mkdtempSync(join(tmpdir(), 'storefront-zarinpal-')),
      DEFAULT_SHOP: 'kebab',
      TRUST_PROXY: 'loopback',
      ACCESS_LOG: '0',
      PAYMENT_GATEWAY: 'zarinpal',
      ZARINPAL_MERCHANT_ID: '00000000-0000-0000-0000-00000000e2e0',
      ZARINPAL_BASE_URL: double.url,
    },
  });
  await expect
    .poll(async () => (await fetch(`http://localhost:${PORT}/order/v2/`).catch(() => null))?.status ?? 0, { timeout: 110_000, intervals: [500] })
    .toBe(200);
});

test.afterAll(async () => {
  if (server?.pid !== undefined) process.kill(-server.pid, 'SIGTERM');
  await double?.close();
});

test('Scenario: pay at Zarinpal, come back to the thank-you page; the owner cancels and the refund goes through Zarinpal', async ({ page }) => {
  const api = async <T>(code: string, fields: Record<string, string | number> = {}, endpoint = '/order/order.php') => {
    const reply = await page.request.post(`http://localhost:${PORT}${endpoint}`, { headers, form: { code, ...fields } });
    const body = (await reply.json()) as { status: boolean; result: string; message: string; data: T };
    expect(body.status, `${code}: ${body.result} ${body.message}`).toBe(true);
    return body.data;
  };
  // The customer, logged in and with a cart, through the API (the login and the checkout steps are checkout.spec's).
  const phone = '09391119033';
  await api('login', { phone_number: phone });
  let code = '';
  await expect
    .poll(async () => {
      const outbox = (await (await page.request.get(`http://localhost:${PORT}/dev/sms-outbox?phone=${phone}`)).json()) as { data: { code: string | null }[] };
      return (code = outbox.data[0]?.code ?? '');
    })
    .toMatch(/^\d{6}$/);
  await api('check_verify_code', { verify_code: code });
  await api('complete_register', { name: 'سارا زرین' });
  const list = await api<{ items: { item_id: number; name: string }[] }>('get_list_item', { name: 'ماست پرچرب', pagination: 0 });
  const cart = await api<{ order: { id: number } }>('cart_controller', { item_id: list.items[0].item_id, count: 5 });
  await api('update_address_order', { order_id: cart.order.id, delivery_method: 1 });
  const placed = await api<{ redirect_url: string; order_id: number }>('final_order', { order_id: cart.order.id, payment: 'online', idempotency_key: 'e2e-zarinpal-order-0001' });
  const cookies = await page.context().cookies(`http://localhost:${PORT}`);
  await page.context().addCookies(cookies.map(({ name, value, httpOnly, sameSite, expires }) => ({ name, value, httpOnly, sameSite, expires, domain: 'grocery.localhost', path: '/' })));

  // At the bank's page (the double's StartPay), then back with Authority and Status=OK.
  expect(placed.redirect_url).toMatch(new RegExp(`^${double.url}/pg/StartPay/A`));
  await page.goto(placed.redirect_url);
  await Promise.all([page.waitForURL(/\/successful-payment\/\d+\?sep_id=.*Authority=.*Status=OK/, { waitUntil: 'commit' }), page.getByRole('button', { name: /Pay/ }).click()]);
  await expect(page.getByRole('heading', { name: 'از سفارش شما متشکریم' })).toBeVisible();
  await expect(page.getByTestId('checkout-problem')).toHaveCount(0);
  const authority = new URL(placed.redirect_url).pathname.split('/').pop()!;
  expect(double.transactions.get(authority)?.state).toBe('verified');

  // The owner cancels in the console: the refund is asked of Zarinpal, with the authority and the amount paid.
  await api('staff_login', { username: 'admin', password: 'demo-grocery' }, '/order/console/api');
  await api('order_change', { order_id: placed.order_id, action: 'cancel', reason: 'تمام شد' }, '/order/console/api');
  const refunds = double.calls.filter((call) => call.path === '/pg/v4/payment/refund.json');
  expect(refunds).toHaveLength(1);
  expect(refunds[0].body).toMatchObject({ authority, amount: double.transactions.get(authority)!.amount });
  expect(double.transactions.get(authority)?.state).toBe('refunded');
});
