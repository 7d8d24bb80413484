import { expect, test, type Page } from './fixtures';
import { shopUrl } from './shops';
import { shopApi } from './shop-session';

// The café keeps no opening hours (open around the clock), so a 'now' order is always accepted.
const slug = 'cafe';

interface ListedItem {
  item_id: number;
  name: string;
  name_en: string;
  price: number;
}
interface Placed {
  order_id: number;
  status: number;
  tracking_code: string;
  payable: number;
}
interface Factor {
  created_at: string;
  created_at_jalali: string;
  bill: { pure_price: number; payable: number };
}

const persian = (text: string) => text.replace(/\d/g, (digit) => '۰۱۲۳۴۵۶۷۸۹'[Number(digit)]);
/** The café shows toman: rial / 10, grouped by the language's rules. */
const toman = (rial: number, language: 'fa' | 'en') =>
  language === 'fa' ? `${new Intl.NumberFormat('fa-IR').format(rial / 10)} تومان` : `${new Intl.NumberFormat('en-US').format(rial / 10)} toman`;

/** Registers `phone`, fills a cart with one espresso and two cheesecakes, and places it: pickup, cash, now. */
async function placeOrder(page: Page, phone: string) {
  const api = shopApi(page, slug);
  await api.register(phone, 'مریم رضایی');
  const find = async (name: string) => {
    const list = await api.call<{ items: ListedItem[] }>('get_list_item', { name });
    const item = list.items.find((candidate) => candidate.name === name);
    expect(item, name).toBeTruthy();
    return item as ListedItem;
  };
  const espresso = await find('اسپرسو');
  const cheesecake = await find('چیزکیک');
  await api.call('cart_controller', { item_id: espresso.item_id, count: 1 });
  const cart = await api.call<{ order: { id: number } }>('cart_controller', { item_id: cheesecake.item_id, count: 2 });
  const orderId = cart.order.id;
  await api.call('update_address_order', { order_id: orderId, delivery_method: 1, address_id: 0 });
  const placed = await api.call<Placed>('final_order', { order_id: orderId, payment: 'cash', preordertime: 'now', idempotency_key: `orders-e2e-${phone}-${orderId}` });
  expect(placed.status).toBe(3);
  const factor = await api.call<Factor>('get_order_by_id', { id: orderId });
  return { api, placed, factor, espresso, cheesecake };
}

test.describe('orders at the café', () => {
  test('Scenario: a placed order is active; its invoice shows every label in fa and en; repeat order asks, then fills the cart', async ({ page }) => {
    const { api, placed, factor, espresso, cheesecake } = await placeOrder(page, '09351110501');
    const itemsTotal = espresso.price + 2 * cheesecake.price;
    expect(factor.bill.pure_price).toBe(itemsTotal);

    await page.goto(`${shopUrl(slug)}archive-orders`);
    await expect(page.getByRole('heading', { level: 1, name: 'سفارش‌های من' })).toBeVisible();
    const card = page.getByTestId('orders-active').locator(`[data-order-id="${placed.order_id}"]`);
    await expect(card).toContainText(`سفارش شماره ${persian(String(placed.order_id))}`);
    await expect(card.getByTestId('order-status')).toHaveText('در انتظار تایید');
    await expect(card.getByTestId('order-payable')).toHaveText(toman(placed.payable, 'fa'));
    // Nothing is archived yet.
    await page.getByTestId('tab-previous').click();
    await expect(page.getByTestId('empty-state')).toHaveText('موردی یافت نشد');
    await page.getByTestId('tab-active').click();
    await page.getByTestId('orders-active').locator(`[data-order-id="${placed.order_id}"]`).click();

    await expect(page).toHaveURL(new RegExp(`/archive-orders/detail/${placed.order_id}$`));
    const invoice = page.getByTestId('invoice');
    await expect(invoice.getByTestId('invoice-number')).toHaveText(persian(String(placed.order_id)));
    await expect(invoice.getByTestId('invoice-tracking-code')).toHaveText(persian(placed.tracking_code));
    // The server's Jalali stamp (jalaali-js) and the page's Intl persian calendar agree.
    const [jalaliDate, jalaliTime] = factor.created_at_jalali.split(' ');
    await expect(invoice.getByTestId('invoice-date')).toHaveText(persian(jalaliDate));
    await expect(invoice.getByTestId('invoice-time')).toHaveText(persian(jalaliTime));
    await expect(invoice.getByTestId('invoice-payment-status')).toHaveText('پرداخت نشده');
    await expect(invoice.getByTestId('invoice-payment-method')).toHaveText('نقدی');
    await expect(invoice.getByTestId('invoice-delivery-type')).toHaveText('تحویل حضوری از فروشگاه');
    await expect(invoice.getByTestId('invoice-delivery-time')).toHaveText('در اسرع وقت');
    await expect(invoice.getByTestId('invoice-address')).not.toBeEmpty();
    const lines = invoice.getByTestId('invoice-line');
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0).getByTestId('line-row')).toHaveText('۱');
    await expect(lines.nth(0).getByTestId('line-name')).toHaveText('اسپرسو');
    await expect(lines.nth(0).getByTestId('line-count')).toHaveText('۱');
    await expect(lines.nth(0).getByTestId('line-price')).toHaveText(toman(espresso.price, 'fa'));
    await expect(lines.nth(1).getByTestId('line-row')).toHaveText('۲');
    await expect(lines.nth(1).getByTestId('line-name')).toHaveText('چیزکیک');
    await expect(lines.nth(1).getByTestId('line-count')).toHaveText('۲');
    await expect(lines.nth(1).getByTestId('line-price')).toHaveText(toman(2 * cheesecake.price, 'fa'));
    await expect(lines.nth(1).getByTestId('line-unit-price')).toHaveText(`هر عدد ${toman(cheesecake.price, 'fa')}`);
    await expect(lines.nth(0).getByTestId('line-unit-price')).toHaveCount(0);
    await expect(invoice.getByTestId('invoice-total')).toHaveText(toman(itemsTotal, 'fa'));
    // Zero amounts are not printed; «جمع کالاها» is the items' subtotal, «مبلغ کل» the grand total (as on the payment step).
    for (const label of ['invoice-shipping', 'invoice-discount', 'invoice-permanent-discount', 'invoice-tax', 'invoice-packaging', 'invoice-gift', 'invoice-wallet']) {
      await expect(invoice.getByTestId(label)).toHaveCount(0);
    }
    await expect(invoice.getByTestId('invoice-grand-total')).toHaveText(toman(itemsTotal, 'fa'));
    await expect(invoice.getByTestId('invoice-payable')).toHaveText(toman(placed.payable, 'fa'));
    expect(placed.payable).toBe(itemsTotal);
    await expect(invoice.getByTestId('invoice-notes')).toHaveText('—');
    for (const label of ['شماره سفارش', 'کد رهگیری', 'تاریخ ثبت', 'ساعت ثبت', 'وضعیت پرداخت', 'روش پرداخت', 'نوع تحویل', 'زمان تحویل', 'آدرس', 'ردیف', 'نام', 'تعداد', 'قیمت', 'جمع کالاها', 'مبلغ کل', 'مبلغ قابل پرداخت', 'توضیحات']) {
      await expect(invoice.getByText(label, { exact: true })).toBeVisible();
    }

    // English: Gregorian date, Latin digits, rial shown as toman in English.
    await page.getByTestId('language-switch').first().click();
    await expect(page.getByRole('heading', { level: 1, name: `Invoice of order ${placed.order_id}` })).toBeVisible();
    const gregorian = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tehran', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(factor.created_at));
    await expect(invoice.getByTestId('invoice-date')).toHaveText(gregorian);
    await expect(invoice.getByTestId('invoice-time')).toHaveText(jalaliTime);
    await expect(invoice.getByTestId('invoice-payment-status')).toHaveText('Not paid');
    await expect(invoice.getByTestId('invoice-payment-method')).toHaveText('Cash');
    await expect(invoice.getByTestId('invoice-delivery-type')).toHaveText('Pickup at the store');
    await expect(lines.nth(0).getByTestId('line-name')).toHaveText('Espresso');
    await expect(lines.nth(1).getByTestId('line-name')).toHaveText('Cheesecake');
    await expect(invoice.getByTestId('invoice-payable')).toHaveText(toman(placed.payable, 'en'));
    for (const label of ['Order number', 'Tracking code', 'Registration date', 'Payment status', 'Payment method', 'Delivery type', 'Delivery time', 'Address', 'Items total', 'Order total', 'Payable amount', 'Notes']) {
      await expect(invoice.getByText(label, { exact: true })).toBeVisible();
    }
    await page.getByTestId('language-switch').first().click();

    // Repeat order: asked first; "No" changes nothing, "Yes" fills the cart and opens it.
    await page.getByTestId('repeat-order').click();
    await expect(page.getByRole('dialog', { name: 'این سفارش تکرار شود؟' })).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'خیر' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect((await api.call<{ lines: unknown[] }>('get_cart', {})).lines).toHaveLength(0);
    await page.getByTestId('repeat-order').click();
    await page.getByTestId('repeat-confirm-confirm').click();
    await expect(page).toHaveURL(/\/order\/v2\/cart$/);
    const cart = await api.call<{ lines: { item_id: number; item_count: number }[] }>('get_cart', {});
    expect(cart.lines.map((line) => [line.item_id, line.item_count]).sort()).toEqual(
      [
        [espresso.item_id, 1],
        [cheesecake.item_id, 2],
      ].sort(),
    );
  });

  test('Scenario: a pending order is canceled after confirmation and moves to the previous tab; a failed list load offers Retry', async ({ page }) => {
    const { placed } = await placeOrder(page, '09351110502');
    await page.goto(`${shopUrl(slug)}archive-orders/detail/${placed.order_id}`);
    await expect(page.getByTestId('invoice')).toBeVisible();
    await page.getByTestId('cancel-order').click();
    await expect(page.getByRole('dialog', { name: 'این سفارش لغو شود؟' })).toBeVisible();
    await page.getByTestId('cancel-confirm-confirm').click();
    await expect(page.getByText('سفارش شما لغو شد.')).toBeVisible();
    await expect(page.getByTestId('invoice-status')).toHaveText('لغو شده');
    // A canceled order cannot be canceled again.
    await expect(page.getByTestId('cancel-order')).toHaveCount(0);

    // The first list load fails: 'خطایی رخ داده' and Retry.
    let fail = true;
    await page.route('**/order/order.php', async (route) => {
      if (fail && route.request().postData()?.includes('get_factors')) {
        fail = false;
        await route.fulfill({ status: 500, json: { status: false, result: 'server_error', data: null, message: 'An error occurred' } });
      } else {
        await route.continue();
      }
    });
    await page.goto(`${shopUrl(slug)}profile/archive-orders`);
    await expect(page.getByTestId('load-failure')).toContainText('خطایی رخ داده');
    await page.getByRole('button', { name: 'تلاش دوباره' }).click();
    await expect(page.getByTestId('empty-state')).toHaveText('موردی یافت نشد');
    await page.getByTestId('tab-previous').click();
    await expect(page).toHaveURL(/\?tab=previous$/);
    await expect(page.getByTestId('orders-previous').locator(`[data-order-id="${placed.order_id}"]`).getByTestId('order-status')).toHaveText('لغو شده');
  });
});
