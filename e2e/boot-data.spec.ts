import { expect, test } from './fixtures';
import { E2E_PORT } from '../playwright.config';
import { holdCalls, postedCodes, withoutScreenData } from './boot';
import { shopUrl } from './shops';

/** The codes of spec §4's startup steps; with the boot block none of them goes over the wire. */
const STARTUP_CODES = ['get_shop', 'get_user_detail', 'get_all_conversations', 'get_cart', 'get_slides', 'get_all_folders', 'get_banners'];

test('Scenario: the first screen opens from the boot data in index.html, with no startup call', async ({ page }) => {
  const codes = await postedCodes(page);
  await page.goto(shopUrl('kebab'));
  await expect(page.getByTestId('home')).toBeVisible();
  // The folders the home shows came from the block.
  await expect(page.getByTestId('home')).toContainText('کباب');
  expect(codes.filter((code) => STARTUP_CODES.includes(code))).toEqual([]);
});

test('Scenario: a category page opened first shows its products from the block; another sort or page asks the API', async ({ page }) => {
  const codes = await postedCodes(page);
  await page.goto(`${shopUrl('kebab')}cat/0/all`);
  await expect(page.getByTestId('item-card').first()).toBeVisible();
  expect(codes.filter((code) => [...STARTUP_CODES, 'get_list_item'].includes(code))).toEqual([]);
  // Another order is another request: the screen asks the API for it.
  await page.goto(`${shopUrl('kebab')}cat/0/all`);
  await page.evaluate(() => window.history.pushState(null, '', `${window.location.pathname}?sort=price_up`));
  await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
  await expect.poll(() => codes.includes('get_list_item')).toBe(true);
  await expect(page.getByTestId('item-card').first()).toBeVisible();
});

test('Scenario: the splash paints from the HTML before any script runs, in the language of the lang cookie', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(shopUrl('kebab'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'fa');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The kebab's home opens with its slider: the server draws it, with the header, before any script.
  await expect(page.locator('#first-screen img[fetchpriority="high"]')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'کبابی شب‌های تهران' })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'پیشرفت بارگذاری' })).toBeVisible();

  await context.addCookies([{ name: 'lang', value: 'en', domain: 'kebab.localhost', path: '/' }]);
  await page.goto(shopUrl('kebab'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { name: 'Tehran Nights Kebab House' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Loading…');
  await context.close();
});

test("Scenario: a category page is drawn by the server before any script, and its cards open their products without one; the app's page takes its place", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${shopUrl('kebab')}cat/0/all`);
  const first = page.locator('#first-screen');
  await expect(first.getByRole('heading', { level: 1, name: 'همه محصولات' })).toBeVisible();
  // The first card's picture is the page's largest paint, fetched first.
  await expect(first.locator('.sf-grid img').first()).toHaveAttribute('fetchpriority', 'high');
  await expect(first.locator('.sf-grid img').first()).toHaveJSProperty('complete', true);
  const card = first.getByRole('link').filter({ has: page.getByRole('heading', { level: 2 }) }).first();
  const name = (await card.getByRole('heading', { level: 2 }).textContent()) ?? '';
  expect(name).not.toBe('');
  // A tap before the app has loaded opens the product all the same: the server answers its page.
  await card.click();
  await expect(page).toHaveURL(/\/order\/v2\/item\/\d+\//);
  await context.close();

  // With scripts, the app's page replaces the server's, the same products in the same order.
  const app = await browser.newPage();
  await app.goto(`${shopUrl('kebab')}cat/0/all`);
  await expect(app.getByTestId('item-card').first()).toBeVisible();
  await expect(app.locator('#first-screen')).toHaveCount(0);
  await expect(app.getByTestId('item-name').first()).toHaveText(name);
  await app.close();
});

test("Scenario: a product's page opened first is drawn by the server before any script, then shows its product from the block, with no get_item call", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${shopUrl('kebab')}item/9/x`);
  const first = page.locator('#first-screen');
  await expect(first.getByRole('heading', { level: 1, name: 'پیتزا مخصوص' })).toBeVisible();
  await expect(first.getByRole('img', { name: 'پیتزا مخصوص' })).toHaveJSProperty('complete', true);
  await expect(first.getByRole('navigation', { name: 'مسیر صفحه' }).getByRole('link', { name: 'پیتزا' })).toBeVisible();
  const price = (await first.locator('.sf-price').textContent()) ?? '';
  await context.close();

  const app = await browser.newPage();
  const codes = await postedCodes(app);
  await app.goto(`${shopUrl('kebab')}item/9/x`);
  await expect(app.getByTestId('item-page')).toBeVisible();
  await expect(app.locator('#first-screen')).toHaveCount(0);
  // The app opens at the price the server drew.
  await expect(app.getByTestId('item-price')).toHaveText(price);
  await expect(app.getByTestId('add-to-cart')).toBeVisible();
  expect(codes.filter((code) => [...STARTUP_CODES, 'get_item'].includes(code))).toEqual([]);
  await app.close();
});

test("Scenario: the cart opened first is drawn by the server from the visitor's cart before any script; the app's cart takes its place with the same total", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${shopUrl('kebab')}item/9/x`);
  await page.getByTestId('sizes').getByRole('button').first().click();
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('selection-ready')).toBeVisible();

  const still = await browser.newContext({ javaScriptEnabled: false, storageState: await context.storageState() });
  const drawn = await still.newPage();
  await drawn.goto(`${shopUrl('kebab')}basket`);
  const first = drawn.locator('#first-screen');
  await expect(first.getByRole('heading', { level: 1, name: 'سبد خرید' })).toBeVisible();
  await expect(first.getByRole('listitem')).toHaveCount(1);
  await expect(first.getByRole('listitem')).toContainText('پیتزا مخصوص');
  const total = (await first.locator('.sf-total > span').first().textContent()) ?? '';
  expect(total).toMatch(/^[۰-۹٬,]+ تومان$/);
  // Nothing drawn can be pressed before the app has loaded.
  await expect(first.getByRole('button')).toHaveCount(0);
  await still.close();

  await page.goto(`${shopUrl('kebab')}basket`);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.locator('#first-screen')).toHaveCount(0);
  await expect(page.getByTestId('cart-total')).toHaveText(total);
  await context.close();
});

test('Scenario: a visitor whose language cookie says en gets the English store from the block', async ({ page, context }) => {
  await context.addCookies([{ name: 'lang', value: 'en', domain: 'kebab.localhost', path: '/' }]);
  const codes = await postedCodes(page);
  await page.goto(shopUrl('kebab'));
  await expect(page.getByTestId('home')).toBeVisible();
  // The server's first screen (header and first slide) has given way to the app's home.
  await expect(page.locator('#first-screen')).toHaveCount(0);
  await expect(page.getByRole('img', { name: 'Free delivery on your first order' }).first()).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle('Tehran Nights Kebab House');
  expect(codes.filter((code) => STARTUP_CODES.includes(code))).toEqual([]);
});

test('Scenario: a block in another language than the stored choice is not used; the choice is shared for next time', async ({ page, context }) => {
  // A visitor who chose English before the language cookie existed: the server answers in Persian.
  await page.addInitScript(() => window.localStorage.setItem('storefront.language', 'en'));
  const codes = await postedCodes(page);
  await page.goto(shopUrl('kebab'));
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle('Tehran Nights Kebab House');
  expect(codes).toEqual(expect.arrayContaining(['get_shop', 'get_cart', 'get_slides', 'get_all_folders', 'get_banners']));
  const cookies = await context.cookies(`http://kebab.localhost:${E2E_PORT}`);
  expect(cookies.find((cookie) => cookie.name === 'lang')?.value).toBe('en');

  // The next load's block is in English, so it is used.
  const before = codes.length;
  await page.reload();
  await expect(page.getByTestId('home')).toBeVisible();
  expect(codes.slice(before).filter((code) => STARTUP_CODES.includes(code))).toEqual([]);
});

test("Scenario: the app's category and product pages take the drawn screen's place in one frame, never showing their skeleton between the two", async ({ page }) => {
  // Before each frame is painted: is the drawn screen still there, and what does the app's page show under it?
  await page.addInitScript(() => {
    const frames: string[] = [];
    (window as unknown as { frames_: string[] }).frames_ = frames;
    const sample = () => {
      const drawn = document.getElementById('first-screen') !== null;
      const skeleton = document.querySelector('[data-testid="item-skeleton"], [data-testid="item-loading"]') !== null;
      const content = document.querySelector('[data-testid="item-card"], [data-testid="item-page"]') !== null;
      frames.push(drawn ? 'drawn' : skeleton ? 'skeleton' : content ? 'content' : 'empty');
      if (frames.length < 600) requestAnimationFrame(sample);
    };
    requestAnimationFrame(sample);
  });
  for (const path of ['cat/0/all', 'item/9/x']) {
    await page.goto(`${shopUrl('kebab')}${path}`);
    await expect(page.locator('#first-screen')).toHaveCount(0);
    await expect(page.getByTestId(path.startsWith('cat') ? 'item-card' : 'item-page').first()).toBeVisible();
    const frames = await page.evaluate(() => (window as unknown as { frames_: string[] }).frames_);
    // Frames before the page's HTML was parsed show nothing yet.
    const painted = frames.slice(frames.indexOf('drawn'));
    const shown = painted.filter((frame, index) => frame !== painted[index - 1]);
    // The drawn copy, then the app's content: no skeleton and no empty page painted in between.
    expect(shown, path).toEqual(['drawn', 'content']);
  }
});

test("Scenario: while the server's category page is held over the app's, still loading its list, only the drawn one is exposed; then only the app's", async ({ page }) => {
  // The block without the list: the app asks for it, and the call is held.
  await withoutScreenData(page);
  const release = await holdCalls(page, 'get_list_item');
  await page.goto(`${shopUrl('kebab')}cat/0/all`);
  // The app's page is rendered under the drawn one, which covers it until its list is in.
  await expect(page.getByTestId('category-page')).toBeAttached();
  await expect(page.locator('#first-screen')).toBeVisible();
  // A screen reader (and a test) meets one page: the covered app is hidden and inert. Counted at
  // once: the drawn page leaves by itself after a while (HOLD_LIMIT_MS).
  expect(await page.getByRole('heading', { level: 1, name: 'همه محصولات' }).count()).toBe(1);
  await expect(page.locator('#root')).toHaveAttribute('aria-hidden', 'true');
  await expect(page.locator('#root')).toHaveAttribute('inert', '');
  release();
  await expect(page.getByTestId('item-card').first()).toBeVisible();
  await expect(page.locator('#first-screen')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'همه محصولات' })).toBeVisible();
  await expect(page.locator('#root')).not.toHaveAttribute('aria-hidden');
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
});
