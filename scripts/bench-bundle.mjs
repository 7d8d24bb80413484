// Bytes on the wire each measured route loads on a first visit, as the real built server sends
// them: index.html, the entry named by dist/spa/index.html, its static imports, the route
// screen's lazy chunk and its imports, their CSS, and the fa page's fonts. Each file is fetched
// as it is, with `Accept-Encoding: gzip` and with `Accept-Encoding: br, gzip`, and the bytes
// received (before decoding) are summed. Fails if a JS or CSS asset comes back without a
// Content-Encoding when the client accepts brotli.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import console from 'node:console';
import process from 'node:process';
import { freePort, startBuiltServer } from './built-server.mjs';

const outDir = 'dist/spa';
const base = '/order/v2/';
const manifestPath = join(outDir, '.vite/manifest.json');
/**
 * The measured routes and the modules of each one's lazy chunks: the screen, plus the chunks it
 * loads lazily on arrival (/cart's route switch loads the cart page; the address form loads the map).
 */
const routes = [
  ['Home', ['src/features/home/home-page.tsx']],
  ['Category (/cat)', ['src/features/catalog/category-page.tsx']],
  ['Item (/item)', ['src/features/catalog/item-page.tsx']],
  ['Cart (/cart)', ['src/app/cart-route.tsx', 'src/features/cart/cart-page.tsx']],
  ['Basket (/basket)', ['src/features/cart/cart-page.tsx']],
  ['Checkout delivery step (/cart, checked cart)', ['src/app/cart-route.tsx', 'src/features/checkout/delivery-page.tsx']],
  ['Checkout addresses (/cart/address)', ['src/features/checkout/address-list-page.tsx']],
  ['Checkout new address + map chunk (/cart/address/add)', ['src/features/checkout/address-form-page.tsx', 'src/features/checkout/address-map.tsx']],
  ['Checkout address edit + map chunk (/cart/address/edit/:id)', ['src/features/checkout/address-edit-page.tsx', 'src/features/checkout/address-map.tsx']],
  ['Checkout payment (/cart/payment)', ['src/features/checkout/payment-page.tsx']],
  ['Checkout payment, a later time chosen (+ the pickers\' chunk)', ['src/features/checkout/payment-page.tsx', 'src/ui/pickers/jalali-picker.tsx']],
  ['Payment result (/successful-payment/:id)', ['src/features/checkout/result-page.tsx']],
];

const consoleBase = '/order/console/';
const consoleManifestPath = join(outDir, '.vite/console-manifest.json');
/** The console's login and its first screen (the shell and the orders board) load at most this much JS on the wire. */
const CONSOLE_LOGIN_JS = 110 * 1024;
const CONSOLE_FIRST_SCREEN_JS = 150 * 1024;
/** A customer's first visit to the home loads at most this much JS as sent (brotli). */
const HOME_JS = 200 * 1024;
/** The console's measured screens: the chunks each loads after the entry, and its JS budget if it has one. */
// Each console screen also loads the operator's catalog (Persian, the default), a chunk of its own.
const consoleCatalog = 'src/console/locales/fa.po';
// The board's date filters are pickers, a lazy chunk (the Jalali calendar in fa) loaded once the operator asks for them.
const boardDates = ['src/console/orders/board-dates.tsx', 'src/ui/pickers/jalali-picker.tsx'];
const consoleRoutes = [
  ['Console login (logged out)', [consoleCatalog, 'src/console/login-page.tsx'], CONSOLE_LOGIN_JS],
  ['Console first screen: orders board (/order/console/orders)', [consoleCatalog, 'src/console/shell/console-shell.tsx', 'src/console/orders/board-screen.tsx'], CONSOLE_FIRST_SCREEN_JS],
  ['Console board, date filters opened (+ the pickers\' chunk)', [consoleCatalog, 'src/console/shell/console-shell.tsx', 'src/console/orders/board-screen.tsx', ...boardDates]],
  ['Console order detail (/order/console/orders/:id, from the board)', [consoleCatalog, 'src/console/shell/console-shell.tsx', 'src/console/orders/board-screen.tsx', 'src/console/orders/order-screen.tsx']],
  ['Console inbox (/order/console/inbox)', [consoleCatalog, 'src/console/shell/console-shell.tsx', 'src/console/inbox/inbox-screen.tsx']],
];

for (const path of [manifestPath, consoleManifestPath]) {
  if (existsSync(path)) continue;
  console.error(`No ${path}: run "npm run build" first (build.manifest is on in vite.config.ts and vite.console.config.ts).`);
  process.exit(1);
}
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run "npm run build" first (build.manifest is on in vite.config.ts).`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const html = readFileSync(join(outDir, 'index.html'), 'utf8');
// The storefront's entry (the build also has the operator console's, console.html).
const entryKey = 'index.html';
const entryFile = manifest[entryKey].file;
if (!html.includes(entryFile)) throw new Error(`index.html does not load the manifest's entry ${entryFile}`);

/** A chunk and everything it imports statically. */
function collect(key, chunks = new Set(), from = manifest) {
  if (chunks.has(key)) return chunks;
  chunks.add(key);
  for (const imported of from[key].imports ?? []) collect(imported, chunks, from);
  return chunks;
}

/**
 * The manifest key of a module's lazy chunk. A lazy chunk that also holds modules other chunks share (the
 * console's shell) is keyed by its chunk name ('_console-shell-….js'), not by its source: found by that name.
 */
function consoleChunk(from, module) {
  if (from[module]) return module;
  const name = module.replace(/^.*\//, '').replace(/\.[^.]+$/, '');
  const found = Object.entries(from).find(([, chunk]) => chunk.src === module || (chunk.isDynamicEntry && chunk.name === name));
  if (!found) throw new Error(`${module} is not a chunk of its own in the console's manifest`);
  return found[0];
}

const port = await freePort();
const host = `kebab.localhost:${port}`;

/** GET a path; the status, the headers, and the bytes received as sent (not decoded). */
const get = (path, acceptEncoding) =>
  new Promise((resolve, reject) => {
    const headers = { host, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) };
    const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
      let bytes = 0;
      res.on('data', (chunk) => (bytes += chunk.length));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, bytes }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });

// The real built server, as the e2e suite starts it: a fresh PGlite folder, the kebab shop.
const server = startBuiltServer({ port, env: { NODE_ENV: 'test' }, name: 'bench-bundle' });
const stop = () => server.stop();

let exitCode = 0;
try {
  await server.whenReady(async () => (await get(base)).status === 200);

  /** Sizes of one file on the wire: identity, gzip, brotli (or whatever the server picks for "br, gzip"). */
  const cache = new Map();
  const missing = [];
  async function measure(path) {
    if (cache.has(path)) return cache.get(path);
    const [raw, gzip, br] = [await get(path), await get(path, 'gzip'), await get(path, 'br, gzip')];
    for (const reply of [raw, gzip, br]) if (reply.status !== 200) throw new Error(`GET ${path} answered ${reply.status}`);
    if (/\.(?:js|css)$/.test(path) && !br.headers['content-encoding']) missing.push(path);
    const sizes = { raw: raw.bytes, gzip: gzip.bytes, br: br.bytes, encoding: br.headers['content-encoding'] ?? 'identity' };
    cache.set(path, sizes);
    return sizes;
  }
  async function sum(paths) {
    const total = { raw: 0, gzip: 0, br: 0, files: paths.length };
    for (const path of paths) {
      const sizes = await measure(path);
      total.raw += sizes.raw;
      total.gzip += sizes.gzip;
      total.br += sizes.br;
    }
    return total;
  }

  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`.padStart(10);
  const row = (label, t) => `  ${label.padEnd(18)}${kb(t.raw)}${kb(t.gzip)}${kb(t.br)}   ${String(t.br).padStart(7)} B  (${t.files} files)`;
  console.log(`Bytes on the wire, first visit, served by the built server (${host}):`);
  console.log(`  ${''.padEnd(18)}${'raw'.padStart(10)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}`);

  const htmlTotal = await sum([base]);
  // The server writes the entry's small stylesheets into the page (counted in HTML); only linked ones are fetched.
  const servedHtml = await (await fetch(`http://127.0.0.1:${port}${base}`, { headers: { host } })).text();
  const linked = (file) => servedHtml.includes(`href="${base}${file}"`);
  for (const [label, modules] of routes) {
    const keys = collect(entryKey);
    // Every page loads the app, which the entry imports once the splash has painted (src/main.tsx).
    for (const app of manifest[entryKey].dynamicImports ?? []) collect(app, keys);
    // Every page loads the visitor's message catalog (fa here) before it renders.
    for (const module of ['src/i18n/catalogs/fa.ts', ...modules]) {
      if (!manifest[module]) throw new Error(`${module} is not a chunk of its own in the manifest`);
      collect(module, keys);
    }
    const js = new Set();
    const css = new Set();
    const fonts = new Set();
    for (const key of keys) {
      const chunk = manifest[key];
      js.add(chunk.file);
      for (const file of chunk.css ?? []) css.add(file);
      for (const file of chunk.assets ?? []) if (/\.woff2$/.test(file)) fonts.add(file);
    }
    // In fa the page uses the arabic and latin subsets (400 and 700); latin-ext only loads if such glyphs appear.
    const faFonts = [...fonts].filter((file) => /vazirmatn-(arabic|latin)-\d+-normal/.test(file));
    const jsTotal = await sum([...js].map((file) => base + file));
    const cssTotal = await sum([...css].filter(linked).map((file) => base + file));
    const fontTotal = await sum(faFonts.map((file) => base + file));
    const all = ['raw', 'gzip', 'br', 'files'].reduce((t, k) => ({ ...t, [k]: htmlTotal[k] + jsTotal[k] + cssTotal[k] + fontTotal[k] }), {});
    console.log(`${label}:`);
    console.log(row('HTML', htmlTotal));
    console.log(row('JS', jsTotal));
    console.log(row('CSS', cssTotal));
    console.log(row('fonts (fa, woff2)', fontTotal));
    console.log(row('total', all));
    if (label === 'Home') console.log(`  JS budget ${kb(HOME_JS).trim()} (as sent, brotli): ${jsTotal.br > HOME_JS ? `OVER by ${kb(jsTotal.br - HOME_JS).trim()}` : 'within'}`);
  }
  // The operator console (console.html, its own manifest): the entry and its static imports, then the chunks of
  // the screen shown. The first screen of a staff member is the shell with the orders board (at most
  // CONSOLE_FIRST_SCREEN_JS on the wire); a logged-out visit loads the login form instead (CONSOLE_LOGIN_JS).
  const consoleManifest = JSON.parse(readFileSync(consoleManifestPath, 'utf8'));
  const consoleHtml = await sum([consoleBase]);
  for (const [label, modules, budget] of consoleRoutes) {
    const keys = new Set();
    for (const module of ['console.html', ...modules]) collect(consoleChunk(consoleManifest, module), keys, consoleManifest);
    const js = new Set();
    const css = new Set();
    for (const key of keys) {
      js.add(consoleManifest[key].file);
      for (const file of consoleManifest[key].css ?? []) css.add(file);
    }
    const jsTotal = await sum([...js].map((file) => base + file));
    const cssTotal = await sum([...css].map((file) => base + file));
    console.log(`${label}:`);
    console.log(row('HTML', consoleHtml));
    console.log(row('JS', jsTotal));
    console.log(row('CSS', cssTotal));
    if (budget) {
      const over = Math.max(jsTotal.gzip, jsTotal.br) > budget;
      // A benchmark, not a test: the verdict is printed, the exit code stays the transport's.
      console.log(`  JS budget ${kb(budget).trim()} (gzip and brotli): ${over ? `OVER by ${kb(Math.max(jsTotal.gzip, jsTotal.br) - budget).trim()}` : 'within'}`);
    }
  }

  // The Stately inspector is development's only: no production chunk of either app names it.
  const inspectorChunks = readdirSync(join(outDir, 'assets')).filter((file) => file.endsWith('.js') && /statelyai|createBrowserInspector/.test(readFileSync(join(outDir, 'assets', file), 'utf8')));
  console.log(`Stately inspector in production chunks: ${inspectorChunks.length === 0 ? 'none' : inspectorChunks.join(', ')}.`);
  if (inspectorChunks.length > 0) exitCode = 1;

  const indexEncoding = cache.get(base).encoding;
  console.log(`index.html is sent as ${indexEncoding}; assets as ${[...new Set([...cache].filter(([p]) => /\.(?:js|css)$/.test(p)).map(([, s]) => s.encoding))].join(', ')}.`);
  if (missing.length > 0) {
    console.error(`FAIL: the server sent ${missing.length} JS/CSS asset(s) without Content-Encoding for "Accept-Encoding: br, gzip" (e.g. ${missing[0]}).`);
    console.error('Were the assets precompressed (npm run build runs scripts/precompress.mjs) and is compression on (server/plugins/compression.ts)?');
    exitCode = 1;
  }
} catch (error) {
  console.error(`bench:bundle: ${error instanceof Error ? error.message : error}`);
  exitCode = 1;
} finally {
  await stop();
}
process.exit(exitCode);
