import { expect, test, type Page } from './fixtures';
import { shopUrl } from './shops';
import { codeFromOutbox, shareCookies, shopApi } from './shop-session';

/*
 * (The server allows 3 codes per shop and address in 10 minutes: each scenario that texts a code
 * uses a shop whose budget the other specs leave room in.)
 *
 * Defects a new customer met in the browser while the cart, the session and the
 * checkout lived apart (issue 10, defects 1–5 and the verify reload of 11):
 * each scenario failed on the code before the one actor system.
 */

interface ListedItem {
  item_id: number;
  name: string;
}

const cartBadge = (page: Page) => page.getByRole('banner').getByRole('link', { name: /سبد خرید/ });

test.describe.configure({ timeout: 90_000 });

test('Scenario: defect 1 — the server refuses the line: the item page shows its message, never "added", and keeps the selection', async ({ page }) => {
  await page.goto(`${shopUrl('kebab')}`);
  const list = await shopApi(page, 'kebab').call<{ items: ListedItem[] }>('get_list_item', { name: 'پیتزا مخصوص', pagination: '0' });
  const pizza = list.items.find((item) => item.name === 'پیتزا مخصوص');
  expect(pizza).toBeTruthy();
  // A hostile network rewrites the line to an item the shop does not have; the real server refuses it.
  await page.route('**/order/order.php', async (route) => {
    const body = route.request().postData() ?? '';
    if (!body.includes('name="code"\r\n\r\ncart_controller')) return route.continue();
    return route.continue({ postData: body.replace(/(name="item_id"\r\n\r\n)\d+/, '$1987654') });
  });
  await page.goto(`${shopUrl('kebab')}item/${pizza!.item_id}/${encodeURIComponent(pizza!.name)}`);
  await page.locator('[data-choice="30 cm"]').click();
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('add-refused')).toBeVisible();
  await expect(page.getByTestId('add-refused')).not.toBeEmpty();
  await expect(page.getByTestId('selection-ready')).toHaveCount(0);
  await expect(page.locator('[data-choice="30 cm"]')).toHaveAttribute('aria-pressed', 'true');
  await expect(cartBadge(page)).not.toContainText(/[۰-۹]/);

  // The same page, the line untouched: the server accepts it and only then the page says so.
  await page.unroute('**/order/order.php');
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('selection-ready')).toBeVisible();
  await expect(page.getByTestId('add-refused')).toHaveCount(0);
  await expect(cartBadge(page)).toContainText('۱');
});

test('Scenario: defect 2 — repeating an order shows its lines on the cart page at once (one cart, no reload)', async ({ page }) => {
  await page.goto(shopUrl('cafe'));
  const api = shopApi(page, 'cafe');
  await api.register('09352220002', 'نگار امینی');
  const list = await api.call<{ items: ListedItem[] }>('get_list_item', { name: 'اسپرسو' });
  const espresso = list.items.find((item) => item.name === 'اسپرسو');
  const cart = await api.call<{ order: { id: number } }>('cart_controller', { item_id: espresso!.item_id, count: 2 });
  await api.call('update_address_order', { order_id: cart.order.id, delivery_method: 1, address_id: 0 });
  await api.call('final_order', { order_id: cart.order.id, payment: 'cash', preordertime: 'now', idempotency_key: `actor-system-${cart.order.id}` });

  await page.goto(`${shopUrl('cafe')}archive-orders/detail/${cart.order.id}`);
  await page.getByTestId('repeat-order').click();
  await page.getByTestId('repeat-confirm-confirm').click();
  await expect(page).toHaveURL(/\/order\/v2\/cart$/);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line').getByTestId('line-count')).toHaveText('۲');
  await expect(page.getByTestId('cart-empty')).toHaveCount(0);
  await expect(cartBadge(page)).toContainText('۲');
});

test('Scenario: defect 3 — the session is lost while the page is open: logged out, sent to login, and back where they were', async ({ page }) => {
  await page.goto(shopUrl('wholesale'));
  await shopApi(page, 'wholesale').register('09352220003', 'کاوه نادری');
  await page.goto(`${shopUrl('wholesale')}profile`);
  await expect(page.getByRole('button', { name: 'خروج از حساب' })).toBeVisible();

  // The cookie goes (expired, cleared elsewhere); the page does not know yet.
  await page.context().clearCookies();
  await page.getByRole('link', { name: 'کیف پول' }).click();
  // get_wallet answers login_required: the session logs out here too and asks to log in.
  await expect(page).toHaveURL(/\/authentication\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'ورود یا ثبت‌نام' })).toBeVisible();
  // (A new code for the same phone waits a minute; another account shows the way back just as well.)
  await page.getByLabel('شماره موبایل').fill('09352220013');
  await page.getByLabel('شماره موبایل').press('Enter');
  await expect(page).toHaveURL(/\/authentication\/verify$/);
  await page.getByLabel('کد تایید').fill(await codeFromOutbox(page.request, '09352220013'));
  await page.getByLabel('کد تایید').press('Enter');
  await expect(page).toHaveURL(/\/authentication\/register$/);
  await page.getByLabel('نام و نام خانوادگی').fill('سحر نادری');
  await page.getByRole('button', { name: 'ثبت‌نام' }).click();
  await expect(page).toHaveURL(/\/profile\/wallet$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('لطفا ابتدا وارد شوید')).toHaveCount(0);
});

test('Scenario: defect 4 — a guest\'s cart icon opens the open basket; login is asked only at checkout', async ({ page }) => {
  await page.goto(shopUrl('grocery'));
  const list = await shopApi(page, 'grocery').call<{ items: ListedItem[] }>('get_list_item', { name: 'برنج هاشمی ۱۰ کیلویی', pagination: '0' });
  await page.goto(`${shopUrl('grocery')}item/${list.items[0].item_id}/${encodeURIComponent(list.items[0].name)}`);
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('selection-ready')).toBeVisible();
  await cartBadge(page).click();
  await expect(page).toHaveURL(/\/basket$/);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await page.getByTestId('cart-checkout').click();
  await expect(page).toHaveURL(/\/authentication\/login$/);
});

test('Scenario: defect 5 — the browser\'s Back and Forward step through checkout, and the chart and the URL agree', async ({ page }) => {
  await page.goto(shopUrl('grocery'));
  const api = shopApi(page, 'grocery');
  await api.register('09352220005', 'پریا شریفی');
  const list = await api.call<{ items: ListedItem[] }>('get_list_item', { name: 'برنج هاشمی ۱۰ کیلویی', pagination: '0' });
  await api.call('cart_controller', { item_id: list.items[0].item_id, count: 1 });
  await shareCookies(page.context(), 'grocery');

  await page.goto(`${shopUrl('grocery')}basket`);
  await page.getByTestId('cart-checkout').click();
  await expect(page.getByTestId('checkout-delivery')).toBeVisible();
  await page.getByRole('radio', { name: /تحویل حضوری/ }).check();
  await page.getByTestId('delivery-continue').click();
  await expect(page).toHaveURL(/\/cart\/payment$/);
  await page.getByTestId('discount-skip').click();
  await expect(page.getByTestId('wallet-skip')).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('checkout-delivery')).toBeVisible();
  // Forward returns to the step left, one step at a time; Back again to the delivery.
  await page.goForward();
  await expect(page).toHaveURL(/\/cart\/payment$/);
  await expect(page.getByTestId('checkout-payment')).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('checkout-delivery')).toBeVisible();

  // A courier delivery: Back from the address list returns to the delivery step.
  await page.getByRole('radio', { name: /ارسال با پیک/ }).check();
  await page.getByTestId('delivery-continue').click();
  await expect(page).toHaveURL(/\/cart\/address$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByTestId('checkout-delivery')).toBeVisible();
});

test('Scenario: defect 11 — a reload of the verify page keeps the phone and the resend countdown', async ({ page }) => {
  await page.goto(`${shopUrl('nuts')}authentication/login`);
  await page.getByLabel('شماره موبایل').fill('09352220011');
  await page.getByLabel('شماره موبایل').press('Enter');
  await expect(page).toHaveURL(/\/authentication\/verify$/);
  await expect(page.getByText(/۰۹۳۵۲۲۲۰۰۱۱/)).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/\/authentication\/verify$/);
  await expect(page.getByText(/۰۹۳۵۲۲۲۰۰۱۱/)).toBeVisible();
  await expect(page.getByTestId('resend-countdown')).toBeVisible();
  // The code still works after the reload.
  await page.getByLabel('کد تایید').fill(await codeFromOutbox(page.request, '09352220011'));
  await page.getByLabel('کد تایید').press('Enter');
  await expect(page).toHaveURL(/\/authentication\/register$/);
});
