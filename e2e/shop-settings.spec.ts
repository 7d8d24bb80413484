import { expect, test, type Page } from './fixtures';
import { E2E_PORT } from '../playwright.config';
import { closedUntilText, tehranInstant } from '../contract/rules/shop-hours';
import { itemPath } from '../contract/item-paths';
import { shopUrl } from './shops';
import { shopApi } from './shop-session';
import { jalaliKeys, typeInPicker } from './pickers';

// Issue 32, "the owner sets the shop closed": a holiday set in the console (a phone's width, by keyboard) stops the
// customer's order and says until when; opening again lets the customer's next visit order. The café keeps no hours.
// Then the owner's switches and texts: the other-city text shows at the address step of sending to another city, and
// the menu-only switch takes the add button off the customer's open page on its next read.

const slug = 'cafe';
const consoleUrl = `http://${slug}.localhost:${E2E_PORT}/order/console/`;

/** Tomorrow 10:00 Tehran as a datetime field takes it. */
const tomorrowTen = () => `${new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tehran' }).format(new Date(Date.now() + 86_400_000))}T10:00`;

/** From the cart, pickup, to the payment step. */
async function toPayment(page: Page) {
  await page.goto(`${shopUrl(slug)}cart`);
  await page.getByTestId('cart-checkout').click();
  await page.getByRole('radio', { name: /تحویل حضوری/ }).check();
  await page.getByTestId('delivery-continue').click();
  await expect(page).toHaveURL(/\/cart\/payment$/);
  await page.getByTestId('discount-skip').click();
  await page.getByTestId('wallet-skip').click();
  await page.getByRole('radio', { name: 'پرداخت نقدی هنگام تحویل' }).check();
}

test('Scenario: the owner closes the café until tomorrow 10:00: the customer sees it closed and why before checkout and cannot place the order; opened again, the customer\'s next visit places it', async ({ browser, page }) => {
  const api = shopApi(page, slug);
  await api.register('09351113201', 'مهسا رحیمی');
  await api.addToCart('اسپرسو');

  const ownerContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const owner = await ownerContext.newPage();
  const until = tomorrowTen();
  try {
    await owner.goto(consoleUrl);
    await owner.getByLabel('نام کاربری').fill('admin');
    await owner.getByLabel('رمز عبور').fill(`demo-${slug}`);
    await owner.getByLabel('رمز عبور').press('Enter');
    // On the phone the navigation is behind the menu button.
    await owner.getByRole('button', { name: 'منو' }).click();
    await owner.getByRole('navigation', { name: 'پنل فروشگاه' }).getByRole('link', { name: 'تنظیمات فروشگاه' }).click();
    await expect(owner.getByRole('heading', { name: 'تنظیمات فروشگاه' })).toBeVisible();
    // A holiday already over is refused beside its field, and nothing is saved.
    const closedUntil = owner.getByTestId('hours-closed_until');
    const saveHours = owner.getByRole('button', { name: 'ذخیره ساعات کار' });
    await typeInPicker(closedUntil, ['10', '00', ...jalaliKeys('2020-01-01')]);
    await saveHours.press('Enter');
    await expect(owner.getByText('این زمان گذشته است؛ زمانی در آینده انتخاب کنید.')).toBeVisible();
    await typeInPicker(closedUntil, ['10', '00', ...jalaliKeys(until.slice(0, 10))]);
    await saveHours.press('Enter');
    await expect(owner.getByRole('status').filter({ hasText: 'ذخیره شد' })).toHaveCount(1);
    // The screen fits a phone: nothing wider than the viewport.
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The customer's visit: the shop says it is closed and until when, once, before checkout.
    const text = closedUntilText(tehranInstant(until)!.toISOString(), 'fa');
    await page.goto(`${shopUrl(slug)}cart`);
    await expect(page.getByTestId('shop-closed')).toHaveText(`فروشگاه تا ${text} تعطیل است و تا آن زمان سفارشی نمی‌پذیرد.`);
    await toPayment(page);
    await expect(page.getByTestId('store-closed')).toHaveText(`فروشگاه تا ${text} تعطیل است؛ پس از آن می‌توانید سفارش دهید.`);
    await expect(page.getByTestId('shop-closed')).toHaveCount(0);
    await expect(page.getByTestId('place-order')).toBeDisabled();

    // The owner opens again.
    await owner.getByRole('button', { name: 'باز کردن دوباره (حذف تعطیلی)' }).click();
    await expect(closedUntil.locator('input')).toHaveValue('');
    await owner.getByRole('button', { name: 'ذخیره ساعات کار' }).press('Enter');
    await expect(owner.getByRole('status').filter({ hasText: 'ذخیره شد' })).toHaveCount(1);
    await expect(owner.getByRole('alert')).toHaveCount(0);

    // The owner writes the other-city text (Tab from the Persian to the English field) and saves with Enter.
    const otherCity = owner.getByLabel('متن ارسال به شهرهای دیگر (فارسی)');
    await otherCity.fill('ارسال با پست پیشتاز از تهران، ۲ روزه');
    await otherCity.press('Tab');
    await expect(owner.getByLabel('متن ارسال به شهرهای دیگر (انگلیسی)')).toBeFocused();
    await owner.keyboard.type('Sent by express post from Tehran in 2 days');
    await owner.getByRole('button', { name: 'ذخیره کلیدها و متن‌ها' }).press('Enter');
    await expect(owner.getByRole('status').filter({ hasText: 'ذخیره شد' })).toHaveCount(1);

    // The customer sends to another city: the address step says how, once.
    await page.goto(`${shopUrl(slug)}cart`);
    await page.getByTestId('cart-checkout').click();
    await page.getByRole('radio', { name: /ارسال به شهرهای دیگر/ }).check();
    await page.getByTestId('delivery-continue').click();
    await expect(page).toHaveURL(/\/cart\/address$/);
    await expect(page.getByTestId('other-city-detail')).toHaveText('ارسال با پست پیشتاز از تهران، ۲ روزه');

    // The customer opens the espresso (it can be added), then its folder; the owner makes the café a menu only.
    const espresso = (await api.call<{ items: { item_id: number; name: string; name_en: string }[] }>('get_list_item', { name: 'اسپرسو', pagination: 0 })).items[0];
    await page.goto(`${shopUrl(slug)}${itemPath(espresso, 'fa', 102).slice(1)}`);
    await expect(page.getByTestId('add-to-cart')).toBeEnabled();
    await page.getByTestId('breadcrumbs').getByRole('link').last().click();
    const card = page.getByTestId('item-card').filter({ hasText: 'اسپرسو' });
    await expect(card).toBeVisible();
    await owner.getByRole('switch', { name: 'فقط منو' }).check();
    await owner.getByRole('button', { name: 'ذخیره کلیدها و متن‌ها' }).press('Enter');
    await expect(owner.getByRole('status').filter({ hasText: 'ذخیره شد' })).toHaveCount(1);
    expect(await owner.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The customer's open page, on its next read: the price, no add button, and why.
    await card.click();
    await expect(page.getByTestId('menu-only')).toHaveText('این منوی فروشگاه است؛ سفارش آنلاین پذیرفته نمی‌شود.');
    await expect(page.getByTestId('add-to-cart')).toHaveCount(0);
    await expect(page.getByTestId('item-page')).toContainText('۹۵٬۰۰۰ تومان');
    // Opened by its address, the basket is no cart either: the same notice, once, and the way back to the menu.
    await page.goto(`${shopUrl(slug)}basket`);
    await expect(page.getByTestId('menu-only')).toHaveText('این منوی فروشگاه است؛ سفارش آنلاین پذیرفته نمی‌شود.');
    await expect(page.getByTestId('cart-page')).toHaveCount(0);
    await page.getByRole('link', { name: 'بازگشت به منو' }).click();
    await expect(page.getByTestId('menu-only')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`${shopUrl(slug).slice(0, -1)}/?(home-\\d+)?$`));
  } finally {
    // Whatever happened above, the café takes orders again for the scenarios after this one.
    await owner.evaluate(async () => {
      const body = new FormData();
      for (const [key, value] of Object.entries({ code: 'shop_hours_update', open: '1', opens_at: '', closes_at: '', closed_until: '' })) body.set(key, value);
      await fetch('/order/console/api', { method: 'POST', body });
      // …and is not a menu only (its texts as they are).
      const read = new FormData();
      read.set('code', 'shop_settings');
      const { data } = (await (await fetch('/order/console/api', { method: 'POST', body: read })).json()) as { data: { flags: Record<string, number>; texts: Record<string, { fa: string; en: string }> } };
      const flags = new FormData();
      flags.set('code', 'shop_flags_update');
      for (const [flag, on] of Object.entries(data.flags)) flags.set(flag, String(flag === 'use_as_menu' ? 0 : on));
      for (const [name, text] of Object.entries(data.texts)) for (const language of ['fa', 'en'] as const) flags.set(`${name}_${language}`, text[language]);
      await fetch('/order/console/api', { method: 'POST', body: flags });
    });
    await ownerContext.close();
  }

  // The customer's next visit: open, no notice, and the order is placed.
  await toPayment(page);
  await expect(page.getByTestId('store-closed')).toHaveCount(0);
  await expect(page.getByTestId('shop-closed')).toHaveCount(0);
  await page.getByTestId('place-order').click();
  await page.getByRole('dialog').getByRole('button', { name: 'ثبت سفارش' }).click();
  await expect(page.getByRole('heading', { name: 'از سفارش شما متشکریم' })).toBeVisible();
});
