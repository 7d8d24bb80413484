import { expect, test, type Page, type Route } from './fixtures';
import { normalizeDigits } from '../contract/digits';
import { checkoutAsNewCustomer, onAddressForm, saveHomeAddress } from './paths/grocery-customer';
import { shopUrl } from './shops';
import { pageApi, shopApi } from './shop-session';

// Issue 42, points 1 and 2 as a customer sees them at the grocery (open around the clock: no hours to pin).
// Each test registers a phone of its own (SMS limits).

const RICE = 'برنج هاشمی ۱۰ کیلویی';
const more = (page: Page) => page.getByRole('button', { name: new RegExp(`^یکی بیشتر:? ${RICE}$`) });
/** Rial in a money text such as «۱۸٬۰۰۰٬۰۰۰ ریال». */
const rialOf = (text: string) => Number(normalizeDigits(text).replace(/[^0-9]/g, ''));
const faDigits = (n: number) => n.toLocaleString('fa-IR', { useGrouping: false });

interface ServerCart {
  lines: { item_count: number }[];
  summary: { pure_price: number };
}

/** One line's count and the cart's total as the page shows them: each once. */
async function expectCart(page: Page, count: number, total: number) {
  await expect(page.getByTestId('line-count')).toHaveText(faDigits(count));
  await expect(page.getByTestId('cart-total')).toHaveCount(1);
  await expect.poll(async () => rialOf(await page.getByTestId('cart-total').innerText())).toBe(total);
}

/** A + press that waits for the count it makes (a press while the last one is answered is not offered). */
async function pressMore(page: Page, to: number, total: number) {
  await more(page).click();
  await expectCart(page, to, total);
}

/** Holds the page's long poll: the live channel never tells it anything. */
async function holdLongPoll(page: Page): Promise<Route[]> {
  const held: Route[] = [];
  await page.route('**/order/order.php', (route) => {
    if (/name="code"\r\n\r\nlongpull\r\n/.test(route.request().postData() ?? '')) held.push(route);
    else void route.continue();
  });
  return held;
}

/** A new customer with one rice in the cart, open in two tabs (pages of one browser context) on /cart. */
async function twoTabs(page: Page, phone: string, holdB: boolean) {
  const api = shopApi(page, 'grocery');
  await api.register(phone, 'مشتری دو زبانه');
  await api.addToCart(RICE, 1);
  const unit = (await api.call<ServerCart>('get_cart')).summary.pure_price;
  const tabB = await page.context().newPage();
  const held = holdB ? await holdLongPoll(tabB) : [];
  await page.goto('./cart');
  await tabB.goto('./cart');
  await expectCart(page, 1, unit);
  await expectCart(tabB, 1, unit);
  if (holdB) await expect.poll(() => held.length, { message: "B's long poll is held" }).toBeGreaterThan(0);
  return { a: page, b: tabB, unit };
}

/** What the server keeps, read through the page's own API (not a tab's shown state). */
async function serverCount(page: Page): Promise<number> {
  const cart = await pageApi<ServerCart>(page, 'get_cart');
  return cart.lines[0]?.item_count ?? 0;
}

test.describe('one cart across two tabs', () => {
  test.use({ baseURL: shopUrl('grocery') });

  test('B, deaf to the live channel, presses + on its stale 1: the server refuses it, B shows the fresh 3 and says why, then its + makes 4', async ({ page }) => {
    const { a, b, unit } = await twoTabs(page, '09394920001', true);
    await pressMore(a, 2, 2 * unit);
    await pressMore(a, 3, 3 * unit);
    // B heard nothing: it still shows 1 when its customer presses +.
    await expectCart(b, 1, unit);
    await more(b).click();
    await expectCart(b, 3, 3 * unit);
    await expect(b.getByTestId('cart-failure')).toHaveText('سبد خرید شما در صفحه یا دستگاه دیگری تغییر کرده است؛ سبد تازه را ببینید و دوباره انتخاب کنید.');
    expect(await serverCount(page)).toBe(3);
    await pressMore(b, 4, 4 * unit);
    await expect(b.getByTestId('cart-failure')).toHaveCount(0);
    // A hears B's write live.
    await expectCart(a, 4, 4 * unit);
    await expect(a.getByTestId('cart-failure')).toHaveCount(0);
    expect(await serverCount(page)).toBe(4);
  });

  test("A's + reaches B live: B shows 3 before its press, and its + makes 4 with no error", async ({ page }) => {
    const { a, b, unit } = await twoTabs(page, '09394920002', false);
    await pressMore(a, 2, 2 * unit);
    await pressMore(a, 3, 3 * unit);
    // No press nor reload in B: the live cart_changed is what shows it 3.
    await expectCart(b, 3, 3 * unit);
    await pressMore(b, 4, 4 * unit);
    await expectCart(a, 4, 4 * unit);
    for (const tab of [a, b]) {
      await expect(tab.getByTestId('cart-failure')).toHaveCount(0);
      await expect(tab.getByTestId('toast')).toHaveCount(0);
    }
    expect(await serverCount(page)).toBe(4);
  });
});

test.describe('the checkout resumes where it was', () => {
  test.use({ baseURL: shopUrl('grocery') });

  test('a reload at the payment step keeps delivery, address and code; Back is the address step, Forward the payment; the code can be removed there', async ({ page }) => {
    await checkoutAsNewCustomer(page, '09394920003', 'مشتری بازگشتی');
    await expect(page.getByTestId('checkout-delivery')).toBeVisible();
    await page.getByRole('radio', { name: /ارسال با پیک/ }).check();
    await page.getByTestId('delivery-continue').click();
    await expect(page).toHaveURL(/\/cart\/address$/);
    await onAddressForm(page);
    await page.getByTestId('address-map').click();
    await saveHomeAddress(page);

    await expect(page).toHaveURL(/\/cart\/payment$/);
    const withoutCode = (await page.getByTestId('bill').textContent()) ?? '';
    await page.getByRole('textbox', { name: 'کد تخفیف' }).fill('WELCOME10');
    await page.getByTestId('discount-apply').click();
    await expect(page.getByTestId('discount-summary')).toContainText('WELCOME10');
    await page.getByTestId('wallet-skip').click();
    await expect(page.getByTestId('wallet-summary')).toBeVisible();
    const bill = (await page.getByTestId('bill').textContent()) ?? '';
    expect(bill).not.toBe(withoutCode);

    // The reload lands on the payment step as it was: no step redone.
    await page.reload();
    const atPayment = async () => {
      await expect(page).toHaveURL(/\/cart\/payment$/);
      await expect(page.getByTestId('checkout-payment')).toBeVisible();
      await expect(page.getByTestId('bill')).toHaveCount(1);
      await expect(page.getByTestId('bill')).toHaveText(bill);
      await expect(page.getByTestId('bill-discount')).toHaveCount(1);
      // The courier kept: its first-order free shipping note (a pickup has no shipping to waive).
      await expect(page.getByTestId('bill-first-order')).toHaveCount(1);
      await expect(page.getByTestId('discount-summary')).toContainText('WELCOME10');
      await expect(page.getByTestId('wallet-summary')).toBeVisible();
      await expect(page.getByTestId('discount-apply')).toHaveCount(0);
      await expect(page.getByTestId('checkout-problem')).toHaveCount(0);
    };
    await atPayment();

    // Back: the address step with the address kept; Forward: the payment step again. The URL and the screen agree.
    await page.goBack();
    await expect(page).toHaveURL(/\/cart\/address$/);
    await expect(page.getByTestId('checkout-address')).toBeVisible();
    await expect(page.getByRole('radio', { name: /خانه من/ })).toBeChecked();
    await page.goForward();
    await atPayment();

    // The applied code removed at the payment step: the bill without it, once.
    await page.getByTestId('discount-remove').click();
    await expect(page.getByTestId('bill-discount')).toHaveCount(0);
    await expect(page.getByTestId('bill')).toHaveCount(1);
    await expect(page.getByTestId('bill')).toHaveText(withoutCode);
    await expect(page.getByTestId('discount-apply')).toBeVisible();
    await expect(page).toHaveURL(/\/cart\/payment$/);
    await expect(page.getByTestId('checkout-problem')).toHaveCount(0);
  });
});
