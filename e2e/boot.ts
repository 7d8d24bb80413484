import type { Page } from '@playwright/test';

/** The boot block as the server writes it (contract/boot.ts BOOT_ELEMENT_ID). */
const BOOT_BLOCK = /<script type="application\/json" id="boot-data">.*?<\/script>/s;

/**
 * Serves this page's index.html without its boot block, as when the server could
 * not write one (a database fault): the startup then loads every step through the
 * API, so a test can hold or fail those calls.
 */
export async function withoutBootData(page: Page): Promise<void> {
  await page.route('**/order/v2/**', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    // Node does not resolve *.localhost as Chromium does: fetch from localhost, naming the shop in Host.
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `http://localhost:${url.port}${url.pathname}${url.search}`, headers: { ...route.request().headers(), host: url.host } });
    const html = await response.text();
    if (!BOOT_BLOCK.test(html)) throw new Error('index.html carried no boot block to remove');
    await route.fulfill({ response, body: html.replace(BOOT_BLOCK, '') });
  });
}

/**
 * Every `code` the page posts to /order/order.php, in order. Read by a route (the
 * request event carries no multipart body); the call then goes on untouched.
 */
export async function postedCodes(page: Page): Promise<string[]> {
  const codes: string[] = [];
  await page.route('**/order/order.php', async (route) => {
    const body = route.request().postData() ?? '';
    const code = /name="code"\r\n\r\n([^\r]+)/.exec(body)?.[1] ?? /(?:^|&)code=([^&]+)/.exec(body)?.[1];
    if (code) codes.push(decodeURIComponent(code));
    await route.fallback();
  });
  return codes;
}
