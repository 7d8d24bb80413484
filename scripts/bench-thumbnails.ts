// The pictures' bytes on the wire of the kebab home and a category page at 390 px (2x), once the owner has
// uploaded a photo for every item and every folder: what the lists load (their 320 px thumbnails,
// contract/thumbnails.ts) against what they would load with the full pictures (the same addresses without /thumb).
// A benchmark, not a test: prints the figures and exits 0; non-zero only when something could not run.
//
//   npm run bench:thumbnails                 build, then measure
//   npx tsx scripts/bench-thumbnails.ts      the same without building first
import console from 'node:console';
import process from 'node:process';
import sharp from 'sharp';
import { chromium, request as apiRequest, type Page } from 'playwright';
import { CONSOLE_API } from '@contract/console/rules';
import { UPLOAD_URL } from '@contract/endpoints/upload';
import { freePort, startBuiltServer } from './built-server.mjs';

const CHROME = process.env.E2E_CHROME ?? '/usr/bin/chromium';
const port = await freePort();
const server = startBuiltServer({ port, env: { ACCESS_LOG: '0' }, name: 'bench-thumbnails' });
const host = `kebab.localhost:${port}`;
const api = await apiRequest.newContext({ baseURL: `http://127.0.0.1:${port}`, extraHTTPHeaders: { Host: host, Origin: `http://${host}` } });

/** A 1600×1200 photo-like JPEG (smooth noise, as a camera's picture compresses), different for each `seed`. */
const photo = (seed: number) =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 0, g: 0, b: 0 }, noise: { type: 'gaussian', mean: 90 + (seed % 7) * 15, sigma: 60 } } })
    .resize(1600, 1200)
    .blur(1.2)
    .jpeg({ quality: 85 })
    .toBuffer();

async function consoleCall<T>(code: string, fields: Record<string, string>): Promise<T> {
  const reply = await api.post(CONSOLE_API, { form: { code, ...fields } });
  const body = (await reply.json()) as { status: boolean; message: string; data: T };
  if (!body.status) throw new Error(`${code}: ${body.message}`);
  return body.data;
}

async function upload(seed: number): Promise<number> {
  const reply = await api.post(UPLOAD_URL, { multipart: { type: 'shop_picture', file: { name: `photo-${seed}.jpg`, mimeType: 'image/jpeg', buffer: await photo(seed) } } });
  const body = (await reply.json()) as { status: boolean; message: string; data: { media: { id: number } } };
  if (!body.status) throw new Error(`upload: ${body.message}`);
  return body.data.media.id;
}

/** Every picture's address and bytes (the body as sent) a page loads, scrolled to its end. */
async function picturesOf(page: Page, url: string): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  const pending: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'image') return;
    pending.push(request.sizes().then((sizes) => void seen.set(new URL(request.url()).pathname, sizes.responseBodySize)));
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  for (let step = 0; step < 20; step += 1) {
    await page.mouse.wheel(0, 800);
    await page.waitForTimeout(150);
  }
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  page.removeAllListeners('requestfinished');
  return seen;
}

try {
  await server.whenReady(async () => (await api.get('/order/v2/')).ok());
  await consoleCall('staff_login', { username: 'admin', password: 'demo-kebab' });
  const catalog = await consoleCall<{ folders: { id: number }[]; items: { id: number }[] }>('catalog', {});
  let seed = 0;
  for (const item of catalog.items) await consoleCall('catalog_item_pictures', { item_id: String(item.id), picture_ids: JSON.stringify([await upload((seed += 1))]) });
  for (const folder of catalog.folders) await consoleCall('catalog_folder_picture', { folder_id: String(folder.id), picture_id: String(await upload((seed += 1))) });
  console.log(`uploaded ${seed} photos (1600×1200 JPEG) for ${catalog.items.length} items and ${catalog.folders.length} folders`);

  const browser = await chromium.launch({ executablePath: CHROME, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const fullBytes = async (path: string) => (await (await api.get(path.replace(/\/thumb$/, ''))).body()).length;
  for (const [name, path] of [
    ['home', '/order/v2/'],
    ['category (all products)', '/order/v2/cat'],
  ]) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const loaded = await picturesOf(page, `http://${host}${path}`);
    const shopPictures = [...loaded].filter(([url]) => /^\/media\/\d+(\/thumb)?$/.test(url));
    const thumbs = shopPictures.filter(([url]) => url.endsWith('/thumb'));
    const now = shopPictures.reduce((sum, [, bytes]) => sum + bytes, 0);
    let before = now;
    for (const [url, bytes] of thumbs) before += (await fullBytes(url)) - bytes;
    const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
    console.log(`${name}: ${shopPictures.length} shop pictures (${thumbs.length} by thumbnail): ${kib(now)} on the wire; the full pictures would be ${kib(before)} (${((1 - now / before) * 100).toFixed(0)}% less)`);
    await context.close();
  }
  await browser.close();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await api.dispose();
  await server.stop();
}
