import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from './fixtures';
import { shopUrl } from './shops';
import { codeFromOutbox, consoleApi, consoleLogIn, shopApi } from './shop-session';

// Accessibility as a tested property: axe-core over every storefront page type, in fa and in en, fails on any serious
// or critical finding (no rule is disabled). One browser context per language, one load per page type, signed in once
// per shop through the API. The kebab's drinks show one finished item (its dimmed card once failed colour contrast).

type Language = 'fa' | 'en';
const SHOPS = ['kebab', 'grocery', 'realestate', 'wholesale', 'skincare'] as const;
const FINISHED = 'دوغ محلی';

/** The serious and critical findings of axe on the page as it is now, one line each, named by `what`. */
async function audit(page: Page, what: string): Promise<string[]> {
  // Colours are read as drawn: a button enabled a moment ago is still fading from grey (MUI's 250 ms transition), and
  // axe once failed the discounts' «New discount code» mid-fade.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity));
  // Legacy mode runs axe in the page itself: the default opens a blank page per run to merge frames (the app has none),
  // which took most of each run's seconds; and only the violations are detailed.
  const { violations } = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${what}: ${violation.id} (${violation.impact}) at ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
}

/** Marks the kebab's doogh finished (1: back in stock), through the console. */
async function setFinished(browser: Browser, inStock: 0 | 1): Promise<void> {
  const owner = await consoleLogIn(browser, 'kebab');
  try {
    const { data } = await consoleApi<{ items: { id: number; name: string }[] }>(owner, 'catalog', {});
    const item = data.items.find((entry) => entry.name === FINISHED);
    expect(item, FINISHED).toBeTruthy();
    const { result } = await consoleApi(owner, 'catalog_stock', { item_id: String(item!.id), in_stock: String(inStock) });
    expect(result).toBe('ok');
  } finally {
    await owner.context().close();
  }
}

test.beforeAll(async ({ browser }) => setFinished(browser, 0));
test.afterAll(async ({ browser }) => setFinished(browser, 1));

const words = {
  fa: { drinks: 'نوشیدنی‌ها', cash: 'پرداخت نقدی هنگام تحویل', place: 'ثبت سفارش', courier: /ارسال با پیک/ },
  en: { drinks: 'Drinks', cash: 'Cash on delivery', place: 'Place the order', courier: /^Courier/ },
} as const;

for (const language of ['fa', 'en'] as const satisfies readonly Language[]) {
  test(`Scenario: every storefront page type in ${language} has no serious or critical axe finding`, async ({ page }) => {
    test.setTimeout(300_000);
    await page.context().addCookies(SHOPS.map((slug) => ({ name: 'lang', value: language, domain: `${slug}.localhost`, path: '/' })));
    const say = words[language];
    const findings: string[] = [];
    const check = async (what: string) => findings.push(...(await audit(page, what)));
    const phone = (n: number) => `0937480${language === 'fa' ? 1 : 2}${String(n).padStart(3, '0')}`;

    // The kebab, as a guest: home, a category with a finished item, an item, search, the magazine, not found.
    await page.goto(shopUrl('kebab'));
    await expect(page.getByTestId('home')).toBeVisible();
    await check('home');
    await page.getByTestId('home').getByRole('link', { name: say.drinks, exact: true }).first().click();
    const category = page.getByTestId('category-page');
    await expect(category.getByTestId('item-finished')).toBeVisible();
    await check('category');
    await category.getByTestId('item-card').filter({ hasNot: page.getByTestId('item-finished') }).first().click();
    await expect(page.getByTestId('item-price')).toBeVisible();
    await check('item');
    await page.goto(`${shopUrl('kebab')}search?q=${encodeURIComponent('کباب')}`);
    await expect(page.getByTestId('item-card').first()).toBeVisible();
    await check('search');
    await page.goto(`${shopUrl('kebab')}magazine`);
    await expect(page.locator('main a[href*="/magazine/post/"]').first()).toBeVisible();
    await check('magazine');
    await page.locator('main a[href*="/magazine/post/"]').first().click();
    await expect(page.locator('main h1')).toBeVisible();
    await check('magazine post');
    await page.goto(`${shopUrl('kebab')}no-such-page`);
    await expect(page.locator('main h1')).toBeVisible();
    await check('not found');

    // The skincare shop: login, verify and register, as a new customer does.
    await page.goto(`${shopUrl('skincare')}authentication/login`);
    await expect(page.locator('#login-phone')).toBeVisible();
    await check('login');
    await page.locator('#login-phone').fill(phone(1));
    await page.locator('#login-phone').press('Enter');
    await expect(page.locator('#verify-code')).toBeVisible();
    await check('verify');
    await page.locator('#verify-code').fill(await codeFromOutbox(page.request, phone(1)));
    await page.locator('#verify-code').press('Enter');
    await expect(page.locator('#register-name')).toBeVisible();
    await check('register');

    // The grocery (open around the clock), signed in: the cart's steps, the address list and form, the placed order, its
    // invoice (a first order: its free shipping is said under the shipping row), the orders, the wallet, the profile and
    // the support chat.
    const grocery = shopApi(page, 'grocery');
    await grocery.register(phone(2), 'Sara Karimi');
    await grocery.addToCart('برنج هاشمی ۱۰ کیلویی');
    await page.goto(`${shopUrl('grocery')}cart`);
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await check('cart');
    await page.getByTestId('cart-checkout').click();
    await expect(page.getByTestId('checkout-delivery')).toBeVisible();
    await check('cart delivery');
    await page.getByRole('radio', { name: say.courier }).check();
    await page.getByTestId('delivery-continue').click();
    await page.getByTestId('address-add').click();
    await expect(page.getByTestId('address-map')).toBeVisible();
    await check('address form');
    await page.getByTestId('address-map').click();
    await page.locator('#address-label').fill('Home');
    await page.locator('#address-text').fill('Tehran, Valiasr St, No 10');
    await page.getByTestId('address-save').click();
    await expect(page.getByTestId('address-option')).toHaveCount(1);
    await check('addresses');
    await page.getByTestId('address-continue').click();
    await expect(page.getByTestId('checkout-payment')).toBeVisible();
    await page.getByTestId('discount-skip').click();
    await page.getByTestId('wallet-skip').click();
    await page.getByRole('radio', { name: say.cash }).check();
    await check('cart payment');
    await page.getByTestId('place-order').click();
    await page.getByRole('dialog').getByRole('button', { name: say.place }).click();
    await expect(page.getByTestId('placed-lines')).toBeVisible();
    await check('placed order');
    const orderId = /\/successful-payment\/(\d+)$/.exec(page.url())?.[1];
    await page.goto(`${shopUrl('grocery')}archive-orders/detail/${orderId}`);
    await expect(page.getByTestId('invoice-first-order')).toBeVisible();
    await check('invoice');
    await page.goto(`${shopUrl('grocery')}archive-orders`);
    await expect(page.getByTestId('orders-active').locator(`[data-order-id="${orderId}"]`)).toBeVisible();
    await check('orders');
    await page.goto(`${shopUrl('grocery')}profile/wallet`);
    await expect(page.getByTestId('wallet-balance')).toBeVisible();
    await check('wallet');
    await page.goto(`${shopUrl('grocery')}profile`);
    await expect(page.locator('main h1')).toBeVisible();
    await check('profile');
    await page.goto(`${shopUrl('grocery')}support`);
    await page.getByTestId('support-text').fill('Hello');
    await page.getByTestId('support-send').click();
    await expect(page.locator('main time').first()).toBeVisible();
    await check('support chat');

    // The wholesale shop's access request, as a guest.
    await page.goto(`${shopUrl('wholesale')}access-request`);
    await expect(page.locator('main h1')).toBeVisible();
    await check('access request');

    // The classifieds, signed in: the list, its filter sheet, an ad, the wizard.
    await shopApi(page, 'realestate').register(phone(3), 'Reza Ahmadi');
    await page.goto(`${shopUrl('realestate')}home-4`);
    await expect(page.getByTestId('ad-list').locator('article').first()).toBeVisible();
    await check('classifieds home');
    await page.getByTestId('open-filters').click();
    await expect(page.getByTestId('filter-sheet')).toBeVisible();
    await check('classifieds filters');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('filter-sheet')).toBeHidden();
    await page.getByTestId('ad-list').locator('article a').first().click();
    await expect(page.getByTestId('ad-title')).toBeVisible();
    await check('classifieds detail');
    await page.goto(`${shopUrl('realestate')}home-4/new`);
    await expect(page.getByTestId('ad-wizard')).toBeVisible();
    await check('classifieds wizard');

    expect(findings).toEqual([]);
  });
}

// The console too: every screen the owner of a selling shop (the kebab) and of the classifieds shop is offered, with an
// order's detail and a chat open, in fa and in en.
for (const language of ['fa', 'en'] as const satisfies readonly Language[]) {
  test(`Scenario: every console screen in ${language} has no serious or critical axe finding`, async ({ browser, page }) => {
    test.setTimeout(300_000);
    const findings: string[] = [];
    // A customer's chat for the support inbox to open.
    for (const slug of ['kebab', 'realestate'] as const) {
      await page.goto(shopUrl(slug));
      const customer = shopApi(page, slug);
      await customer.register(`093748${language === 'fa' ? 1 : 2}${slug === 'kebab' ? 1 : 2}000`, 'سارا نیک‌نام');
      await customer.call('send_message_web', { name: 'سارا نیک‌نام', message: 'سلام، یک پرسش دارم.' });
    }
    for (const slug of ['kebab', 'realestate'] as const) {
      const owner = await consoleLogIn(browser, slug);
      if (language === 'en') {
        await owner.getByTestId('console-language-switch').click();
        await expect(owner.getByTestId('console-language-switch')).toHaveText('فارسی');
      }
      const links = owner.getByRole('navigation').getByRole('link');
      await expect(links.first()).toBeVisible();
      const screens = await links.evaluateAll((anchors) => anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname));
      expect(screens.length).toBeGreaterThan(5);
      for (const path of screens) {
        await owner.getByRole('navigation').locator(`a[href="${path}"]`).click();
        // A screen of tabs opens on its first (customer messages: /messages/contact).
        await expect(owner).toHaveURL(new RegExp(`${path}(/contact)?$`));
        await expect(owner.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await expect(owner.getByRole('progressbar')).toHaveCount(0);
        findings.push(...(await audit(owner, `${slug} ${path}`)));
        // An order's detail, and a customer's chat, opened from their lists.
        if (path.endsWith('/inbox')) {
          await owner.getByTestId('inbox-chats').getByRole('button').first().click();
          await expect(owner.getByRole('log')).toBeVisible();
          findings.push(...(await audit(owner, `${slug} chat`)));
        }
        // The customer messages' other tabs: forms, the survey and the public messages.
        if (path.endsWith('/messages')) {
          for (const tab of await owner.getByRole('tablist').getByRole('tab').all()) {
            await tab.click();
            await expect(owner.getByRole('progressbar')).toHaveCount(0);
            findings.push(...(await audit(owner, `${slug} messages ${await tab.textContent()}`)));
          }
        }
        if (path.endsWith('/orders') && (await owner.getByTestId('board-order').count()) > 0) {
          await owner.getByTestId('board-order').first().click();
          await expect(owner.getByTestId('order-ticket')).toBeVisible();
          findings.push(...(await audit(owner, `${slug} order detail`)));
        }
      }
      await owner.context().close();
    }
    expect(findings).toEqual([]);
  });
}
