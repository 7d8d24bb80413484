import { expect, test, type Page } from './fixtures';
import { consoleUrl, persianDigit, shopUrl } from './shops';
import { consoleLogIn, shopApi } from './shop-session';
import { gregorianKeys, jalaliKeys, pickerText, typeInPicker } from './pickers';

// Issue 42, point 4: the storefront's and the console's dates and times are Jalali pickers in fa (Persian digits and
// month names, a 24-hour clock) and Gregorian in en, typed from the keyboard or picked from their calendar. The page's
// clock is pinned to Tuesday 16 Azar 1405 (7 December 2026), 09:00 Tehran, so every month named below is known.
const NOW = new Date('2026-12-07T09:00:00+03:30');
const DAY = '2026-12-09';

test.use({ timezoneId: 'Asia/Tehran' });

/** A new customer of the members patisserie (no hours) with a cake in the cart, at the payment step, in `language`. */
async function atPayment(page: Page, phone: string, language: 'fa' | 'en') {
  await page.clock.setFixedTime(NOW);
  await page.addInitScript((chosen) => window.localStorage.setItem('storefront.language', chosen), language);
  const api = shopApi(page, 'members');
  await api.register(phone, 'Sara Karimi');
  await api.addToCart('کیک شکلاتی');
  await page.goto('./cart');
  await page.getByTestId('cart-checkout').click();
  await page.getByTestId('checkout-delivery').getByRole('radio').first().check();
  await page.getByTestId('delivery-continue').click();
  await expect(page).toHaveURL(/\/cart\/payment$/);
  await page.getByTestId('discount-skip').click();
  await page.getByTestId('wallet-skip').click();
  await page.getByRole('radio', { name: language === 'fa' ? 'پرداخت نقدی هنگام تحویل' : 'Cash on delivery' }).check();
}

test.describe('the storefront\'s later-today time and pre-order date', () => {
  test.use({ baseURL: shopUrl('members') });

  test('Scenario: in fa the time reads «۲۳:۵۹», the pre-order date «۱۴۰۵/۰۹/۱۸» and its calendar «آذر ۱۴۰۵», all in Persian digits, by keyboard', async ({ page }) => {
    await atPayment(page, '09391119401', 'fa');
    await page.getByRole('radio', { name: 'امروز، ساعتی دیگر' }).check();
    const time = page.getByTestId('preorder-time');
    await typeInPicker(time, ['23', '59']);
    await expect.poll(() => pickerText(time)).toBe('۲۳:۵۹');

    await page.getByRole('radio', { name: 'پیش‌سفارش' }).check();
    const date = page.getByTestId('preorder-date');
    await typeInPicker(date, jalaliKeys(DAY));
    await expect.poll(() => pickerText(date)).toBe('۱۴۰۵/۰۹/۱۸');
    // The calendar opens from the keyboard on its button, at the chosen month, named in Persian.
    await date.getByRole('button').focus();
    await page.keyboard.press('Enter');
    const calendar = page.getByRole('dialog');
    await expect(calendar).toContainText('آذر ۱۴۰۵');
    await expect(calendar).toContainText(persianDigit);
    expect((await calendar.innerText()).match(/[0-9]/g)).toBeNull();
    // A day chosen there with the arrows and Enter is the next day, and the field says so.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await expect(calendar).toHaveCount(0);
    await expect.poll(() => pickerText(date)).toBe('۱۴۰۵/۰۹/۱۹');
    expect((await page.getByTestId('checkout-payment').innerText()).match(/[0-9]/g)).toBeNull();
  });

  test('Scenario: in en the same fields read 23:59, 12/09/2026 and December 2026', async ({ page }) => {
    await atPayment(page, '09391110402', 'en');
    await page.getByRole('radio', { name: 'Later today' }).check();
    const time = page.getByTestId('preorder-time');
    await typeInPicker(time, ['23', '59']);
    await expect.poll(() => pickerText(time)).toBe('23:59');
    await page.getByRole('radio', { name: 'Pre-order' }).check();
    const date = page.getByTestId('preorder-date');
    await typeInPicker(date, gregorianKeys(DAY));
    await expect.poll(() => pickerText(date)).toBe('12/09/2026');
    await date.getByRole('button').click();
    await expect(page.getByRole('dialog')).toContainText('December 2026');
  });
});

test.describe('the console\'s hours, holiday and discount dates', () => {
  test('Scenario: in fa the opening time reads «۰۸:۳۰», the holiday\'s calendar «آذر ۱۴۰۵» and a discount\'s start «۱۰:۰۰ ۱۴۰۵/۰۹/۱۸», in Persian digits', async ({ browser }) => {
    const owner = await consoleLogIn(browser, 'cafe');
    await owner.clock.setFixedTime(NOW);
    await owner.goto(`${consoleUrl('cafe')}shop`);
    const opens = owner.getByTestId('hours-opens_at');
    await typeInPicker(opens, ['08', '30']);
    await expect.poll(() => pickerText(opens)).toBe('۰۸:۳۰');
    const holiday = owner.getByTestId('hours-closed_until');
    await holiday.getByRole('button').click();
    await expect(owner.getByRole('dialog')).toContainText('آذر ۱۴۰۵');
    await owner.keyboard.press('Escape');

    await owner.goto(`${consoleUrl('cafe')}discounts`);
    await owner.getByRole('button', { name: 'کد تخفیف جدید' }).click();
    const starts = owner.getByTestId('discount-starts_at');
    // fa's date-and-time field reads hour and minute first, then the Jalali date.
    await typeInPicker(starts, ['10', '00', ...jalaliKeys(DAY)]);
    await expect.poll(() => pickerText(starts)).toBe('۱۰:۰۰۱۴۰۵/۰۹/۱۸');
    expect((await owner.getByTestId('discount-form').innerText()).match(/[0-9]/g)).toBeNull();
  });

  test('Scenario: in en the board\'s date filter reads 12/09/2026 and its calendar December 2026', async ({ browser }) => {
    const owner = await consoleLogIn(browser, 'cafe');
    await owner.clock.setFixedTime(NOW);
    await owner.evaluate(() => window.localStorage.setItem('console.language', 'en'));
    await owner.goto(`${consoleUrl('cafe')}orders`);
    // The pickers load when asked for (they would almost double the board's first screen).
    await owner.getByTestId('board-dates').click();
    const from = owner.getByTestId('board-from');
    await typeInPicker(from, gregorianKeys(DAY));
    await expect.poll(() => pickerText(from)).toBe('12/09/2026');
    await owner.getByTestId('board-to').getByRole('button').click();
    await expect(owner.getByRole('dialog')).toContainText('December 2026');
  });
});
