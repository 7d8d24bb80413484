import type { Page } from '@playwright/test';

/** The boot block as the server writes it (contract/boot.ts BOOT_ELEMENT_ID). */
const BOOT_BLOCK = /<script type="application\/json" id="boot-data">.*?<\/script>/s;

/**
 * Serves this page's index.html without its boot block, as when the server could
 * not write one (a database fault): the startup then loads every step through the
 * API, so a test can hold or fail those calls.
 */
export async function withoutBootData(page: Page): Promise<void> {
  await editBootBlock(page, () => '');
}

/**
 * Serves this page's index.html with its boot block less the data of the first screen's own
 * step (a category's list, a product), as when the block did not hold them: the app asks for
 * them, so a test can hold that call while the rest of the startup comes from the block.
 */
export async function withoutScreenData(page: Page): Promise<void> {
  await editBootBlock(page, (block) => {
    const json = /<script type="application\/json" id="boot-data">(.*?)<\/script>/s.exec(block)?.[1] ?? '{}';
    const { list: _list, item: _item, ...rest } = JSON.parse(json) as Record<string, unknown>;
    return `<script type="application/json" id="boot-data">${JSON.stringify(rest).replace(/</g, '\\u003c')}</script>`;
  });
}

async function editBootBlock(page: Page, edit: (block: string) => string): Promise<void> {
  await page.route('**/order/v2/**', async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    // Node does not resolve *.localhost as Chromium does: fetch from localhost, naming the shop in Host.
    const url = new URL(route.request().url());
    const response = await route.fetch({ url: `http://localhost:${url.port}${url.pathname}${url.search}`, headers: { ...route.request().headers(), host: url.host } });
    const html = await response.text();
    const block = BOOT_BLOCK.exec(html)?.[0];
    if (block === undefined) throw new Error('index.html carried no boot block to edit');
    await route.fulfill({ response, body: html.replace(block, () => edit(block)) });
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

/** Holds this page's calls of `code` until the returned function is called; the rest go on untouched. */
export async function holdCalls(page: Page, code: string): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/order/order.php', async (route) => {
    if (route.request().postData()?.includes(code)) await held;
    await route.fallback();
  });
  return release;
}
