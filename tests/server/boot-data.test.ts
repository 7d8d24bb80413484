import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categoryListRequest } from '../../contract/rules/category-list';
import type { BootData } from '../../contract/boot';
import type { Item, ItemDetail } from '../../contract/entities/catalog';
import { formatMoney } from '../../contract/money';
import { categoryFirstScreen } from '../../server/routes/first-screen-html';
import { shops } from '../../server/db/schema';
import { spaRoutes } from '../../server/routes/spa';
import { securityHeadersPlugin } from '../../server/plugins/security-headers';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { staffLogin } from './helpers/console-client';
import { flagsFields } from './helpers/shop-flags-fields';

/** A built index.html as Vite writes it: the placeholders the server fills, and a manifest naming the home chunk. */
const indexHtml = `<!doctype html>
<html lang="fa" dir="rtl">
  <head><meta charset="UTF-8" /><title>فروشگاه آنلاین</title><script type="module" crossorigin src="/order/v2/assets/index-abc.js"></script><link rel="stylesheet" crossorigin href="/order/v2/assets/index-abc.css"></head>
  <body><div id="root"><!--splash--></div><!--boot--></body>
</html>`;
const manifest = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_shared-1.js'], dynamicImports: ['_start-9.js'], css: ['assets/index-abc.css'] },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  // The app (src/app/start.tsx), which the entry imports after the first paint.
  '_start-9.js': { file: 'assets/start-9.js', isDynamicEntry: true, imports: ['_shared-1.js', '_react-3.js'] },
  '_react-3.js': { file: 'assets/react-3.js' },
  '_card-2.js': { file: 'assets/card-2.js', imports: ['_shared-1.js', '_react-3.js'] },
  'src/features/home/home-page.tsx': { file: 'assets/home-page-xyz.js', isDynamicEntry: true, imports: ['_card-2.js', '_shared-1.js', '_react-3.js'] },
  'src/features/catalog/category-page.tsx': { file: 'assets/category-page-cat.js', isDynamicEntry: true, imports: ['_card-2.js', '_shared-1.js'] },
  'src/i18n/catalogs/fa.ts': { file: 'assets/fa-111.js', isDynamicEntry: true },
  'src/i18n/catalogs/en.ts': { file: 'assets/en-222.js', isDynamicEntry: true },
};

let t: TestApp;
let spaDir: string;

function writeBuild(dir: string) {
  mkdirSync(join(dir, 'assets'));
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, 'index.html'), indexHtml);
  writeFileSync(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  for (const file of ['vazirmatn-arabic-400-normal-AAA.woff2', 'vazirmatn-arabic-700-normal-BBB.woff2', 'vazirmatn-latin-400-normal-CCC.woff2']) {
    writeFileSync(join(dir, 'assets', file), 'font');
  }
  writeFileSync(join(dir, 'assets', 'index-abc.css'), FONT_FACE);
}

const FONT_FACE = '@font-face{font-family:Vazirmatn;font-display:swap;src:url(/order/v2/assets/vazirmatn-arabic-400-normal-AAA.woff2) format("woff2")}';

beforeAll(async () => {
  spaDir = mkdtempSync(join(tmpdir(), 'storefront-boot-'));
  writeBuild(spaDir);
  t = await createTestApp({ spaDir });
});
afterAll(async () => {
  await t.close();
  rmSync(spaDir, { recursive: true, force: true });
});

const page = (slug: string, { cookie, path = '/order/v2/' }: { cookie?: string; path?: string } = {}) =>
  t.app.inject({ method: 'GET', url: path, headers: { host: `${slug}.localhost:8080`, ...(cookie ? { cookie } : {}) } });

/** The boot block of an index.html, parsed as the SPA parses it; null without one. */
function blockOf(html: string): BootData | null {
  const match = /<script type="application\/json" id="boot-data">(.*?)<\/script>/s.exec(html);
  return match ? (JSON.parse(match[1]) as BootData) : null;
}

/** The app's modules the page lists for the entry to preload after the first paint (src/main.tsx). */
function modulesOf(html: string): string[] {
  const match = /<script type="application\/json" id="app-modules">(.*?)<\/script>/s.exec(html);
  return match ? (JSON.parse(match[1]) as string[]) : [];
}

/** What the API answers a startup code, for the same visitor. */
async function api(slug: string, code: string, language: 'fa' | 'en', cookie?: string, fields: Record<string, unknown> = {}) {
  const response = await t.call(`${slug}.localhost:8080`, { code, language, ...fields }, { headers: cookie ? { cookie } : {} });
  return response.json() as { status: boolean; data: unknown };
}

async function shopId(slug: string): Promise<number> {
  const [row] = await t.db.select({ id: shops.id }).from(shops).where(eq(shops.slug, slug));
  return row.id;
}

const STEPS = [
  ['shop', 'get_shop'],
  ['user', 'get_user_detail'],
  ['conversations', 'get_all_conversations'],
  ['cart', 'get_cart'],
  ['slides', 'get_slides'],
  ['folders', 'get_all_folders'],
  ['banners', 'get_banners'],
] as const;

describe('index.html carries the visitor boot data (issue 11)', () => {
  it('Scenario: an anonymous visitor gets every startup step as the API answers it, in Persian, and no chat list', async () => {
    const response = await page('kebab');
    expect(response.statusCode).toBe(200);
    const block = blockOf(response.body);
    expect(block).not.toBeNull();
    expect(block?.language).toBe('fa');
    expect(block && 'conversations' in block).toBe(false);
    for (const [step, code] of STEPS) {
      if (step === 'conversations') continue;
      expect(block?.[step], step).toEqual((await api('kebab', code, 'fa')).data);
    }
    expect(block?.user).toBeNull();
    expect(block?.folders?.length).toBeGreaterThan(0);
    expect(response.body).toContain('<html lang="fa" dir="rtl">');
    expect(response.body).toContain(`<title>${block?.shop?.name}</title>`);
    expect(response.body).toContain(`<meta name="description" content="${block?.shop?.description}">`);
  });

  it('Scenario: at a master shop whose visitor chose a branch (the `branch` cookie), every step is the branch\'s, as the API answers', async () => {
    const chosen = await t.call('chain.localhost:8080', { code: 'select_branch', branch_id: String(await shopId('chain-isfahan')) });
    const branch = String(chosen.headers['set-cookie']).split(';')[0];
    const block = blockOf((await page('chain', { cookie: branch })).body);
    expect(block?.shop?.slug).toBe('chain-isfahan');
    for (const [step, code] of STEPS) {
      if (step === 'conversations') continue;
      expect(block?.[step], step).toEqual((await api('chain', code, 'fa', branch)).data);
    }
    expect(blockOf((await page('chain')).body)?.shop?.slug).toBe('chain');
  });

  it('Scenario: the lang cookie chooses English for the block, the page direction and the splash', async () => {
    const response = await page('kebab', { cookie: 'lang=en' });
    const block = blockOf(response.body);
    expect(block?.language).toBe('en');
    expect(block?.shop).toEqual((await api('kebab', 'get_shop', 'en')).data);
    expect(response.body).toContain('<html lang="en" dir="ltr">');
    expect(response.body).toContain('<h1>Tehran Nights Kebab House</h1>');
    expect(response.body).toContain('<p role="status">Loading…</p>');
    // Anything but fa or en is the spec's default.
    expect(blockOf((await page('kebab', { cookie: 'lang=de' })).body)?.language).toBe('fa');
  });

  it("Scenario: the head carries the shop's meta keywords (spec §3 shop.meta) in the page's language, escaped", async () => {
    const persian = (await page('kebab')).body;
    const keywords = blockOf(persian)?.shop?.meta.keywords;
    expect(keywords).toBeTruthy();
    expect(persian).toContain(`<meta name="keywords" content="${keywords}">`);
    const english = (await page('kebab', { cookie: 'lang=en' })).body;
    expect(english).toContain('<meta name="keywords" content="Tehran Nights Kebab House, online ordering">');
  });

  it("Scenario: the owner's search description and keywords (issue 32, shop_flags_update) are the next page's head, in its language; emptied, the shop's description is the head's again", async () => {
    const owner = (await staffLogin(t.app, 'cafe.localhost')).api;
    const settings = await owner.call('shop_settings');
    const fields = (change: Record<string, string>) => flagsFields(settings, change);
    await owner.call('shop_flags_update', fields({ meta_description_fa: 'قهوهٔ تازه & کیک', meta_description_en: 'Fresh coffee', meta_keywords_en: 'coffee, cake' }));
    expect((await page('cafe')).body).toContain('<meta name="description" content="قهوهٔ تازه &amp; کیک">');
    const english = (await page('cafe', { cookie: 'lang=en' })).body;
    expect(english).toContain('<meta name="description" content="Fresh coffee">');
    expect(english).toContain('<meta name="keywords" content="coffee, cake">');
    await owner.call('shop_flags_update', fields({ meta_description_fa: '', meta_description_en: '' }));
    const persian = (await page('cafe')).body;
    expect(persian).toContain(`<meta name="description" content="${blockOf(persian)?.shop?.description}">`);
    await owner.call('shop_flags_update', fields({}));
  });

  it('Scenario: a logged-in visitor gets their user and chat list; the page is private to them', async () => {
    const { cookie } = await t.signIn('kebab', { name: 'مریم بوت' });
    const response = await page('kebab', { cookie });
    const block = blockOf(response.body);
    expect(block?.user).toEqual((await api('kebab', 'get_user_detail', 'fa', cookie)).data);
    expect(block?.user).toMatchObject({ name: 'مریم بوت' });
    expect(block?.conversations).toEqual((await api('kebab', 'get_all_conversations', 'fa', cookie)).data);
    expect(block?.cart).toEqual((await api('kebab', 'get_cart', 'fa', cookie)).data);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(String(response.headers.vary)).toMatch(/cookie/i);
  });

  it.each(['members', 'wholesale', 'soon'])('Scenario: at %s the block ends where the API first refuses, so the SPA shows that refusal', async (slug) => {
    const block = blockOf((await page(slug)).body);
    const expected: string[] = [];
    for (const [step, code] of STEPS) {
      if (step === 'conversations') continue;
      const reply = await api(slug, code, 'fa');
      if (!reply.status) break;
      expected.push(step);
      expect(block?.[step], `${slug} ${step}`).toEqual(reply.data);
    }
    expect(Object.keys(block ?? {}).filter((key) => key !== 'v' && key !== 'language')).toEqual(expected);
    // A shop in development answers who it is and who you are, then refuses the rest (spec §2).
    if (slug === 'soon') expect(expected).toEqual(['shop', 'user']);
  });

  it('Scenario: a shop name cannot end the block or inject markup', async () => {
    const hostile = '</script><script>alert(1)</script><!-- & "x" $\' $&';
    const [row] = await t.db.select().from(shops).where(eq(shops.slug, 'cafe'));
    await t.db.update(shops).set({ nameEn: hostile }).where(eq(shops.id, row.id));
    // A fresh app: the shop cache would otherwise keep the old name for a few seconds.
    const fresh = await createTestApp({ spaDir, database: { connection: t.connection, drop: async () => {} } });
    try {
      const response = await fresh.app.inject({ method: 'GET', url: '/order/v2/', headers: { host: 'cafe.localhost:8080', cookie: 'lang=en' } });
      expect(response.body).not.toContain('</script><script>alert(1)');
      expect(response.body).not.toContain('<!-- &');
      expect(blockOf(response.body)?.shop?.name_en).toBe(hostile);
      expect(response.body).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &amp; &quot;x&quot; $&#39; $&amp;</title>');
      // Exactly one page: a `$'` in a text did not paste the rest of the template in again.
      expect(response.body.match(/<\/html>/g)).toHaveLength(1);
    } finally {
      await fresh.app.close();
      await t.db.update(shops).set({ nameEn: row.nameEn }).where(eq(shops.id, row.id));
    }
  });

  it('Scenario: a host that names no shop gets the page with a neutral splash and no block', async () => {
    const response = await page('nosuchshop');
    expect(response.statusCode).toBe(200);
    expect(blockOf(response.body)).toBeNull();
    expect(response.body).toContain('class="sf-splash"');
    expect(response.body).not.toContain('<h1>');
  });

  it("Scenario: where the server draws the first screen, the head preloads only what it shows (font, first slide) and the app's modules are listed for after it; elsewhere they are preloaded at once", async () => {
    const home = (await page('kebab')).body;
    const block = blockOf(home);
    // Nothing of the app competes with the first paint: no module preload in the page.
    expect(home).not.toContain('rel="modulepreload"');
    const modules = modulesOf(home);
    // The app and what it imports first, then the language's messages and the screen's chunk.
    expect(modules.slice(0, 2)).toEqual(['/order/v2/assets/start-9.js', '/order/v2/assets/react-3.js']);
    expect(modules).toEqual(expect.arrayContaining(['/order/v2/assets/home-page-xyz.js', '/order/v2/assets/card-2.js', '/order/v2/assets/fa-111.js']));
    // What the entry imports is loaded by the entry already.
    expect(modules).not.toContain('/order/v2/assets/shared-1.js');
    expect(new Set(modules).size).toBe(modules.length);
    expect(modules).not.toContain('/order/v2/assets/en-222.js');
    expect(home).toContain(`<link rel="preload" as="image" href="${block?.slides?.[0].picture}" fetchpriority="high">`);
    expect(home).toContain('<link rel="preload" as="font" type="font/woff2" href="/order/v2/assets/vazirmatn-arabic-400-normal-AAA.woff2" crossorigin>');
    const english = (await page('kebab', { cookie: 'lang=en' })).body;
    expect(english).toContain('href="/order/v2/assets/vazirmatn-latin-400-normal-CCC.woff2"');
    expect(modulesOf(english)).toContain('/order/v2/assets/en-222.js');
    expect(modulesOf(english)).not.toContain('/order/v2/assets/fa-111.js');

    // The cart's largest paint is the app's: its modules are wanted at once, in the head, each once and the app first.
    const cart = (await page('kebab', { path: '/order/v2/cart' })).body;
    expect(modulesOf(cart)).toEqual([]);
    const preloaded = [...cart.matchAll(/<link rel="modulepreload" href="([^"]+)" crossorigin>/g)].map((match) => match[1]);
    expect(preloaded.slice(0, 2)).toEqual(['/order/v2/assets/start-9.js', '/order/v2/assets/react-3.js']);
    expect(preloaded).toContain('/order/v2/assets/fa-111.js');
    expect(preloaded).not.toContain('/order/v2/assets/home-page-xyz.js');
    expect(new Set(preloaded).size).toBe(preloaded.length);
    expect(cart).not.toContain('as="image"');
    expect(cart).toContain('as="font"');
    // The digital menu's home opens with text, not the slider: no image is worth preloading.
    expect((await page('menu')).body).not.toContain('as="image"');
  });

  it("Scenario: a home that opens with its slider is drawn by the server (header and first slide) beside #root, so its largest paint needs no script; other pages get the splash", async () => {
    const home = (await page('kebab')).body;
    const slide = blockOf(home)?.slides?.[0];
    const first = /<div id="first-screen" class="sf-first" aria-busy="true">(.*?)<\/div><div id="root" aria-hidden="true" inert=""><\/div>/s.exec(home)?.[1];
    expect(first).toBeDefined();
    expect(first).toContain('<h1>کبابی شب‌های تهران</h1>');
    expect(first).toContain(`<img src="${slide?.picture}" alt="${slide?.title}" width="1200" height="400" fetchpriority="high">`);
    expect(first).toContain('role="progressbar"');
    expect(first).toContain('<p role="status">در حال بارگذاری…</p>');
    // The slider's shape is the interface's (restaurant: 16:9 on a phone, 3:1 from md), in the page's own style element.
    expect(home).toMatch(/\.sf-slider\{aspect-ratio:1\.77\d*\}@media \(min-width:900px\)\{\.sf-slider\{aspect-ratio:3\}\}<\/style>/);
    expect(home).not.toContain('class="sf-splash"');
    // In English the same screen speaks English.
    const english = (await page('kebab', { cookie: 'lang=en' })).body;
    expect(english).toContain('<h1>Tehran Nights Kebab House</h1>');
    expect(english).toContain('alt="Free delivery on your first order"');
    // The skincare shop's card slider sits in its frame.
    expect((await page('skincare')).body).toContain('<div class="sf-card"><div class="sf-slider">');
    // Not the home, or a home that opens with text: the splash in #root, no first screen.
    for (const other of [await page('kebab', { path: '/order/v2/cart' }), await page('menu')]) {
      expect(other.body).toContain('<div id="root"><main class="sf-splash"');
      expect(other.body).not.toContain('id="first-screen"');
    }
  });

  it("Scenario: a category page also carries its first list, as its screen asks it, and preloads its chunk and first pictures", async () => {
    const response = await page('kebab', { path: '/order/v2/cat/8/%D9%BE%DB%8C%D8%AA%D8%B2%D8%A7?sort=price_up' });
    const block = blockOf(response.body);
    const request = categoryListRequest(8, 1, 'price_up');
    expect(block?.list?.request).toEqual(JSON.parse(JSON.stringify(request)));
    const answer = (await api('kebab', 'get_list_item', 'fa', undefined, JSON.parse(JSON.stringify(request)))).data as { items: { picture: string }[] };
    expect(block?.list?.data).toEqual(answer);
    expect(answer.items.length).toBeGreaterThan(0);
    // The list's cards load the 320 px thumbnail (contract/thumbnails.ts), so that is what is preloaded.
    expect(answer.items[0].picture).toMatch(/^\/media\/\d+$/);
    expect(response.body).toContain(`<link rel="preload" as="image" href="${answer.items[0].picture}/thumb" fetchpriority="high">`);
    expect(response.body).not.toContain(`href="${answer.items[0].picture}"`);
    // The server draws the page (below): its chunk is listed for after the first paint, not preloaded beside the pictures.
    expect(response.body).not.toContain('rel="modulepreload"');
    expect(modulesOf(response.body)).toContain('/order/v2/assets/category-page-cat.js');
    expect(response.body).not.toContain('home-page-xyz.js');
    // Page 2, and the top folder
    expect(blockOf((await page('kebab', { path: '/order/v2/cat/0/all/2' })).body)?.list?.request).toMatchObject({ id: 0, offset: 20 });
    // A price range (the screen may refuse it), another page, or a folder of no one: no list, the screen asks the API.
    expect(blockOf((await page('kebab', { path: '/order/v2/cat/8/x?from=1000' })).body)?.list).toBeUndefined();
    expect(blockOf((await page('kebab', { path: '/order/v2/cart' })).body)?.list).toBeUndefined();
    const unknown = blockOf((await page('kebab', { path: '/order/v2/cat/999999/x' })).body);
    expect(unknown?.banners).toBeDefined();
    expect(unknown?.list).toBeUndefined();
  });

  it('Scenario: a category page with products is drawn by the server (title, subfolders, first cards linking to their products) beside #root; an empty one gets the splash', async () => {
    const response = await page('kebab', { path: '/order/v2/cat/8/%D9%BE%DB%8C%D8%AA%D8%B2%D8%A7' });
    const block = blockOf(response.body);
    const items = block?.list?.data.items ?? [];
    expect(items.length).toBeGreaterThan(1);
    const first = /<div id="first-screen" class="sf-first" aria-busy="true">(.*?)<\/div><div id="root" aria-hidden="true" inert=""><\/div>/s.exec(response.body)?.[1];
    expect(first).toBeDefined();
    // The header names the shop; the page's heading is the folder's, as the app's page frame has it.
    expect(first).toContain('<span>کبابی شب‌های تهران</span>');
    expect(first).toContain('<h1>پیتزا</h1>');
    // Each card is a link to its product's page under the SPA's base, with its picture (the first one fetched first) and its price as the app writes it.
    const cards = [...(first ?? '').matchAll(/<li><a href="([^"]+)"><div class="sf-picture[^"]*">(<img [^>]+>)?<\/div><div class="sf-body"><h2>([^<]+)<\/h2><span class="sf-price">([^<]+)<\/span>/g)];
    expect(cards.map((card) => card[3])).toEqual(items.slice(0, 6).map((item) => item.name));
    expect(cards[0][1]).toBe(`/order/v2/item/${items[0].item_id}/${encodeURIComponent(items[0].name.replace(/\s+/g, '-'))}`);
    expect(cards[0][2]).toBe(`<img src="${items[0].picture}/thumb" alt="" width="600" height="400" fetchpriority="high">`);
    expect(cards[1][2]).not.toContain('fetchpriority');
    expect(cards[0][4]).toBe(`${formatMoney(items[0].price, 'IRT', 'fa')}`);
    expect(cards[0][4]).toMatch(/^[۰-۹٬,]+ تومان$/);
    // The strict CSP: no style attribute anywhere (it would need 'unsafe-inline'), and the page's style carries the grid.
    expect(first).not.toContain('style=');
    expect(response.body).toMatch(/<style nonce="[^"]+">[^<]*\.sf-grid\{display:grid/);
    expect(first).toContain('<p role="status">در حال بارگذاری…</p>');
    // In English: the English names, paths and prices.
    const english = (await page('kebab', { path: '/order/v2/cat/8/Pizza', cookie: 'lang=en' })).body;
    expect(english).toContain('<h1>Pizza</h1>');
    expect(english).toContain(`<a href="/order/v2/item/${items[0].item_id}/${encodeURIComponent((items[0].name_en ?? '').replace(/\s+/g, '-'))}">`);
    expect(english).toContain(`<span class="sf-price">${formatMoney(items[0].price, 'IRT', 'en')}</span>`);
    // Every product: "All products".
    expect((await page('kebab', { path: '/order/v2/cat' })).body).toContain('<h1>همه محصولات</h1>');
    // A folder of no one has no list: the splash, and the app's modules preloaded at once.
    const unknown = (await page('kebab', { path: '/order/v2/cat/999999/x' })).body;
    expect(unknown).not.toContain('id="first-screen"');
    expect(unknown).toContain('<div id="root"><main class="sf-splash"');
    expect(unknown).toContain('rel="modulepreload"');
  });

  it("Scenario: a product's page carries its product as its screen asks it, and is drawn by the server (breadcrumb, picture, name, opening price, unit, description)", async () => {
    const response = await page('kebab', { path: '/order/v2/item/9/%D9%BE%DB%8C%D8%AA%D8%B2%D8%A7' });
    const block = blockOf(response.body);
    expect(block?.item?.request).toEqual({ id: 9 });
    const answer = (await api('kebab', 'get_item', 'fa', undefined, { id: 9 })).data as ItemDetail;
    expect(block?.item?.data).toEqual(answer);
    const { item } = answer;
    // Its main picture is the page's largest paint: preloaded first, the app's modules listed for after the first paint.
    expect(response.body).toContain(`<link rel="preload" as="image" href="${item.multipictures[0]}" fetchpriority="high">`);
    expect(response.body).not.toContain('rel="modulepreload"');
    const first = /<div id="first-screen" class="sf-first" aria-busy="true">(.*?)<\/div><div id="root" aria-hidden="true" inert=""><\/div>/s.exec(response.body)?.[1] ?? '';
    expect(first).toContain('<nav aria-label="مسیر صفحه"><ol><li><a href="/order/v2/">خانه</a></li><li aria-hidden="true">/</li><li><a href="/order/v2/cat/8/');
    expect(first).toContain(`<li aria-current="page">${item.name}</li>`);
    expect(first).toContain(`<img src="${item.multipictures[0]}" alt="${item.name}" width="600" height="400" fetchpriority="high">`);
    expect(first).toContain(`<h1>${item.name}</h1>`);
    // The price the page opens with: two sizes, none chosen yet, and ketchup (free) at its starting count.
    expect(item.data.sizes.length).toBeGreaterThan(1);
    expect(first).toContain(`<span class="sf-price">${formatMoney(item.price, 'IRT', 'fa')}</span><span class="sf-unit">واحد: عدد</span>`);
    expect(first).toContain(`<p>${item.description}</p>`);
    expect(first).not.toContain('style=');
    // In English
    const english = (await page('kebab', { path: '/order/v2/item/9/x', cookie: 'lang=en' })).body;
    expect(english).toContain(`<h1>${item.name_en}</h1>`);
    expect(english).toContain('<span class="sf-unit">Unit: piece</span>');
    // The skincare shop's /product/:id/:name is a product page too.
    const skincareList = await api('skincare', 'get_list_item', 'fa', undefined, JSON.parse(JSON.stringify(categoryListRequest(0, 1, 'default'))));
    const skincareItem = skincareList.data as { items: { item_id: number }[] };
    const skincare = await page('skincare', { path: `/order/v2/product/${skincareItem.items[0].item_id}/x` });
    expect(blockOf(skincare.body)?.item?.data.item.item_id).toBe(skincareItem.items[0].item_id);
    expect(skincare.body).toContain('id="first-screen"');
    // Another shop's product, or none: no product in the block, and the splash.
    for (const path of ['/order/v2/item/999999/x', '/order/v2/item/x']) {
      const other = (await page('kebab', { path })).body;
      expect(blockOf(other)?.item).toBeUndefined();
      expect(other).not.toContain('id="first-screen"');
    }
    expect(blockOf((await page('skincare', { path: '/order/v2/item/9/x' })).body)?.item).toBeUndefined();
  });

  it("Scenario: the cart page is drawn by the server from the visitor's cart (lines, totals, the controls as disabled ones); an empty cart says so; a guest at /cart gets the splash", async () => {
    const { cookie } = await t.signIn('kebab', { name: 'سبد اول' });
    // An empty cart: the title, "The basket is empty" and a link back to the shop.
    const empty = (await page('kebab', { path: '/order/v2/basket', cookie })).body;
    expect(empty).toContain('<section class="sf-cart"><h1>سبد خرید</h1><div class="sf-empty"><p>سبد خالی است</p><a href="/order/v2/">بازگشت به فروشگاه</a></div></section>');
    const added = await t.call('kebab.localhost:8080', { code: 'cart_controller', item_id: '9', size_name: '30 cm', count: '2' }, { headers: { cookie } });
    expect(added.json()).toMatchObject({ status: true });
    const response = await page('kebab', { path: '/order/v2/basket', cookie });
    const cart = blockOf(response.body)?.cart;
    const [line] = cart?.lines ?? [];
    expect(line).toMatchObject({ item_id: 9, item_count: 2 });
    const first = /<div id="first-screen" class="sf-first" aria-busy="true">(.*?)<\/div><div id="root" aria-hidden="true" inert=""><\/div>/s.exec(response.body)?.[1] ?? '';
    expect(first).toContain(`<li><div><b>${line.name}</b><span class="sf-sub">۳۰ سانتی‌متر</span>`);
    expect(first).toContain(`<span class="sf-line-price">${formatMoney(line.price, 'IRT', 'fa')}</span>`);
    // The count as the app writes it, between the slots of its buttons (not buttons yet: nothing to press).
    expect(first).toContain('<div class="sf-count" aria-hidden="true"><i></i><span>۲</span><i></i><i></i></div>');
    expect(first).toContain(`<div class="sf-total"><p>جمع کالاها</p><span>${formatMoney(cart?.summary.pure_price ?? 0, 'IRT', 'fa')}</span></div>`);
    expect(first).toContain('<p class="sf-later">هزینه ارسال، تخفیف‌ها و مبلغ قابل پرداخت در مراحل بعد محاسبه می‌شوند.</p>');
    expect(first).toContain('<div class="sf-go" aria-hidden="true">ادامه فرایند خرید</div>');
    expect(first).not.toContain('<button');
    expect(first).not.toContain('style=');
    // The cart page's chunk is listed for after the first paint.
    expect(response.body).not.toContain('rel="modulepreload"');
    // At /cart the logged-in visitor sees the same; a guest there is asked to log in, so the splash stands in.
    expect((await page('kebab', { path: '/order/v2/cart', cookie })).body).toContain('<section class="sf-cart">');
    const guest = (await page('kebab', { path: '/order/v2/cart' })).body;
    expect(guest).not.toContain('id="first-screen"');
    // In English
    const english = (await page('kebab', { path: '/order/v2/basket', cookie: `${cookie}; lang=en` })).body;
    expect(english).toContain('<div class="sf-total"><p>Items total</p>');
    expect(english).toContain('<div class="sf-count" aria-hidden="true"><i></i><span>2</span><i></i><i></i></div>');
  });

  it("Scenario: a picture's background colour goes into the page's style only when it is plainly a colour", () => {
    const item = (bg_color: string | null, item_id: number) => ({ item_id, name: 'الف', name_en: 'A', price: 10_000, unit: 'number', picture: null, bg_color }) as unknown as Item;
    const boot = {
      v: 1,
      language: 'fa',
      shop: { name: 'شاپ', name_en: 'Shop', logo: null, currency: 'IRT', interface_id: 2 },
      folders: [],
      list: { request: categoryListRequest(0, 1, 'default'), data: { folders: [], items: [item('#ffcc00', 1), item('red;}body{display:none', 2), item('rgba(0, 0, 0, .5)', 3)], num_results: 3, offset: 0, limit: 20, next_offset: null } },
    } as unknown as BootData;
    const drawn = categoryFirstScreen(boot, 'fa');
    expect(drawn?.css).toContain('.sf-grid .sf-bg0{background:#ffcc00}');
    expect(drawn?.css).toContain('.sf-grid .sf-bg2{background:rgba(0, 0, 0, .5)}');
    expect(drawn?.css).not.toContain('display:none');
    expect(drawn?.html).toContain('<div class="sf-picture">');
    // No products: nothing drawn.
    const list = boot.list as NonNullable<BootData['list']>;
    expect(categoryFirstScreen({ ...boot, list: { ...list, data: { ...list.data, items: [], num_results: 0 } } }, 'fa')).toBeNull();
  });

  it('Scenario: the entry stylesheet (the fonts) is written into the page under its nonce, not linked (no render-blocking request)', async () => {
    const response = await page('kebab');
    const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    expect(response.body).toContain(`<style nonce="${nonce}">${FONT_FACE}</style>`);
    expect(response.body).not.toContain('rel="stylesheet"');
  });
});

describe('index.html without boot data', () => {
  it('Scenario: when the boot data fails (a database fault) the page is still served, without a block', async () => {
    const app = Fastify();
    await app.register(securityHeadersPlugin, { mapTileUrl: null });
    await app.register(fastifyCookie);
    await app.register(spaRoutes, { spaDir, boot: () => Promise.reject(new Error('connection refused')) });
    const response = await app.inject({ method: 'GET', url: '/order/v2/', headers: { host: 'kebab.localhost:8080' } });
    await app.close();
    expect(response.statusCode).toBe(200);
    expect(blockOf(response.body)).toBeNull();
    expect(response.body).toContain('class="sf-splash"');
  });
});
