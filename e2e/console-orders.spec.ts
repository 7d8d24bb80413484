import { expect, test, type Browser, type Page } from './fixtures';
import { E2E_PORT } from '../playwright.config';
import { shopUrl } from './shops';
import { shopApi } from './shop-session';

// The grocery is open around the clock, so its 'now' orders can be placed at any hour.
const SLUG = 'grocery';
const consoleUrl = `http://${SLUG}.localhost:${E2E_PORT}/order/console/`;

/**
 * A new customer orders one product for pickup, paying cash, through the storefront's checkout; answers
 * the order's id. The customer logs in and fills the cart through the API (the SMS login and the item
 * page are checkout.spec's).
 */
async function placeOrder(page: Page, phone: string): Promise<number> {
  const api = shopApi(page, SLUG);
  await api.register(phone, 'بهار کریمی');
  await api.addToCart('برنج هاشمی ۱۰ کیلویی');
  await page.goto(`${shopUrl(SLUG)}basket`);
  await expect(page.getByTestId('cart-line').first()).toBeVisible();
  await page.getByTestId('cart-checkout').click();
  await page.getByRole('radio', { name: /تحویل حضوری/ }).check();
  await page.getByTestId('delivery-continue').click();
  await page.getByTestId('discount-skip').click();
  await page.getByTestId('wallet-skip').click();
  await page.getByRole('radio', { name: 'پرداخت نقدی هنگام تحویل' }).check();
  await page.getByTestId('place-order').click();
  await page.getByRole('dialog').getByRole('button', { name: 'ثبت سفارش' }).click();
  await expect(page).toHaveURL(/\/successful-payment\/\d+$/);
  return Number(/successful-payment\/(\d+)/.exec(page.url())![1]);
}

async function consoleLogIn(browser: Browser, username: string, password: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(consoleUrl);
  await page.getByLabel('نام کاربری').fill(username);
  await page.getByLabel('رمز عبور').fill(password);
  await page.getByRole('button', { name: 'ورود' }).click();
  await expect(page).toHaveURL(/\/order\/console\/orders$/);
  return page;
}

/** A console code called from the logged-in console page (its staff cookie). */
const consoleApi = <T,>(page: Page, code: string, fields: Record<string, string>) =>
  page.evaluate(
    async ([name, payload]) => {
      const body = new FormData();
      body.set('code', name);
      for (const [key, value] of Object.entries(payload)) body.set(key, value);
      const reply = await fetch('/order/console/api', { method: 'POST', body });
      return (await reply.json()) as { result: string; data: unknown };
    },
    [code, fields] as const,
  ) as Promise<{ result: string; data: T }>;

test('Scenario: a customer places an order; the board shows it live and rings; the owner confirms it ready in 25 minutes, sends and completes it; staff are not offered a sent order\'s cancel', async ({ browser, page }) => {
  const staff = await consoleLogIn(browser, 'admin', `demo-${SLUG}`);
  const board = staff.getByTestId('orders-board');
  await expect(board.getByRole('heading', { name: 'سفارش‌ها' })).toBeVisible();

  // Earlier scenarios leave pending orders at this shop nobody opened, and they ring too: opened first (as a
  // colleague would), so the alert below rings for this order alone and is quiet once it is opened.
  const pending = await consoleApi<{ orders: { id: number; opened: boolean }[] }>(staff, 'orders_board', { status: '3', length: '100' });
  for (const order of pending.data.orders.filter(({ opened }) => !opened)) await consoleApi(staff, 'order_detail', { order_id: String(order.id) });
  await expect(staff.getByTestId('board-alert')).toHaveAttribute('data-state', 'quiet');

  // The customer, in another browser, places an order; the board shows it without a reload, and the alert rings.
  const orderId = await placeOrder(page, '09391113001');
  const card = board.locator(`[data-testid="board-order"][data-order-id="${orderId}"]`);
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId('board-order-status')).toHaveText('در انتظار تأیید');
  await expect(card).toContainText('بهار کریمی');
  await expect(staff.getByTestId('board-alert')).toHaveAttribute('data-state', 'ringing');
  await expect(staff.getByTestId('board-alert')).toContainText('هشدار روشن');
  await expect(staff).toHaveTitle(/^\([۰-۹]+\) /);

  // Opened: the detail with the order's lines; the owner may confirm or cancel a pending order, nothing else.
  await card.click();
  await expect(staff).toHaveURL(new RegExp(`/order/console/orders/${orderId}$`));
  const ticket = staff.getByTestId('order-ticket');
  await expect(ticket.getByTestId('order-line')).toContainText('برنج هاشمی ۱۰ کیلویی');
  await expect(ticket.getByTestId('order-status')).toHaveText('در انتظار تأیید');
  const actions = staff.getByTestId('order-actions');
  await expect(actions.getByRole('button')).toHaveText(['تأیید', 'لغو سفارش']);
  // Printed, the page is the ticket alone: the shell and the actions are hidden.
  await staff.emulateMedia({ media: 'print' });
  await expect(staff.getByRole('banner')).toBeHidden();
  await expect(actions).toBeHidden();
  await expect(ticket.getByTestId('order-tracking-code')).toBeVisible();
  await staff.emulateMedia({ media: 'screen' });

  // Confirm asks the minutes: an empty field is refused beside it; one tap on 25 confirms.
  await actions.getByRole('button', { name: 'تأیید' }).click();
  const readyIn = staff.getByTestId('ready-in-form');
  await readyIn.getByRole('button', { name: 'تأیید' }).click();
  await expect(readyIn.getByRole('alert')).toContainText('چند دقیقه تا آماده شدن سفارش؟');
  await readyIn.getByTestId('ready-in-25').click();
  await expect(ticket.getByTestId('order-status')).toContainText('تأیید شده');
  await expect(ticket.getByTestId('order-status')).toContainText('آماده ساعت');
  await expect(staff.getByTestId('order-history').locator('[data-action="confirm"]')).toContainText('آماده تا ۲۵ دقیقه');
  await expect(staff.getByTestId('order-refusal')).toHaveCount(0);

  // Sent: the owner may still cancel a sent order (staff may not: below).
  await actions.getByRole('button', { name: 'ارسال' }).click();
  await expect(ticket.getByTestId('order-status')).toHaveText(/^ارسال شده/);
  await expect(actions.getByRole('button')).toHaveText(['تحویل شد', 'لغو سفارش']);

  // A staff member (role staff), in a third browser, sees the sent order and is offered only to complete it.
  const added = await consoleApi(staff, 'team_add', { name: 'کارمند پیشخوان', username: 'counter1', password: 'counter-pass-1', role: 'staff' });
  expect(added.result).toBe('ok');
  const clerk = await consoleLogIn(browser, 'counter1', 'counter-pass-1');
  await clerk.locator(`[data-testid="board-order"][data-order-id="${orderId}"]`).click();
  await expect(clerk.getByTestId('order-ticket').getByTestId('order-status')).toHaveText(/^ارسال شده/);
  await expect(clerk.getByTestId('order-actions').getByRole('button')).toHaveText(['تحویل شد']);

  // Completed by the owner: nothing more to do; the clerk's open detail follows live.
  await actions.getByRole('button', { name: 'تحویل شد' }).click();
  await expect(ticket.getByTestId('order-status')).toHaveText(/^تحویل شده/);
  await expect(actions).toHaveText('کار دیگری برای این سفارش نمانده است.');
  await expect(clerk.getByTestId('order-ticket').getByTestId('order-status')).toHaveText(/^تحویل شده/);

  // Back on the board: the order left the open orders and the alert is quiet; the completed filter finds it.
  await staff.getByRole('link', { name: 'بازگشت به سفارش‌ها' }).click();
  await expect(board.locator(`[data-order-id="${orderId}"]`)).toHaveCount(0);
  await expect(staff.getByTestId('board-alert')).toHaveAttribute('data-state', 'quiet');
  await staff.getByTestId('board-status').selectOption({ label: 'تحویل شده' });
  await expect(card.getByTestId('board-order-status')).toHaveText(/^تحویل شده/);
});
