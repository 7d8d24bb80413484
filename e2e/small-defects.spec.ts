import { expect, test, type Locator, type Page } from './fixtures';
import { E2E_PORT } from '../playwright.config';
import { shopUrl } from './shops';
import { shopApi } from './shop-session';

// Issue 10, defect 11 (the smaller ones, but the verify page's reload).

/** Opens a product's page by its Persian name (found through the API, not a home page loaded for it). */
async function openItem(page: Page, slug: string, name: string) {
  const list = await shopApi(page, slug).call<{ items: { item_id: number; name: string }[] }>('get_list_item', { name, pagination: '0' });
  const found = list.items.find((item) => item.name === name)?.item_id ?? null;
  expect(found, `seeded item ${name}`).not.toBeNull();
  await page.goto(`${shopUrl(slug)}item/${found}/${encodeURIComponent(name)}`);
  await expect(page.getByTestId('item-page')).toBeVisible();
}

const overlap = async (a: Locator, b: Locator) => {
  const [one, two] = [await a.boundingBox(), await b.boundingBox()];
  if (!one || !two) return false;
  return one.x < two.x + two.width && two.x < one.x + one.width && one.y < two.y + two.height && two.y < one.y + one.height;
};

test.describe('on a phone (390×844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Scenario: scrolled to the end of an item page, «بازگشت به بالای صفحه» covers neither the added alert nor the add button', async ({ page }) => {
    await openItem(page, 'kebab', 'پیتزا مخصوص');
    await page.locator('[data-choice="24 cm"]').click();
    await page.getByTestId('add-to-cart').click();
    const alert = page.getByTestId('selection-ready');
    await expect(alert).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const toTop = page.getByRole('button', { name: 'بازگشت به بالای صفحه' });
    await expect(toTop).toBeVisible();
    await expect(toTop).toHaveCSS('opacity', '1');
    expect(await overlap(toTop, alert), 'the button over the alert').toBe(false);
    expect(await overlap(toTop, page.getByTestId('add-to-cart')), 'the button over «افزودن به سبد»').toBe(false);
  });
});

test('Scenario: in English the size chips are not upper-cased', async ({ page }) => {
  await page.goto(shopUrl('kebab'));
  await page.evaluate(() => localStorage.setItem('storefront.language', 'en'));
  await openItem(page, 'kebab', 'پیتزا مخصوص');
  const chip = page.locator('[data-choice="24 cm"]');
  await expect(chip).toContainText('320,000 toman');
  expect(await chip.innerText()).toMatch(/^24 cm\s*320,000 toman$/);
});

test('Scenario: the pizza\'s placeholder picture has no English words in it', async ({ page }) => {
  await openItem(page, 'kebab', 'پیتزا مخصوص');
  const src = await page.getByTestId('item-page').getByRole('img', { name: 'پیتزا مخصوص' }).first().getAttribute('src');
  expect(src).toBeTruthy();
  const svg = await page.evaluate(async (url) => {
    const reply = await fetch(url);
    return reply.ok ? reply.text() : `HTTP ${reply.status}`;
  }, src!);
  expect(svg).toContain('<svg');
  expect(svg).not.toContain('Special pizza');
  expect(svg).not.toMatch(/[A-Za-z]{3,}<\/text>/);
});

test('Scenario: the sandbox bank\'s page has a favicon the browser can load', async ({ page }) => {
  const reply = await page.goto(`http://localhost:${E2E_PORT}/sandbox-gateway/pay/no-such-token`);
  expect(reply?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'تراکنش پیدا نشد' })).toBeVisible();
  // The icon a browser loads: the page's <link rel="icon"> (a data: URI needs no request), else /favicon.ico.
  const declared = await page.evaluate(() => document.querySelector('link[rel~="icon"]')?.getAttribute('href') ?? null);
  if (declared?.startsWith('data:')) return;
  const icon = await page.request.get(new URL(declared ?? '/favicon.ico', page.url()).toString());
  expect(icon.status(), `${declared ?? '/favicon.ico'}`).toBe(200);
});

test('Scenario: the wholesale demo says what the product does: a signed-in retailer sees prices before any approval', async ({ page }) => {
  await shopApi(page, 'wholesale').register('09391110301', 'فروشگاه نمونه');
  await page.goto(shopUrl('wholesale'));
  const home = page.getByTestId('home');
  await expect(home).toBeVisible();
  await expect(home).not.toContainText('پس از تأیید');
  await page.goto(`${shopUrl('wholesale')}cat`);
  await expect(page.getByTestId('item-card').filter({ hasText: 'دفتر ۱۰۰ برگ' })).toContainText('۲۱٬۰۰۰٬۰۰۰ ریال');
  await page.evaluate(() => localStorage.setItem('storefront.language', 'en'));
  await page.goto(shopUrl('wholesale'));
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(page.getByTestId('home')).not.toContainText(/once your access request is approved/i);
});
