import { expect, test, type Page } from './fixtures';
import { shopUrl } from './shops';

/** Every CSP violation the page reports, as events and as console messages. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (apply|load|execute|connect|frame)/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  await page.exposeFunction('reportCspViolation', (text: string) => violations.push(`event: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation: (text: string) => void }).reportCspViolation(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sample})`);
    });
  });
  return violations;
}

/** The run-time style tags (emotion's, goober's) all carry the page's nonce. */
async function expectNoncedStyles(page: Page) {
  const styles = await page.evaluate(() => [...document.querySelectorAll('style')].map((style) => ({ id: style.id || style.dataset.emotion || '?', nonce: style.nonce })));
  expect(styles.length).toBeGreaterThan(0);
  for (const style of styles) expect(style.nonce, style.id).toMatch(/^[A-Za-z0-9+/=]{22,}$/);
}

test('Scenario: home, category, item, basket and login render under the strict CSP with no violation', async ({ page }) => {
  test.setTimeout(90_000); // five screens at two shops
  const violations = await watchViolations(page);
  page.on('console', (message) => {
    if (message.type() === 'error') console.log('console error:', message.text());
  });

  const home = await page.goto(shopUrl('kebab'));
  const headers = home!.headers();
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['permissions-policy']).toContain('geolocation=(self)');
  const csp = headers['content-security-policy'];
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/style-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
  expect(csp).not.toContain('unsafe-inline');
  await expect(page.getByTestId('home')).toBeVisible();
  await expectNoncedStyles(page);

  // Category, then a product page (its visit is counted through the API).
  await page.getByTestId('home').getByRole('link', { name: 'پیتزا', exact: true }).first().click();
  await expect(page.getByTestId('category-page')).toBeVisible();
  await page.getByTestId('item-card').filter({ hasText: 'پیتزا مخصوص' }).click();
  await expect(page.getByTestId('item-page')).toBeVisible();
  // A guest's favourite is a toast (notistack, its own chunk and its own run-time style) asking to log in.
  await page.getByTestId('favorite-toggle').click();
  await expect(page.getByTestId('toast')).toContainText('وارد شوید');
  await expect(page.getByTestId('toast')).toHaveCount(1);
  await expectNoncedStyles(page);

  // A cart line at the grocery (open around the clock), then its basket.
  await page.goto(shopUrl('grocery'));
  const rice = 'برنج هاشمی ۱۰ کیلویی';
  const itemId = await page.evaluate(async (name) => {
    const reply = await fetch('/order/order.php', { method: 'POST', body: new URLSearchParams({ code: 'get_list_item', name, pagination: '0' }) });
    const items = ((await reply.json()) as { data: { items: { item_id: number; name: string }[] } }).data.items;
    return items.find((item) => item.name === name)?.item_id;
  }, rice);
  expect(itemId).toBeTruthy();
  await page.goto(`${shopUrl('grocery')}item/${itemId}/${encodeURIComponent(rice)}`);
  await page.getByTestId('add-to-cart').click();
  await expect(page.getByRole('link', { name: /سبد خرید، ۱/ })).toBeVisible();
  await page.goto(`${shopUrl('grocery')}basket`);
  await expect(page.getByTestId('cart-line')).toHaveCount(1);

  await page.goto(`${shopUrl('kebab')}authentication/login`);
  await expect(page.locator('input').first()).toBeVisible();
  await expectNoncedStyles(page);

  expect(violations).toEqual([]);
});

test('Scenario: the page cannot be framed and an injected inline script is refused', async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto(shopUrl('kebab'));
  await expect(page.getByTestId('home')).toBeVisible();
  // What an XSS would try: an inline <script> without the nonce.
  // An inserted inline script runs during appendChild, or never.
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__injected = true';
    document.body.appendChild(script);
    return Boolean((window as unknown as { __injected?: boolean }).__injected);
  });
  expect(ran).toBe(false);
  await expect.poll(() => violations.some((text) => text.includes('script-src'))).toBe(true);
});
