import { expect, test, type Page } from './fixtures';
import { shopUrl } from './shops';
import { codeFromOutbox, pageApi } from './shop-session';

const optionRow = (page: Page, nameEn: string) => page.locator(`[data-testid="option-row"][data-option-name="${nameEn}"]`);
const countOf = async (page: Page, nameEn: string) => Number(await optionRow(page, nameEn).getByTestId('option-count').getAttribute('data-count'));

test('Scenario: browse the kebab pizza folder, choose size 30 and sauces within the bounds, favorite asks to log in', async ({ page }) => {
  await page.goto(shopUrl('kebab'));
  await page.getByTestId('home').getByRole('link', { name: 'پیتزا', exact: true }).first().click();
  await expect(page.getByTestId('category-page')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'پیتزا' })).toBeVisible();
  // Headings go in order under the page's h1: each product is an h2 (Lighthouse heading-order).
  await expect(page.getByRole('heading', { level: 2, name: 'پیتزا مخصوص' })).toBeVisible();
  await page.getByTestId('item-card').filter({ hasText: 'پیتزا مخصوص' }).click();

  await expect(page.getByTestId('item-page')).toBeVisible();
  await expect(page.getByTestId('breadcrumbs')).toContainText('پیتزا');
  await expect(page.getByTestId('step-bounds')).toHaveText('حداقل تعداد انتخابی ۱ عدد · حداکثر تعداد انتخابی ۳ عدد');

  // The size is required: adding without it names what is missing.
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('missing-choice')).toHaveText('لطفا سایز را انتخاب کنید.');
  await page.locator('[data-choice="30 cm"]').click();
  await expect(page.getByTestId('missing-choice')).toHaveCount(0);
  await expect(page.getByTestId('item-price')).toHaveText('۴۴۰٬۰۰۰ تومان');

  // Ketchup starts at its minimum (1); one garlic makes 2 sauces.
  expect(await countOf(page, 'Ketchup')).toBe(1);
  await optionRow(page, 'Garlic sauce').getByTestId('option-up').click();
  await expect(page.getByTestId('option-step')).toHaveAttribute('data-total', '2');
  // A third is allowed…
  await optionRow(page, 'Hot sauce').getByTestId('option-up').click();
  await expect(page.getByTestId('option-step')).toHaveAttribute('data-total', '3');
  // …a fourth is refused, and ketchup cannot go below its minimum.
  await expect(optionRow(page, 'Mushroom sauce').getByTestId('option-up')).toBeDisabled();
  await expect(optionRow(page, 'Garlic sauce').getByTestId('option-up')).toBeDisabled();
  await expect(optionRow(page, 'Ketchup').getByTestId('option-down')).toBeDisabled();
  expect(await countOf(page, 'Mushroom sauce')).toBe(0);
  await expect(page.getByTestId('item-price')).toHaveText('۴۵۶٬۰۰۰ تومان');

  await page.getByTestId('add-to-cart').click();
  await expect(page.getByTestId('selection-ready')).toBeVisible();

  await page.getByTestId('favorite-toggle').click();
  await expect(page.getByText('لطفا ابتدا وارد شوید')).toBeVisible();
  await page.getByTestId('favorite-login-link').click();
  await expect(page).toHaveURL(/\/order\/v2\/authentication\/login$/);
});

test('Scenario: searching in Persian with the Arabic ي finds the pizzas; an empty search asks to fill the box', async ({ page }) => {
  await page.goto(`${shopUrl('kebab')}search`);
  await page.getByTestId('search-submit').click();
  await expect(page.getByText('لطفا کادر جستجو را پر کنید')).toBeVisible();
  await page.getByTestId('search-input').fill('پيتزا');
  await page.getByTestId('search-submit').click();
  await expect(page).toHaveURL(/search\?q=/);
  await expect(page.getByTestId('item-card')).toHaveCount(2);
  await expect(page.getByTestId('item-grid')).toContainText('پیتزا مخصوص');
  await page.getByTestId('search-input').fill('سوشی');
  await page.getByTestId('search-submit').click();
  await expect(page.getByTestId('empty-state')).toHaveText('محصولی مطابق «سوشی» پیدا نشد.');
});

test('Scenario: sorting the grocery by price orders the cards both ways; a price range narrows them', async ({ page }) => {
  const prices = async () => (await page.getByTestId('item-card').evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-price')))));
  await page.goto(`${shopUrl('grocery')}cat`);
  await expect(page.getByTestId('item-card').first()).toBeVisible();
  await page.getByRole('combobox', { name: 'مرتب‌سازی بر اساس' }).click();
  await page.getByTestId('sort-price_up').click();
  await expect(page).toHaveURL(/sort=price_up/);
  await expect.poll(async () => {
    const list = await prices();
    return list.length === 20 && list.every((price, index) => index === 0 || list[index - 1] <= price);
  }).toBe(true);
  await page.getByRole('combobox', { name: 'مرتب‌سازی بر اساس' }).click();
  await page.getByTestId('sort-price_down').click();
  await expect.poll(async () => {
    const list = await prices();
    return list.length === 20 && list.every((price, index) => index === 0 || list[index - 1] >= price);
  }).toBe(true);
  // The grocery shows rial: 100,000 to 400,000 rial.
  await page.getByTestId('price-from').fill('۱۰۰۰۰۰');
  await page.getByTestId('price-to').fill('400000');
  await page.getByTestId('price-apply').click();
  await expect(page).toHaveURL(/from=100000&to=400000/);
  await expect.poll(async () => {
    const list = await prices();
    return list.length > 0 && list.every((price) => price >= 100_000 && price <= 400_000);
  }).toBe(true);
});

test('Scenario: the nuts shop shows prices per kg and per g', async ({ page }) => {
  await page.goto(`${shopUrl('nuts')}cat`);
  await expect(page.getByTestId('item-card').first()).toBeVisible();
  await expect(page.getByTestId('item-card').filter({ hasText: 'پسته اکبری شور' })).toContainText('/ کیلوگرم');
  await expect(page.getByTestId('item-card').filter({ hasText: 'بادام درختی' })).toContainText('/ ۱۰۰ گرم');
  await page.getByTestId('item-card').filter({ hasText: 'بادام درختی' }).click();
  await expect(page.getByTestId('item-unit')).toHaveAttribute('data-unit', 'g');
  await expect(page.getByTestId('item-unit')).toHaveText('واحد: ۱۰۰ گرم');
});

test('Scenario: an item that fails to load says "An error occurred" and Retry loads it', async ({ page }) => {
  let fail = true;
  await page.route('**/order/order.php', async (route) => {
    if (fail && route.request().postData()?.includes('get_item')) {
      await route.fulfill({ status: 500, json: { status: false, result: 'server_error', data: null, message: 'An error occurred' } });
    } else {
      await route.continue();
    }
  });
  await page.goto(`${shopUrl('kebab')}search?q=${encodeURIComponent('دوغ')}`);
  await page.getByTestId('item-card').first().click();
  await expect(page.getByTestId('load-failure')).toContainText('خطایی رخ داده');
  fail = false;
  await page.getByRole('button', { name: 'تلاش دوباره' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'دوغ محلی' })).toBeVisible();
});

test('Scenario: the contact form needs name, phone and email, then sends', async ({ page }) => {
  await page.goto(`${shopUrl('kebab')}contact`);
  await page.getByTestId('contact-send').click();
  await expect(page.getByText('لطفا نام، ایمیل و شماره تماس را وارد کنید').first()).toBeVisible();
  await page.getByTestId('contact-name').fill('سارا احمدی');
  await page.getByTestId('contact-phone').fill('۰۹۱۲۱۲۳۴۵۶۷');
  await page.getByTestId('contact-email').fill('sara@example');
  await page.getByTestId('contact-send').click();
  await expect(page.getByText('ایمیل وارد شده معتبر نیست')).toBeVisible();
  await page.getByTestId('contact-email').fill('sara@example.com');
  await page.getByTestId('contact-send').click();
  await expect(page.getByText('پیام شما ارسال شد. سپاس!')).toBeVisible();
  // Sent once: the form starts blank, with no field marked.
  await expect(page.getByTestId('contact-name')).toHaveValue('');
  await expect(page.getByTestId('contact-email')).toHaveValue('');
  await expect(page.getByText('ایمیل وارد شده معتبر نیست')).toHaveCount(0);
});

test('Scenario: magazine post, gallery sizes, and the digital menu only where the shop enables it', async ({ page }) => {
  await page.goto(`${shopUrl('kebab')}magazine`);
  await expect(page.getByRole('heading', { level: 2, name: 'منوی پاییزی رسید' })).toBeVisible();
  await page.getByRole('heading', { level: 2, name: 'منوی پاییزی رسید' }).click();
  await expect(page.getByTestId('magazine-post-page')).toContainText('پیتزای مخصوص');
  await page.goto(`${shopUrl('kebab')}gallery`);
  const first = page.getByTestId('gallery-page').locator('img').first();
  await expect(first).toHaveAttribute('width', '800');
  await page.goto(`${shopUrl('menu')}digital`);
  await expect(page.getByTestId('menu-item').filter({ hasText: 'دیزی سنگی' })).toBeVisible();
  await page.goto(`${shopUrl('kebab')}digital`);
  await expect(page.getByTestId('digital-menu-page')).toHaveCount(0);
});

test('Scenario: after a real login by SMS code, favoriting an item marks it and lists it under favorites', async ({ page, request }) => {
  // The nuts shop: its own login rate limits, apart from the other specs' shops.
  await page.goto(`${shopUrl('nuts')}cat`);
  await page.getByTestId('item-card').filter({ hasText: 'بادام درختی' }).click();
  await expect(page.getByTestId('item-page')).toBeVisible();
  const itemPath = new URL(page.url()).pathname.replace('/order/v2', '');
  await page.getByTestId('favorite-toggle').click();
  await expect(page.getByText('لطفا ابتدا وارد شوید')).toBeVisible();
  await page.getByTestId('favorite-login-link').click();
  await expect(page).toHaveURL(/\/authentication\/login$/);

  const phone = '09351110601';
  await page.getByLabel('شماره موبایل').fill(phone);
  await page.getByLabel('شماره موبایل').press('Enter');
  await expect(page).toHaveURL(/\/authentication\/verify$/);
  await page.getByLabel('کد تایید').fill(await codeFromOutbox(request, phone));
  await page.getByLabel('کد تایید').press('Enter');
  await expect(page).toHaveURL(/\/authentication\/register$/);
  await page.getByLabel('نام و نام خانوادگی').fill('نسرین کاظمی');
  await page.getByRole('button', { name: 'ثبت‌نام' }).click();

  // Back on the item, now logged in: the heart marks the item.
  await expect(page).toHaveURL(new RegExp(`${itemPath}$`));
  const toggle = page.getByTestId('favorite-toggle');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await page.goto(`${shopUrl('nuts')}profile/favorite`);
  await expect(page.getByTestId('item-card')).toHaveCount(1);
  await expect(page.getByTestId('item-card')).toContainText('بادام درختی');
});

test('Scenario: a long list paints a screenful of cards first, then all of them, with the pagination last and nothing shifting', async ({ page }) => {
  await page.addInitScript(() => {
    const seen = window as unknown as { __shifts: number; __firstCards: number };
    seen.__shifts = 0;
    seen.__firstCards = 0;
    // the number of cards in the first commit that has any
    new MutationObserver(() => {
      if (seen.__firstCards === 0) seen.__firstCards = document.querySelectorAll('[data-testid="item-card"]').length;
    }).observe(document, { childList: true, subtree: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) (window as unknown as { __shifts: number }).__shifts += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  for (const slug of ['grocery', 'kebab']) {
    await page.goto(`${shopUrl(slug)}cat/0/all`);
    await expect(page.getByTestId('category-page')).toBeVisible();
    const { num_results: total } = await pageApi<{ num_results: number }>(page, 'get_list_item', { id: '0', get_children_anyway: '1', offset: '0', limit: '20' });
    expect(total).toBeGreaterThan(6);
    await expect(page.getByTestId('item-card')).toHaveCount(Math.min(total, 20));
    expect(await page.evaluate(() => (window as unknown as { __firstCards: number }).__firstCards)).toBe(6);
    await expect(page.getByRole('navigation', { name: /pagination|صفحه/i })).toHaveCount(total > 20 ? 1 : 0);
    expect(await page.evaluate(() => (window as unknown as { __shifts: number }).__shifts)).toBeLessThan(0.02);
  }
});
