// Gzipped bytes each measured route loads on a first visit: the entry named by
// dist/spa/index.html, its static imports, the route screen's lazy chunk and its
// imports, and their CSS. Fonts are listed apart (woff2 is already compressed).
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import console from 'node:console';
import process from 'node:process';

const outDir = 'dist/spa';
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
  ['Payment result (/successful-payment/:id)', ['src/features/checkout/result-page.tsx']],
];

if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run "vite build" first (build.manifest is on in vite.config.ts).`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const html = readFileSync(join(outDir, 'index.html'), 'utf8');

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entryFile = manifest[entryKey].file;
if (!html.includes(entryFile)) throw new Error(`index.html does not load the manifest's entry ${entryFile}`);

/** A chunk and everything it imports statically. */
function collect(key, chunks = new Set()) {
  if (chunks.has(key)) return chunks;
  chunks.add(key);
  for (const imported of manifest[key].imports ?? []) collect(imported, chunks);
  return chunks;
}

const read = (file) => readFileSync(join(outDir, file));
const gzipped = (files) => [...files].reduce((total, file) => total + gzipSync(read(file), { level: 9 }).length, 0);
const raw = (files) => [...files].reduce((total, file) => total + read(file).length, 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

const fonts = new Set();
for (const [label, modules] of routes) {
  const keys = collect(entryKey);
  for (const module of modules) {
    if (!manifest[module]) throw new Error(`${module} is not a chunk of its own in the manifest`);
    collect(module, keys);
  }
  const js = new Set();
  const css = new Set();
  for (const key of keys) {
    const chunk = manifest[key];
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const file of chunk.assets ?? []) if (/\.woff2$/.test(file)) fonts.add(file);
  }
  const jsBytes = gzipped(js);
  const cssBytes = gzipped(css);
  console.log(`${label} route, first visit (gzip -9):`);
  console.log(`  JS    ${String(jsBytes).padStart(8)} B  ${kb(jsBytes)}  (${js.size} files: ${[...js].join(', ')})`);
  console.log(`  CSS   ${String(cssBytes).padStart(8)} B  ${kb(cssBytes)}  (${css.size} files)`);
  console.log(`  total ${String(jsBytes + cssBytes).padStart(8)} B  ${kb(jsBytes + cssBytes)}`);
}
// In fa the page uses the arabic and latin subsets (400 and 700); latin-ext only loads if such glyphs appear.
const faFonts = [...fonts].filter((file) => /vazirmatn-(arabic|latin)-\d+-normal/.test(file));

console.log('Fonts (woff2, not gzipped):');
console.log(`  all subsets referenced  ${String(raw(fonts)).padStart(8)} B  ${kb(raw(fonts))}  (${fonts.size} files)`);
console.log(`  fa page (arabic+latin)  ${String(raw(faFonts)).padStart(8)} B  ${kb(raw(faFonts))}  (${faFonts.length} files)`);
