import { clientAddress, expect, test, type APIRequestContext, type Page } from './fixtures';
import { consoleUrl, shopUrl } from './shops';
import { codeFromOutbox, consoleApi, consoleLogIn, pageApi, shopApi } from './shop-session';

// The grocery is open around the clock, so its 'now' orders can be placed at any hour.
const SLUG = 'grocery';

const RICE = 'برنج هاشمی ۱۰ کیلویی';

/** The rice's item id, read from the page's shop. */
async function riceId(page: Page): Promise<number> {
  const list = await pageApi<{ items: { item_id: number; name: string }[] }>(page, 'get_list_item', { name: RICE, pagination: '0' });
  return list.items.find((entry) => entry.name === RICE)!.item_id;
}

/** A new customer, come by a share link's referral code, orders one product for pickup, paying cash; answers the order's id. */
async function placeOrder(page: Page, request: APIRequestContext, phone: string, ref: string): Promise<number> {
  await page.goto(`${shopUrl(SLUG)}?ref=${ref}`);
  // The app keeps the link's code once it has started (the home shows), before the visitor goes on.
  await expect(page.getByTestId('home')).toBeVisible();
  await page.goto(`${shopUrl(SLUG)}item/${await riceId(page)}/${encodeURIComponent(RICE)}`);
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('selection-ready')).toBeVisible();
  await page.goto(`${shopUrl(SLUG)}basket`);
  await page.getByTestId('cart-checkout').click();
  await page.getByLabel('شماره موبایل').fill(phone);
  await page.getByLabel('شماره موبایل').press('Enter');
  await page.getByLabel('کد تایید').fill(await codeFromOutbox(request, phone));
  await page.getByLabel('کد تایید').press('Enter');
  await page.getByLabel('نام و نام خانوادگی').fill('بهار کریمی');
  await page.getByRole('button', { name: 'ثبت‌نام' }).click();
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

test('Scenario: a customer come by a friend\'s referral code places an order; the board shows it live and rings; the owner confirms it ready in 25 minutes, sends and completes it; staff are not offered a sent order\'s cancel; the friend\'s wallet shows the reward once', async ({ browser, page, request }, testInfo) => {
  // The referrer, another customer in a browser of their own, watches their wallet, still empty.
  const friend = await (await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': clientAddress(`${testInfo.testId}-referrer`) } })).newPage();
  await friend.goto(shopUrl(SLUG));
  const friendApi = shopApi(friend, SLUG);
  await friendApi.register('09391113002', 'رضا محمدی');
  const invite = await friendApi.call<{ code: string }>('get_invite_data');
  await friend.goto(`${shopUrl(SLUG)}profile/wallet`);
  await expect(friend.getByText('هنوز تراکنشی ثبت نشده است.')).toBeVisible();

  const staff = await consoleLogIn(browser, SLUG);
  const board = staff.getByTestId('orders-board');
  await expect(board.getByRole('heading', { name: 'سفارش‌ها' })).toBeVisible();

  // Earlier scenarios leave pending orders at this shop nobody opened, and they ring too: opened first (as a
  // colleague would), so the alert below rings for this order alone and is quiet once it is opened.
  const pending = await consoleApi<{ orders: { id: number; opened: boolean }[] }>(staff, 'orders_board', { status: '3', length: '100' });
  for (const order of pending.data.orders.filter(({ opened }) => !opened)) await consoleApi(staff, 'order_detail', { order_id: String(order.id) });
  await expect(staff.getByTestId('board-alert')).toHaveAttribute('data-state', 'quiet');

  // The customer, in another browser, places an order; the board shows it without a reload, and the alert rings.
  const orderId = await placeOrder(page, request, '09391113001', invite.code);
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
  // A cash order is not paid yet: the shop may record the payment from the start (spec §4).
  await expect(actions.getByRole('button')).toHaveText(['تأیید', 'لغو سفارش', 'پرداخت دریافت شد']);
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

  // A pickup order is not sent but made ready for pickup; the owner may still cancel it (staff may not: below).
  await expect(actions.getByRole('button', { name: 'ارسال' })).toHaveCount(0);
  await actions.getByRole('button', { name: 'آماده تحویل' }).click();
  await expect(ticket.getByTestId('order-status')).toHaveText(/^آماده تحویل/);
  // A cash order is paid when the shop says so (spec §4): the owner, handed the cash at the door, records it once.
  await expect(actions.getByRole('button')).toHaveText(['تحویل شد', 'لغو سفارش', 'پرداخت دریافت شد']);
  await actions.getByRole('button', { name: 'پرداخت دریافت شد' }).click();
  await expect(actions.getByRole('button')).toHaveText(['تحویل شد', 'لغو سفارش']);

  // A staff member (role staff), in a third browser, sees the order ready for pickup and is offered only to complete it.
  const added = await consoleApi(staff, 'team_add', { name: 'کارمند پیشخوان', username: 'counter1', password: 'counter-pass-1', role: 'staff' });
  expect(added.result).toBe('ok');
  const clerk = await consoleLogIn(browser, SLUG, { username: 'counter1', password: 'counter-pass-1' });
  await clerk.locator(`[data-testid="board-order"][data-order-id="${orderId}"]`).click();
  await expect(clerk.getByTestId('order-ticket').getByTestId('order-status')).toHaveText(/^آماده تحویل/);
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

  // The friend's wallet, open all along, shows the referral reward by its purpose (not «افزایش توسط سیستم»), once.
  const rewards = friend.getByRole('table', { name: 'تراکنش‌های کیف پول' }).getByRole('row').filter({ hasText: 'پاداش دعوت از دوستان' });
  await expect(rewards).toHaveCount(1);
  await expect(rewards).toContainText('۱۲٬۰۰۰٬۰۰۰ ریال');
  await expect(friend.getByTestId('wallet-balance')).toHaveText('۱۲٬۰۰۰٬۰۰۰ ریال');
  // The same customer's second order, completed too, rewards nothing more: the wallet read again shows the one reward.
  const cart = await pageApi<{ order: { id: number } }>(page, 'cart_controller', { item_id: String(await riceId(page)), count: '1' });
  await pageApi(page, 'update_address_order', { order_id: String(cart.order.id), delivery_method: '1', address_id: '0' });
  await pageApi(page, 'final_order', { order_id: String(cart.order.id), payment: 'cash', preordertime: 'now', idempotency_key: `second-${cart.order.id}` });
  const steps: Record<string, string>[] = [{ action: 'confirm', ready_in: '10' }, { action: 'send' }, { action: 'complete' }];
  for (const step of steps) {
    expect((await consoleApi(staff, 'order_change', { order_id: String(cart.order.id), ...step })).result).toBe('ok');
  }
  await friend.reload();
  await expect(friend.getByTestId('wallet-balance')).toHaveText('۱۲٬۰۰۰٬۰۰۰ ریال');
  await expect(rewards).toHaveCount(1);
});

test('Scenario: staff cancel a wallet + online order from its detail with a double click: the wallet part is back in the wallet once, the online part refunded at the bank; the invoice and the console say so', async ({ browser, page }) => {
  // Set up through the API (not under test): the customer's account, 5,000,000 rial put in the wallet by staff, the order.
  const phone = '09391113101';
  await page.goto(shopUrl(SLUG));
  const shop = shopApi(page, SLUG);
  await shop.register(phone, 'نیما صالحی');
  const rice = await riceId(page);
  const staff = await consoleLogIn(browser, SLUG);
  const [customer] = (await consoleApi<{ user_id: number }[]>(staff, 'customers_find', { search: phone })).data;
  expect((await consoleApi(staff, 'wallet_adjust', { user_id: String(customer.user_id), amount: '5000000', reason: 'هدیه آزمایشی' })).result).toBe('ok');

  // The order (pickup) takes 5,000,000 from the wallet; the rest the customer pays online at the sandbox bank's page.
  const cart = await shop.call<{ order: { id: number } }>('cart_controller', { item_id: rice, count: 1 });
  await shop.call('update_address_order', { order_id: cart.order.id, delivery_method: 1, address_id: 0 });
  await shop.call('use_wallet', { order_id: cart.order.id });
  const placed = await shop.call<{ payable: number; redirect_url: string }>('final_order', { order_id: cart.order.id, payment: 'online', preordertime: 'now', idempotency_key: `refund-${phone}` });
  await page.goto(new URL(placed.redirect_url, shopUrl(SLUG)).href);
  await page.getByRole('button', { name: /Pay/ }).click();
  await expect(page).toHaveURL(/\/successful-payment\/\d+\?sep_id=/);
  await expect(page.getByRole('heading', { name: 'از سفارش شما متشکریم' })).toBeVisible();
  const orderId = cart.order.id;
  const online = new Intl.NumberFormat('fa-IR').format(placed.payable);

  // Staff cancel it with a reason; the cancel is clicked twice.
  await staff.goto(`${consoleUrl(SLUG)}orders/${orderId}`);
  await staff.getByTestId('order-actions').getByRole('button', { name: 'لغو سفارش' }).click();
  await staff.getByTestId('cancel-reason').fill('برنج تمام شده است');
  await staff.getByTestId('cancel-form').getByRole('button', { name: 'لغو سفارش' }).dblclick();
  await expect(staff.getByTestId('order-ticket').getByTestId('order-status')).toHaveText('لغو شده');
  await expect(staff.getByTestId('order-refusal')).toHaveCount(0);
  // The console's payments: the online part, paid and refunded, once; the wallet rows: one refund of the wallet part.
  const payment = staff.getByTestId('order-payments').getByRole('listitem');
  await expect(payment).toHaveCount(1);
  await expect(payment).toContainText(online);
  await expect(payment).toContainText('بازپرداخت شد');
  const refunds = staff.getByTestId('order-ledger').getByRole('listitem').filter({ hasText: 'بازپرداخت ·' });
  await expect(refunds).toHaveCount(1);
  await expect(refunds).toContainText('۵٬۰۰۰٬۰۰۰ ریال');

  // The customer's wallet: one refund row of exactly the wallet part, the balance back to 5,000,000.
  await page.goto(`${shopUrl(SLUG)}profile/wallet`);
  await expect(page.getByTestId('wallet-balance')).toHaveText('۵٬۰۰۰٬۰۰۰ ریال');
  const refundRows = page.getByRole('table', { name: 'تراکنش‌های کیف پول' }).getByRole('row').filter({ hasText: 'بازگشت وجه' });
  await expect(refundRows).toHaveCount(1);
  await expect(refundRows).toContainText('۵٬۰۰۰٬۰۰۰ ریال');
  // The invoice: canceled, and the online part went back to the card that paid it (not to the wallet).
  await page.goto(`${shopUrl(SLUG)}archive-orders/detail/${orderId}`);
  const invoice = page.getByTestId('invoice');
  await expect(invoice.getByTestId('invoice-status')).toHaveText('لغو شده');
  // Each refund with its amount and where it went (the wallet part too), once each.
  await expect(invoice.getByTestId('invoice-payment-status')).toHaveText(/^۵٬۰۰۰٬۰۰۰ ریال به کیف پول شما بازگشت داده شد\s*۱۳٬۵۰۰٬۰۰۰ ریال به کارت بانکی شما بازگشت داده شد$/);
  await expect(invoice.getByTestId('invoice-wallet')).toContainText('۵٬۰۰۰٬۰۰۰ ریال');
});

test('Scenario: the ticket of an order with the online ordering discount prints it as a row of its own, and its rows add up to the total and to what was paid', async ({ browser, page }) => {
  // The skincare shop (no opening hours) takes 5 % off every online order.
  const slug = 'skincare';
  await page.goto(shopUrl(slug));
  const shop = shopApi(page, slug);
  await shop.register('09391110215', 'نسرین احمدی');
  const orderId = await shop.placePaidOnline('کرم آبرسان هیالورونیک', 3);

  const staff = await consoleLogIn(browser, slug);
  await staff.goto(`${consoleUrl(slug)}orders/${orderId}`);
  const ticket = staff.getByTestId('order-ticket');
  await expect(ticket.getByTestId('ticket-permanent_discount')).toContainText('تخفیف سفارش آنلاین');
  // The rows as a reader adds them up: every row above the total, signed as printed, makes the total; the total less
  // the credits makes what was paid.
  const amount = async (row: string) => {
    const text = (await ticket.getByTestId(`ticket-${row}`).locator('span').last().innerText()).replace(/[۰-۹]/g, (digit) => String('۰۱۲۳۴۵۶۷۸۹'.indexOf(digit)));
    const value = Number(text.replace(/[^0-9]/g, ''));
    return /[-−]/.test(text) ? -value : value;
  };
  const above = ['items', 'discount', 'permanent_discount', 'shipping', 'tax', 'packaging'];
  let sum = 0;
  for (const row of above) if ((await ticket.getByTestId(`ticket-${row}`).count()) > 0) sum += await amount(row);
  expect(await amount('permanent_discount')).toBeLessThan(0);
  expect(sum).toBe(await amount('total'));
  expect(await amount('due')).toBe(await amount('total'));
});

/** Each page's size in points (1 mm = 72 / 25.4 pt) of a PDF Chromium printed. */
const pdfPages = (pdf: Buffer) => [...pdf.toString('latin1').matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map(([, width, height]) => ({ widthMm: (Number(width) * 25.4) / 72, heightMm: (Number(height) * 25.4) / 72 }));

test("Scenario: a pre-order's ticket says its day and time, in toman like the shop; printed it is one 80 mm page as tall as the ticket, or A4; the kitchen's copy has no prices", async ({ browser, page }) => {
  // Tomorrow in Tehran at 12:30: the skincare shop (no opening hours) takes pre-orders a week ahead.
  const tomorrow = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(new Date(Date.now() + 24 * 3600_000));
  const wanted = new Intl.DateTimeFormat('fa-IR-u-ca-persian', { timeZone: 'Asia/Tehran', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(`${tomorrow}T12:30:00+03:30`));
  const slug = 'skincare';
  await page.goto(shopUrl(slug));
  const shop = shopApi(page, slug);
  await shop.register('09391110216', 'مینا صالحی');
  const orderId = await shop.placePaidOnline('کرم آبرسان هیالورونیک', 2, `${tomorrow} 12:30`);

  const staff = await consoleLogIn(browser, slug);
  await staff.goto(`${consoleUrl(slug)}orders`);
  const card = staff.getByTestId('board-order').filter({ has: staff.getByTestId('board-order-wanted') }).first();
  await expect(card.getByTestId('board-order-wanted')).toHaveText(`زمان درخواستی: ${wanted}`);
  await expect(card).toContainText('تومان');
  await expect(card).not.toContainText('ریال');

  await staff.goto(`${consoleUrl(slug)}orders/${orderId}`);
  const ticket = staff.getByTestId('order-ticket');
  await expect(ticket.getByTestId('ticket-wanted')).toContainText(wanted);
  await expect(ticket.getByTestId('ticket-total')).toContainText('تومان');
  await expect(staff.getByTestId('order-screen')).not.toContainText('ریال');

  // The 80 mm roll: one page 80 mm wide, as tall as the ticket (not Letter, not A4).
  const receiptPdf = await staff.pdf({ preferCSSPageSize: true });
  // Text was drawn (a blank page embeds no font).
  expect(receiptPdf.toString('latin1')).toMatch(/\/FontFile/);
  const receipt = pdfPages(receiptPdf);
  expect(receipt).toHaveLength(1);
  expect(receipt[0].widthMm).toBeCloseTo(80, 0);
  expect(receipt[0].heightMm).toBeGreaterThan(60);
  expect(receipt[0].heightMm).toBeLessThan(297);
  // A4 when chosen.
  await staff.getByLabel('کاغذ').selectOption({ label: 'A4' });
  const sheet = pdfPages(await staff.pdf({ preferCSSPageSize: true }));
  expect(sheet).toHaveLength(1);
  expect(sheet[0].widthMm).toBeCloseTo(210, 0);
  expect(sheet[0].heightMm).toBeCloseTo(297, 0);

  // Printed, the customer's copy has the lines and their prices; the kitchen's the lines alone.
  await staff.getByLabel('کاغذ').selectOption({ label: 'رسید (۸۰ میلی‌متر)' });
  await staff.emulateMedia({ media: 'print' });
  await expect(ticket.getByTestId('order-line')).toContainText('تومان', { useInnerText: true });
  await expect(ticket.getByTestId('ticket-total')).toBeVisible();
  await staff.emulateMedia({ media: 'screen' });
  await staff.getByLabel('نسخه').selectOption({ label: 'آشپزخانه (بدون قیمت)' });
  await staff.emulateMedia({ media: 'print' });
  await expect(ticket.getByTestId('order-line')).toContainText('کرم آبرسان هیالورونیک', { useInnerText: true });
  await expect(ticket.getByTestId('order-line')).not.toContainText('تومان', { useInnerText: true });
  await expect(ticket.getByTestId('ticket-total')).toBeHidden();
  const kitchen = pdfPages(await staff.pdf({ preferCSSPageSize: true }));
  expect(kitchen).toHaveLength(1);
  expect(kitchen[0].heightMm).toBeLessThan(receipt[0].heightMm);

  // Confirmed "ready for the time asked": it is ready then (day and time), not minutes from now.
  await staff.emulateMedia({ media: 'screen' });
  await staff.getByTestId('order-actions').getByRole('button', { name: 'تأیید' }).click();
  await staff.getByTestId('ready-in-form').getByRole('button', { name: `آماده برای زمان درخواستی، ${wanted}` }).click();
  await expect(ticket.getByTestId('order-status')).toHaveText(`تأیید شده · آماده ${wanted}`);
  await expect(staff.getByRole('alert')).toHaveCount(0);
  // The customer's invoice says one time: the one asked for, no estimate beside it.
  await page.goto(`${shopUrl(slug)}archive-orders/detail/${orderId}`);
  await expect(page.getByTestId('invoice-status')).toHaveText('تایید شده توسط فروشگاه');
  await expect(page.getByTestId('invoice-ready-at')).toHaveCount(0);
  await expect(page.getByTestId('invoice-delivery-time')).toContainText('۱۲:۳۰');
});

test('Scenario: a board opened without a touch says the browser keeps the sound off; "turn sound on", or any first touch, turns it on; the browser logs no audio warning', async ({ browser }) => {
  const staff = await consoleLogIn(browser, SLUG);
  const warnings: string[] = [];
  // Logged in by hand on the board, the first screen: the page was touched, the sound plays.
  await expect(staff.getByTestId('board-alert')).toBeVisible();
  await expect(staff.getByTestId('sound-blocked')).toHaveCount(0);

  /** The board in a browser context of its own, signed in as the same staff member, which nobody has touched yet. */
  const storageState = await staff.context().storageState();
  const untouched = async () => {
    const tab = await (await browser.newContext({ storageState })).newPage();
    tab.on('console', (message) => {
      if (/AudioContext/.test(message.text())) warnings.push(message.text());
    });
    await tab.goto(`${consoleUrl(SLUG)}orders`);
    await expect(tab.getByTestId('board-alert')).toBeVisible();
    return { tab, blocked: tab.getByTestId('sound-blocked') };
  };

  // Nothing touched yet: the board says so, and its button turns the sound on.
  const first = await untouched();
  await expect(first.blocked).toHaveText(/صدا را خاموش نگه می‌دارد/);
  await first.blocked.getByRole('button', { name: 'روشن کردن صدا' }).click();
  await expect(first.blocked).toHaveCount(0);

  // Any first touch does it too: a key.
  const second = await untouched();
  await expect(second.blocked).toBeVisible();
  await second.tab.keyboard.press('Tab');
  await expect(second.blocked).toHaveCount(0);
  expect(warnings).toEqual([]);
  for (const tab of [first.tab, second.tab, staff]) await tab.context().close();
});
