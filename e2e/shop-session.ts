import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { consoleUrl, shopUrl } from './shops';

/** Envelope of every /order/order.php reply. */
interface Envelope<T> {
  status: boolean;
  result: string;
  message: string;
  data: T;
}

/**
 * The real server's API as one shop's SPA would call it, through the page's
 * request context. Node cannot resolve *.localhost, so requests go to plain
 * localhost with the shop's Host and Origin (the CSRF check compares them);
 * the cookies they set land on localhost and `shareCookies` hands them to the
 * shop's host for the browser.
 */
export function shopApi(page: Page, slug: string) {
  const host = `${slug}.localhost:${E2E_PORT}`;
  const headers = { Host: host, Origin: `http://${host}`, 'Accept-Language': 'fa' };

  async function call<T>(code: string, fields: Record<string, string | number> = {}): Promise<T> {
    const reply = await page.request.post(`http://localhost:${E2E_PORT}/order/order.php`, { headers, form: { code, ...fields } });
    const body = (await reply.json()) as Envelope<T>;
    expect(body.status, `${code}: ${body.result} ${body.message}`).toBe(true);
    return body.data;
  }

  /** Logs a new phone in by the code from the dev SMS outbox and registers it; the session cookie is shared with the shop's host. */
  async function register(phone: string, name: string): Promise<void> {
    await call('login', { phone_number: phone });
    const code = await codeFromOutbox(page.request, phone);
    const verified = await call<{ registered: boolean }>('check_verify_code', { verify_code: code });
    expect(verified.registered).toBe(false);
    await call('complete_register', { name });
    await shareCookies(page.context(), slug);
  }

  /** Puts `count` of the shop's product named `name` (Persian, no option steps) in the logged-in customer's cart. */
  async function addToCart(name: string, count = 1): Promise<void> {
    const list = await call<{ items: { item_id: number; name: string }[] }>('get_list_item', { name, pagination: 0 });
    const item = list.items.find((entry) => entry.name === name);
    expect(item, `seeded item ${name}`).toBeTruthy();
    await call('cart_controller', { item_id: item!.item_id, count });
  }

  /**
   * The signed-in customer orders `count` of the product named `name` for pickup (now, or at `preordertime`) and pays
   * online at the sandbox bank, back on the thank-you page; answers the order's id.
   */
  async function placePaidOnline(name: string, count = 1, preordertime = 'now'): Promise<number> {
    const list = await call<{ items: { item_id: number; name: string }[] }>('get_list_item', { name, pagination: 0 });
    const cart = await call<{ order: { id: number } }>('cart_controller', { item_id: list.items.find((item) => item.name === name)!.item_id, count });
    await call('update_address_order', { order_id: cart.order.id, delivery_method: 1, address_id: 0 });
    const placed = await call<{ redirect_url: string }>('final_order', { order_id: cart.order.id, payment: 'online', preordertime, idempotency_key: `paid-online-${cart.order.id}` });
    await page.goto(new URL(placed.redirect_url, shopUrl(slug)).href);
    await page.getByRole('button', { name: /Pay/ }).click();
    await expect(page.getByRole('heading', { name: 'از سفارش شما متشکریم' })).toBeVisible();
    return cart.order.id;
  }

  return { call, register, addToCart, placePaidOnline };
}

/** Copies the cookies the API calls got on localhost to the shop's host, where the browser uses them. */
export async function shareCookies(context: BrowserContext, slug: string): Promise<void> {
  const cookies = await context.cookies(`http://localhost:${E2E_PORT}`);
  await context.addCookies(cookies.map(({ name, value, httpOnly, sameSite, expires }) => ({ name, value, httpOnly, sameSite, expires, domain: `${slug}.localhost`, path: '/' })));
}

/** The newest code the console SMS provider sent to `phone` (the dev outbox; Node cannot resolve *.localhost, so plain localhost). */
export async function codeFromOutbox(request: APIRequestContext, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const reply = await request.get(`http://localhost:${E2E_PORT}/dev/sms-outbox?phone=${phone}`);
      code = ((await reply.json()) as { data: { code: string | null }[] }).data[0]?.code ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** Posts a code from the page (same origin, the page's cookies) to one of the server's endpoints: the reply's result word and data. */
async function postFromPage<T>(page: Page, endpoint: string, code: string, fields: Record<string, string>): Promise<{ result: string; data: T }> {
  return page.evaluate(
    async ([path, name, payload]) => {
      const body = new FormData();
      body.set('code', name);
      for (const [key, value] of Object.entries(payload)) body.set(key, value);
      const reply = await fetch(path, { method: 'POST', body });
      return (await reply.json()) as { result: string; data: unknown };
    },
    [endpoint, code, fields] as const,
  ) as Promise<{ result: string; data: T }>;
}

/** Calls a code from the page (same origin, the page's cookies), for test setup and checks. */
export async function pageApi<T>(page: Page, code: string, fields: Record<string, string> = {}): Promise<T> {
  return (await postFromPage<T>(page, '/order/order.php', code, fields)).data;
}

/**
 * A staff member logged into the shop's console through its login form, in a browser of their own
 * (the demo owner, `admin` with `demo-<slug>`, unless told); returned once the form has gone.
 */
export async function consoleLogIn(browser: Browser, slug: string, account = { username: 'admin', password: `demo-${slug}` }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(consoleUrl(slug));
  await page.getByLabel('نام کاربری').fill(account.username);
  await page.getByLabel('رمز عبور').fill(account.password);
  await page.getByRole('button', { name: 'ورود' }).click();
  await expect(page.getByLabel('رمز عبور')).toHaveCount(0);
  return page;
}

/** A console code called from the logged-in console page (its staff cookie), for test setup and checks: its result word and data. */
export const consoleApi = <T>(page: Page, code: string, fields: Record<string, string>) => postFromPage<T>(page, '/order/console/api', code, fields);
