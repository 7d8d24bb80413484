import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { APP_MODULES_ELEMENT_ID, BOOT_ELEMENT_ID, BOOT_PLACEHOLDER, COVERED_ROOT_ATTRIBUTES, type BootData } from '@contract/boot';
import { Interface, type Language } from '@contract/enums';
import { itemIdOfPath } from '@contract/item-paths';
import { localized } from '@contract/localized';
import { homeOpensWithSlides } from '@contract/rules/home-layouts';
import { thumbnailOf } from '@contract/thumbnails';
import { translate } from '../i18n/messages';
import { cartFirstScreen, categoryFirstScreen, homeFirstScreen, itemFirstScreen } from './first-screen-html';
import { escapeHtml } from './html-text';

/** Where the built index.html takes the splash (inside #root, so React replaces it when it mounts). */
export const SPLASH_PLACEHOLDER = '<!--splash-->';

/** What the first screen needs early, found once in the build: the home screen's chunks and the fonts. */
export interface FirstScreenAssets {
  /** the app's chunk and its static imports (src/app/start.tsx: the entry's dynamic import, made after the first paint) */
  appModules: string[];
  /** the home screen's lazy chunk and its static imports, as URLs */
  homeModules: string[];
  /** the same for the category screen */
  categoryModules: string[];
  /** the same for a product's screen */
  itemModules: string[];
  /** the same for the cart's screen */
  cartModules: string[];
  /** the language's message catalogs (src/i18n/catalogs/<language>.ts): the app renders nothing without them */
  catalogs: Record<Language, string[]>;
  /** the regular-weight font file the language's text needs first */
  fonts: Record<Language, string | null>;
  /** the entry's stylesheets (the fonts' @font-face), by URL, to write into the page instead of linking */
  entryStyles: Map<string, string>;
}

/** The storefront's entry in the build's manifest (the console has its own, console.html). */
const STOREFRONT_ENTRY = 'index.html';
const HOME_MODULE = 'src/features/home/home-page.tsx';
const CATEGORY_MODULE = 'src/features/catalog/category-page.tsx';
const ITEM_MODULE = 'src/features/catalog/item-page.tsx';
const CART_MODULE = 'src/features/cart/cart-page.tsx';

/** The screens whose chunks and first pictures index.html preloads. */
export type FirstScreen = 'home' | 'category' | 'item' | 'cart' | 'other';

/**
 * Which first screen a path under the SPA's base shows. The cart is the cart page at /basket (and
 * /cart-items at interface 7), and at /cart for a logged-in visitor (a guest there is asked to log in).
 */
export function firstScreenOf(path: string, boot: BootData | null): FirstScreen {
  if (path === '' || path === 'home' || path.startsWith('home/')) return 'home';
  if (path === 'cat' || path.startsWith('cat/')) return 'category';
  if (itemIdOfPath(path) !== null) return 'item';
  if (path === 'basket' || (path === 'cart' && boot?.user) || (path === 'cart-items' && boot?.shop?.interface_id === Interface.wholesale)) return 'cart';
  return 'other';
}
const CATALOG_MODULE = (language: Language) => `src/i18n/catalogs/${language}.ts`;

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
  dynamicImports?: string[];
}

/** Reads the build's manifest and font files; a build without them (or none) preloads nothing. */
export function firstScreenAssets(spaDir: string, base: string): FirstScreenAssets {
  const none: FirstScreenAssets = { appModules: [], homeModules: [], categoryModules: [], itemModules: [], cartModules: [], catalogs: { fa: [], en: [] }, fonts: { fa: null, en: null }, entryStyles: new Map() };
  const manifestPath = join(spaDir, '.vite/manifest.json');
  if (!existsSync(manifestPath)) return none;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  // The entry and what it imports are loaded by the entry script already. Only the storefront's
  // entry: the build has others (the operator console's console.html), whose chunks this page never loads.
  const entry = manifest[STOREFRONT_ENTRY];
  if (!entry) return none;
  const loaded = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const imported of manifest[key].imports ?? []) walk(imported, into);
  };
  walk(STOREFRONT_ENTRY, loaded);
  const entryStyles = inlinedStyles(spaDir, base, manifest, loaded);
  /** A lazy module and what it imports beyond what is loaded already, as URLs. */
  const lazyModule = (key: string) => {
    const modules = new Set<string>();
    walk(key, modules);
    return [...modules].filter((module) => !loaded.has(module)).map((module) => `${base}${manifest[module].file}`);
  };
  // Every page needs the app, which the entry imports once the splash has painted (src/main.tsx):
  // preloaded beside the entry; the screens' lists leave it out.
  const appKeys = entry.dynamicImports ?? [];
  const appModules = [...new Set(appKeys.flatMap(lazyModule))];
  for (const key of appKeys) walk(key, loaded);
  const homeModules = lazyModule(HOME_MODULE);
  const categoryModules = lazyModule(CATEGORY_MODULE);
  const itemModules = lazyModule(ITEM_MODULE);
  const cartModules = lazyModule(CART_MODULE);
  const catalogs = { fa: lazyModule(CATALOG_MODULE('fa')), en: lazyModule(CATALOG_MODULE('en')) };
  const assets = existsSync(join(spaDir, 'assets')) ? readdirSync(join(spaDir, 'assets')) : [];
  const font = (subset: string) => {
    const file = assets.find((name) => new RegExp(`^vazirmatn-${subset}-400-normal-[\\w-]+\\.woff2$`).test(name));
    return file ? `${base}assets/${file}` : null;
  };
  return { appModules, homeModules, categoryModules, itemModules, cartModules, catalogs, fonts: { fa: font('arabic'), en: font('latin') }, entryStyles };
}

/** The entry's stylesheets by URL: a linked stylesheet blocks the first paint for a round trip; these are a few hundred bytes. */
function inlinedStyles(spaDir: string, base: string, manifest: Record<string, ManifestChunk>, entryModules: Set<string>): Map<string, string> {
  const styles = new Map<string, string>();
  for (const key of entryModules) {
    for (const file of manifest[key].css ?? []) {
      const path = join(spaDir, file);
      const css = existsSync(path) ? readFileSync(path, 'utf8') : '';
      if (css && css.length < 16_000 && !css.includes('</')) styles.set(`${base}${file}`, css);
    }
  }
  return styles;
}

/** JSON that cannot end its <script> element or open a comment inside it. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

// The splash as React's Splash draws it (src/features/shell/splash.tsx), in plain CSS, so it paints
// from the HTML before any script and React's takes its place without a jump. 900px is MUI's md.
const SPLASH_CSS = `
body{margin:0;background:#faf7f5;color:rgba(0,0,0,.87);font-family:Vazirmatn,Tahoma,system-ui,sans-serif}
.sf-splash{position:fixed;inset:0;display:grid;place-items:center;background:#faf7f5;overflow:hidden}
.sf-splash>picture>img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}
.sf-splash-card{position:relative;text-align:center;padding:24px;border-radius:30px;min-width:240px}
.sf-splash-card.sf-over{background:rgba(255,255,255,.85)}
@media (max-width:899.95px){.sf-only-wide{display:none}.sf-over-narrow{background:rgba(255,255,255,.85)}}
@media (min-width:900px){.sf-only-narrow{display:none}.sf-over-wide{background:rgba(255,255,255,.85)}}
.sf-splash-card>img{display:block;margin:0 auto 16px;object-fit:contain}
.sf-splash-card>h1{margin:0 0 .35em;font-size:1.25rem;font-weight:700;line-height:1.6}
.sf-splash-bar{margin:16px 0;height:6px;border-radius:3px;background:#e8c5b9;overflow:hidden}
.sf-splash-card>p{margin:0;color:rgba(0,0,0,.6);line-height:1.5}
`;

/** The splash markup for the shop of the block (a neutral loader without one). */
function splashHtml(boot: BootData | null, language: Language): string {
  const shop = boot?.shop ?? null;
  const mobile = shop?.splash_image_link.mobile ?? null;
  const desktop = shop?.splash_image_link.desktop ?? null;
  // As React's splash: the mobile image below md, the desktop one from md; a missing one shows none there.
  const picture =
    mobile && desktop
      ? `<picture><source media="(min-width: 900px)" srcset="${escapeHtml(desktop)}"><img src="${escapeHtml(mobile)}" alt="" width="1080" height="1920"></picture>`
      : mobile || desktop
        ? `<picture class="sf-only-${mobile ? 'narrow' : 'wide'}"><img src="${escapeHtml((mobile ?? desktop) as string)}" alt="" width="1080" height="1920"></picture>`
        : '';
  const over = mobile && desktop ? ' sf-over' : mobile ? ' sf-over-narrow' : desktop ? ' sf-over-wide' : '';
  const logo = shop?.logo && shop.data.no_logo_in_splash !== 1 ? `<img src="${escapeHtml(shop.logo)}" alt="" width="96" height="96">` : '';
  const name = shop ? `<h1>${escapeHtml(localized(language, shop.name, shop.name_en))}</h1>` : '';
  return (
    `<main class="sf-splash" aria-busy="true">${picture}<div class="sf-splash-card${over}">${logo}${name}` +
    `<div class="sf-splash-bar" role="progressbar" aria-valuemin="0" aria-valuemax="100" aria-valuenow="0" aria-label="${escapeHtml(translate(language, 'splash_progress'))}"></div>` +
    `<p role="status">${escapeHtml(translate(language, 'splash_loading'))}</p></div></main>`
  );
}

/**
 * The first screen's preloads. In the head: what the first paint shows (the language's font, and
 * the largest picture: the home's first slide or a category's first cards), and the app's modules
 * (the app, the language's messages, the screen's chunk). Where the server drew the first screen
 * (`drawn`), its largest paint needs no script: the modules are then only listed, and the entry
 * preloads them once the first paint is done (src/main.tsx), so the picture and the font do not
 * share a slow line with ~200 KB of script. Elsewhere the app draws the largest paint, and its
 * modules are wanted at once.
 */
function preloadsHtml(
  boot: BootData | null,
  language: Language,
  assets: FirstScreenAssets,
  screen: FirstScreen,
  drawn: boolean,
): { head: string; modules: string[] } {
  const links: string[] = [];
  const modules = [...assets.appModules, ...assets.catalogs[language]];
  const font = assets.fonts[language];
  if (font) links.push(`<link rel="preload" as="font" type="font/woff2" href="${font}" crossorigin>`);
  if (screen === 'category') {
    // The first row of cards (two on a phone): the first is the largest paint.
    boot?.list?.data.items.slice(0, 2).forEach((item, index) => {
      if (item.picture) links.push(`<link rel="preload" as="image" href="${escapeHtml(thumbnailOf(item.picture))}"${index === 0 ? ' fetchpriority="high"' : ''}>`);
    });
    modules.push(...assets.categoryModules);
  }
  if (screen === 'item') {
    // The product's main picture is the page's largest paint.
    const picture = boot?.item?.data.item.multipictures[0];
    if (picture) links.push(`<link rel="preload" as="image" href="${escapeHtml(picture)}" fetchpriority="high">`);
    modules.push(...assets.itemModules);
  }
  if (screen === 'cart') modules.push(...assets.cartModules);
  if (screen === 'home') {
    const slide = boot?.slides?.[0];
    if (slide && boot?.shop && homeOpensWithSlides(boot.shop.interface_id)) {
      links.push(`<link rel="preload" as="image" href="${escapeHtml(slide.picture)}" fetchpriority="high">`);
    }
    modules.push(...assets.homeModules);
  }
  const unique = [...new Set(modules)];
  if (drawn) return { head: links.join(''), modules: unique };
  return { head: [...unique.map((module) => `<link rel="modulepreload" href="${module}" crossorigin>`), ...links].join(''), modules: [] };
}

const coveredRoot = Object.entries(COVERED_ROOT_ATTRIBUTES)
  .map(([name, value]) => `${name}="${value}"`)
  .join(' ');

/**
 * index.html for one visit: the language's lang/dir, the splash painted before
 * any script, the first screen's preloads, and the boot block (CSP-safe: a
 * JSON <script> is data, never executed).
 */
export function renderIndexHtml(
  template: string,
  { nonce, boot, language, assets, screen }: { nonce: string; boot: BootData | null; language: Language; assets: FirstScreenAssets; screen: FirstScreen },
): string {
  const dir = language === 'fa' ? 'rtl' : 'ltr';
  const shop = boot?.shop;
  // The shop's own name, description and keywords (spec §3 shop.meta) for the tab, search engines and link previews.
  // The owner's search description (the console's switches and texts) when written, else the shop's own description.
  const description = shop ? shop.meta.description || localized(language, shop.description, shop.description_en) : '';
  const keywords = shop?.meta.keywords ?? '';
  const meta =
    (description ? `<meta name="description" content="${escapeHtml(description)}">` : '') +
    (keywords ? `<meta name="keywords" content="${escapeHtml(keywords)}">` : '');
  // The home that opens with its slider, a category page with products, a product's page and the
  // cart are drawn as such over the app; every other page gets the splash.
  const first = { home: homeFirstScreen, category: categoryFirstScreen, item: itemFirstScreen, cart: cartFirstScreen, other: () => null }[screen](boot, language);
  const preloads = preloadsHtml(boot, language, assets, screen, first !== null);
  const head = `${meta}<style nonce="${nonce}">${SPLASH_CSS.trim()}${first?.css ?? ''}</style>${preloads.head}`;
  const block =
    (boot ? `<script type="application/json" id="${BOOT_ELEMENT_ID}">${scriptSafeJson(boot)}</script>` : '') +
    `<script type="application/json" id="${APP_MODULES_ELEMENT_ID}">${scriptSafeJson(preloads.modules)}</script>`;
  const title = shop ? `<title>${escapeHtml(localized(language, shop.name, shop.name_en))}</title>` : null;
  // Replacements are functions: a string would read `$&` or `$'` in the shop's texts as patterns.
  return template
    .replace(/<html lang="[^"]*" dir="[^"]*">/, () => `<html lang="${language}" dir="${dir}">`)
    .replace(/<title>[^<]*<\/title>/, (built) => title ?? built)
    .replace(/<link rel="stylesheet"[^>]*? href="([^"]+)"[^>]*>/g, (link, href: string) => {
      const css = assets.entryStyles.get(href);
      return css === undefined ? link : `<style nonce="${nonce}">${css.trim()}</style>`;
    })
    .replace('</head>', () => `${head}</head>`)
    // A first screen goes beside #root, not in it: React empties #root when it mounts. The app it
    // covers is hidden from screen readers and inert until it goes (src/ui/first-screen.ts).
    .replace(`<div id="root">${SPLASH_PLACEHOLDER}</div>`, (root) => (first ? `${first.html}<div id="root" ${coveredRoot}></div>` : root))
    .replace(SPLASH_PLACEHOLDER, () => splashHtml(boot, language))
    .replace(BOOT_PLACEHOLDER, () => block);
}
