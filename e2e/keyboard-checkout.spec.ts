import { expect, test, type Locator, type Page } from './fixtures';
import { consoleUrl, persianDigit, shopUrl } from './shops';
import { consoleApi, consoleLogIn, shopApi } from './shop-session';

// A keyboard-only order at the kebab: from the home to the placed order with `page.keyboard`
// alone. The skip link is the first stop; after every route change and checkout step the new page's main heading has
// the focus (never <body>); the map's point moves by the arrow keys and its coordinates are said. The kebab keeps
// hours (11:00-23:30 Tehran): the test opens it around the clock for its order and puts its hours back after, so it
// passes at any hour.

const slug = 'kebab';
const ITEM = 'جوجه کباب زعفرانی';

/** Presses Tab until `target` has the focus (at most `limit` times). */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error('the control was never reached with Tab');
}

/** Presses ArrowDown in the focused radio group until `radio` is checked. */
async function arrowTo(page: Page, radio: Locator, limit = 6): Promise<void> {
  for (let step = 0; step < limit && !(await radio.isChecked()); step += 1) await page.keyboard.press('ArrowDown');
  await expect(radio).toBeChecked();
}

/** The page's main heading has the focus (and so is what a screen reader reads), with `name`. */
async function expectHeadingFocused(page: Page, name: string | RegExp): Promise<void> {
  const heading = page.locator('main h1');
  await expect(heading).toBeFocused();
  await expect(heading).toHaveText(name);
}

/** The kebab's hours, open around the clock (`hours` null) or as they were. */
async function setHours(page: Page, hours: { opens_at: string | null; closes_at: string | null } | null): Promise<{ opens_at: string | null; closes_at: string | null }> {
  const { data } = await consoleApi<{ hours: { opens_at: string | null; closes_at: string | null } }>(page, 'shop_settings', {});
  const { result } = await consoleApi(page, 'shop_hours_update', { open: '1', opens_at: hours?.opens_at ?? '', closes_at: hours?.closes_at ?? '', closed_until: '' });
  expect(result).toBe('ok');
  return data.hours;
}

test.describe('a keyboard-only order at the kebab', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('Scenario: skip link first; Tab and Enter from the home to a placed order, the focus on each new page\'s heading; the map point moved by arrows', async ({ browser, page }) => {
    test.setTimeout(120_000);
    const api = shopApi(page, slug);
    await api.register('09374810001', 'نگار صالحی');
    const owner = await consoleLogIn(browser, slug);
    const hours = await setHours(owner, null);
    try {
      await page.goto(shopUrl(slug));
      await expect(page.getByTestId('home')).toBeVisible();

      // The first stop is the skip link, shown once focused; it moves the focus past the header to the main heading.
      await page.keyboard.press('Tab');
      const skip = page.getByTestId('skip-link');
      await expect(skip).toBeFocused();
      await expect(skip).toHaveText('رفتن به محتوای اصلی');
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.locator('main h1')).toBeFocused();

      // The item, from the home's own list, by Tab; its page opens with its name focused.
      await tabTo(page, page.getByTestId('home').getByRole('link', { name: new RegExp(ITEM) }).first());
      await page.keyboard.press('Enter');
      await expectHeadingFocused(page, ITEM);
      await tabTo(page, page.getByTestId('add-to-cart'));
      await page.keyboard.press('Enter');
      await tabTo(page, page.getByTestId('view-cart'));
      await page.keyboard.press('Enter');
      await expectHeadingFocused(page, 'سبد خرید');
      await expect(page.getByTestId('cart-line')).toHaveCount(1);

      // The checkout's steps: each opens with its title focused.
      await tabTo(page, page.getByTestId('cart-checkout'));
      await page.keyboard.press('Enter');
      await expectHeadingFocused(page, 'سفارش چگونه ارسال شود؟');
      await tabTo(page, page.getByRole('radio').first());
      await arrowTo(page, page.getByRole('radio', { name: /ارسال با پیک/ }));
      await tabTo(page, page.getByTestId('delivery-continue'));
      await page.keyboard.press('Enter');
      await expectHeadingFocused(page, 'آدرس تحویل');
      await tabTo(page, page.getByTestId('address-add'));
      await page.keyboard.press('Enter');
      await expectHeadingFocused(page, 'آدرس جدید');

      // The map: one tab stop; Enter puts the point at its centre, an arrow moves it north, and the line says where.
      const map = page.getByTestId('address-map');
      const point = page.getByTestId('map-point');
      await tabTo(page, map);
      await page.keyboard.press('Enter');
      await expect(point).toContainText(persianDigit);
      const centre = await point.textContent();
      await page.keyboard.press('ArrowUp');
      await expect(point).not.toHaveText(centre ?? '');
      await expect(point).toHaveAttribute('aria-live', 'polite');
      await tabTo(page, page.getByLabel('عنوان (خانه، محل کار…)'));
      await page.keyboard.type('خانه');
      await tabTo(page, page.getByLabel('آدرس دقیق'));
      await page.keyboard.type('تهران، خیابان انقلاب، پلاک ۴');
      await tabTo(page, page.getByTestId('address-save'));
      await page.keyboard.press('Enter');
      await expectHeadingFocused(page, 'آدرس تحویل');
      await expect(page.getByTestId('address-option')).toContainText('پلاک ۴');
      await tabTo(page, page.getByTestId('address-continue'));
      await page.keyboard.press('Enter');
      await expectHeadingFocused(page, 'پرداخت');

      // The payment step's parts: each answered part hands the focus to the next one's heading.
      await tabTo(page, page.getByTestId('discount-skip'));
      await page.keyboard.press('Enter');
      await expect(page.locator('#wallet-title')).toBeFocused();
      await tabTo(page, page.getByTestId('wallet-skip'));
      await page.keyboard.press('Enter');
      await expect(page.locator('#pay-title')).toBeFocused();
      await page.keyboard.press('Tab');
      await arrowTo(page, page.getByRole('radio', { name: 'پرداخت نقدی هنگام تحویل' }));
      await tabTo(page, page.getByTestId('place-order'));
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('button', { name: 'ثبت سفارش' })).toBeFocused();
      await page.keyboard.press('Enter');

      // The thanks page, its heading focused; no error was shown on the way.
      await expect(page).toHaveURL(/\/successful-payment\/\d+$/);
      await expect(page.locator('main h1')).toBeFocused();
      await expect(page.getByTestId('placed-lines')).toContainText(ITEM);
      await expect(page.getByRole('alert')).toHaveCount(0);
    } finally {
      await setHours(owner, hours);
      await owner.context().close();
    }
  });
});

/** The focus ring `drawn` shows (style, width in px) and its contrast with the background behind it. */
async function ringOf(drawn: Locator): Promise<{ style: string; width: number; contrast: number }> {
  return drawn.evaluate((element) => {
    const rgba = (colour: string) => (colour.match(/[\d.]+/g) ?? []).map(Number);
    let behind = [255, 255, 255];
    for (let node = element.parentElement; node; node = node.parentElement) {
      const [r, g, b, a = 1] = rgba(getComputedStyle(node).backgroundColor);
      if (a > 0) {
        behind = [r, g, b];
        break;
      }
    }
    const channel = (value: number) => (value / 255 <= 0.03928 ? value / 255 / 12.92 : ((value / 255 + 0.055) / 1.055) ** 2.4);
    const luminance = ([r, g, b]: number[]) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    const style = getComputedStyle(element);
    const [ring, back] = [luminance(rgba(style.outlineColor)), luminance(behind)];
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), contrast: (Math.max(ring, back) + 0.05) / (Math.min(ring, back) + 0.05) };
  });
}

/** Tabs to `control` and checks the ring `drawn` (the control, or the card around it) shows: solid, 3 px, 3:1 at least. */
async function expectRing(page: Page, control: Locator, drawn: Locator = control): Promise<void> {
  await tabTo(page, control);
  const ring = await ringOf(drawn);
  expect(ring.style).toBe('solid');
  expect(ring.width).toBeGreaterThanOrEqual(3);
  expect(ring.contrast).toBeGreaterThanOrEqual(3);
}

test('Scenario: the focus ring shows at 3:1 or more on an icon button, a product card, a chip and a filled button in the storefront, and on the console\'s buttons', async ({ browser, page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(shopUrl(slug));
  await expect(page.getByTestId('home')).toBeVisible();
  await expectRing(page, page.getByTestId('header-search'));
  const card = page.getByTestId('home').getByTestId('item-card').first();
  await expectRing(page, card.getByRole('link'), card);

  await page.getByTestId('home').getByRole('link', { name: 'کباب‌ها', exact: true }).first().click();
  await expectRing(page, page.getByRole('link', { name: 'کباب مرغ' }).first());
  await page.getByTestId('item-card').first().click();
  await expectRing(page, page.getByTestId('add-to-cart'));

  const owner = await (await browser.newContext({ viewport: { width: 1366, height: 900 } })).newPage();
  await owner.goto(consoleUrl(slug));
  await owner.getByLabel('نام کاربری').fill('admin');
  await owner.getByLabel('رمز عبور').fill(`demo-${slug}`);
  await expectRing(owner, owner.getByRole('button', { name: 'ورود' }));
  await owner.keyboard.press('Enter');
  await expectRing(owner, owner.getByRole('button', { name: 'خروج' }));
  await owner.context().close();
});
