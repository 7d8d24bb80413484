import { expect, test, type Page } from './fixtures';
import { shopUrl } from './shops';

interface CartReply {
  data: { lines: { item_id: number; name_en: string; item_count: number; size: { name: string; price: number } | null }[] };
}

/** The visitor's cart as the server holds it, asked from the page (its cookies, its host). */
const serverCart = (page: Page) =>
  page.evaluate(async () => {
    const reply = await fetch('/order/order.php', { method: 'POST', body: new URLSearchParams({ code: 'get_cart' }) });
    return ((await reply.json()) as CartReply).data.lines;
  });

/** Opens the special pizza, picks the 30 cm size («۳۰ سانتی‌متر») and adds it. */
async function addPizza30(page: Page) {
  await page.getByTestId('home').getByRole('link', { name: /^(پیتزا|Pizza)$/ }).first().click();
  await expect(page.getByTestId('category-page')).toBeVisible();
  await page.getByTestId('category-page').getByTestId('item-card').filter({ hasText: /پیتزا مخصوص|Special pizza/ }).first().click();
  await expect(page.getByTestId('item-page')).toBeVisible();
  await page.locator('[data-choice="30 cm"]').click();
  await page.getByTestId('add-to-cart').click();
}

// Two page loads and the item page in one test: more room than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

for (const language of ['fa', 'en'] as const) {
  test(`Scenario: the kebab pizza in size «۳۰ سانتی‌متر» is accepted by the server (${language})`, async ({ page }) => {
    await page.goto(shopUrl('kebab'));
    if (language === 'en') {
      await page.getByRole('button', { name: 'تغییر زبان به انگلیسی' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    }
    await addPizza30(page);
    // The server's answer, not the page's: the cart it keeps holds the line with the 30 cm size.
    await expect
      .poll(async () => (await serverCart(page)).filter((line) => line.name_en === 'Special pizza').map((line) => [line.size?.name, line.item_count]))
      .toEqual([[language === 'en' ? '30 cm' : '۳۰ سانتی‌متر', 1]]);
    await page.goto(`${shopUrl('kebab')}basket`);
    await expect(page.getByText(language === 'en' ? 'Special pizza' : 'پیتزا مخصوص').first()).toBeVisible();
  });
}
