import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import sharp from 'sharp';
import { and, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { envelope } from '@contract/envelope';
import { UPLOAD_URL, UploadReplySchema } from '@contract/endpoints/upload';
import { CHAT_ERRORS, PICTURE_EDGE, THUMBNAIL_EDGE, UPLOAD_LIMITS } from '@contract/rules/chat';
import { CATALOG_PICTURES_MAX } from '@contract/rules/shop-pictures';
import { items, media, shops, uploads } from '../../server/db/schema';
import { UPLOAD_CSP } from '../../server/routes/upload-media';
import { call } from './checkout-support/helpers';
import { staffLogin } from './helpers/console-client';
import { filesUnder, form } from './helpers/upload-form';
import { createTestApp, type TestApp } from './helpers/create-test-app';

/*
 * The owner's pictures (issue 32): a staff upload (type shop_picture) goes through the customers' upload pipeline
 * (magic bytes, size and pixel limits, re-encoded without metadata) and becomes a media row of the shop, served
 * publicly at /media/:id; an item's pictures (catalog_item_pictures) and a slide name such ids, never another
 * shop's. Both databases.
 */

const KEBAB = 'kebab.localhost';
const GROCERY = 'grocery.localhost';
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
const uploadRoot = mkdtempSync(join(tmpdir(), 'storefront-pictures-test-'));
let t: TestApp;
let owner: Awaited<ReturnType<typeof staffLogin>>;
let staff: Awaited<ReturnType<typeof staffLogin>>;
beforeAll(async () => {
  t = await createTestApp({ uploadDir: join(uploadRoot, 'uploads') });
  owner = await staffLogin(t.app, KEBAB);
  await owner.api.call('team_add', { name: 'Counter', username: 'counter', password: 'counter-secret-1', role: 'staff' });
  staff = await staffLogin(t.app, KEBAB, 'counter', 'counter-secret-1');
});
afterAll(async () => {
  await t?.close();
  rmSync(uploadRoot, { recursive: true, force: true });
});

/** A shop picture sent as the console sends it: type first, then the file. */
function upload(data: Buffer, { cookie, host = KEBAB, language = 'en', filename = 'photo.jpg' }: { cookie: string | null; host?: string; language?: string; filename?: string }) {
  const { payload, contentType } = form([
    { name: 'type', value: 'shop_picture' },
    { name: 'file', filename, type: 'image/jpeg', data },
  ]);
  return t.app.inject({ method: 'POST', url: UPLOAD_URL, headers: { host, 'content-type': contentType, 'accept-language': language, ...(cookie ? { cookie } : {}) }, payload });
}

const get = (url: string, host = KEBAB) => t.app.inject({ method: 'GET', url, headers: { host } });

/** A 2400×1200 camera JPEG with a camera name and a GPS position in its EXIF. */
const cameraJpeg = () =>
  sharp({ create: { width: 2400, height: 1200, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .withExif({ IFD0: { Make: 'LeakyCam', Model: 'Leaky 1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 41/1 2400/100' } })
    .jpeg({ quality: 90 })
    .toBuffer();
const smallJpeg = (hue = 0) => sharp({ create: { width: 40, height: 30, channels: 3, background: { r: hue, g: 100, b: 100 } } }).jpeg().toBuffer();

const rows = async () => ({ uploads: (await t.db.select({ n: count() }).from(uploads))[0].n, media: (await t.db.select({ n: count() }).from(media))[0].n });

/** A refused upload: a 4xx, no file left, no upload or media row written. */
async function refused(request: () => Promise<LightMyRequestResponse>) {
  const [files, before] = [filesUnder(uploadRoot), await rows()];
  const response = await request();
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body).toBeLessThan(500);
  expect(filesUnder(uploadRoot)).toEqual(files);
  expect(await rows()).toEqual(before);
  return response;
}

/** The owner's upload, which must succeed: its media. */
async function ownerPicture(data?: Buffer) {
  const response = await upload(data ?? (await smallJpeg(Math.floor(Math.random() * 255))), { cookie: owner.cookie });
  expect(response.statusCode, response.body).toBe(200);
  return v.parse(envelope(UploadReplySchema), response.json()).data.media;
}

const shopIdOf = async (slug: string) => (await t.db.select().from(shops).where(eq(shops.slug, slug)))[0].id;

describe(`the owner's picture upload (${database})`, () => {
  it('Scenario: the owner uploads a camera photo: it becomes a media row of the shop, re-encoded without EXIF and fitted, served publicly at /media/:id with a thumbnail; another shop does not serve it', async () => {
    const picture = await ownerPicture(await cameraJpeg());
    expect(picture.url).toBe(`/media/${picture.id}`);
    expect(picture.thumbnail_url).toBe(`/media/${picture.id}/thumb`);
    const [row] = await t.db.select().from(media).where(eq(media.id, picture.id));
    expect(row).toMatchObject({ shopId: await shopIdOf('kebab'), body: null });
    const [stored] = await t.db.select().from(uploads).where(eq(uploads.id, row.uploadId!));
    expect(stored).toMatchObject({ kind: 'shop_picture', userId: null, mime: 'image/jpeg' });
    expect(stored.staffId).toBeGreaterThan(0);

    // Anyone (no cookie) sees it: the shop's public pictures.
    const served = await get(picture.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-security-policy']).toBe(UPLOAD_CSP);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(PICTURE_EDGE);
    expect(served.rawPayload.includes(Buffer.from('LeakyCam'))).toBe(false);
    const thumb = await get(picture.thumbnail_url!);
    expect(thumb.statusCode).toBe(200);
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect(Math.max(thumbMeta.width!, thumbMeta.height!)).toBeLessThanOrEqual(THUMBNAIL_EDGE);

    expect((await get(picture.url, GROCERY)).statusCode).toBe(404);
    // A seeded SVG picture still serves, and its thumbnail is the picture itself.
    const [svg] = await t.db.select().from(media).where(and(eq(media.shopId, await shopIdOf('kebab')))).limit(1);
    expect((await get(`/media/${svg.id}`)).headers['content-type']).toContain('svg');
    expect((await get(`/media/${svg.id}/thumb`)).statusCode).toBe(200);
  });

  it('Scenario: staff, a customer and a stranger are refused a shop picture, and a text file named .jpg or an oversize picture is refused in fa and en; nothing is written', async () => {
    const jpeg = await smallJpeg();
    const asStaff = await refused(() => upload(jpeg, { cookie: staff.cookie }));
    expect(asStaff.statusCode).toBe(403);
    expect(asStaff.json()).toMatchObject({ result: 'owner_only', message: "Only the shop's owner can do this." });
    const { cookie } = await t.signIn('kebab');
    expect((await refused(() => upload(jpeg, { cookie }))).statusCode).toBe(401);
    expect((await refused(() => upload(jpeg, { cookie: null }))).statusCode).toBe(401);

    const text = Buffer.from('name,price\nkebab,100\n'.repeat(20));
    const typeEn = await refused(() => upload(text, { cookie: owner.cookie, filename: 'menu.jpg' }));
    expect(typeEn.statusCode).toBe(415);
    expect(typeEn.json()).toMatchObject({ result: CHAT_ERRORS.fileType, message: 'unauthorized file type: only JPEG, PNG and WebP pictures can be sent.' });
    const typeFa = await refused(() => upload(text, { cookie: owner.cookie, filename: 'menu.jpg', language: 'fa' }));
    expect(typeFa.json().message).toMatch(/[\u0600-\u06FF]/);

    const big = Buffer.concat([jpeg, Buffer.alloc(UPLOAD_LIMITS.shop_picture.maxBytes + 1 - jpeg.length)]);
    const size = await refused(() => upload(big, { cookie: owner.cookie }));
    expect(size.statusCode).toBe(413);
    expect(size.json().result).toBe(CHAT_ERRORS.fileSize);
  });
});

describe(`an item's pictures (${database})`, () => {
  it('Scenario: the owner gives an item two pictures, reorders and removes them; every customer read shows each change at once (first = cover)', async () => {
    const [item] = await t.db.select().from(items).where(and(eq(items.shopId, await shopIdOf('kebab')), eq(items.type, 1))).limit(1);
    const storefront = async () => (await call(t, KEBAB, null, 'get_item', { id: item.id })).data.item;
    expect((await storefront()).multipictures.length).toBeGreaterThan(0); // primed in the read and reply caches
    const [a, b] = [await ownerPicture(), await ownerPicture()];

    const set = await owner.api.call('catalog_item_pictures', { item_id: String(item.id), picture_ids: JSON.stringify([a.id, b.id]) });
    expect(set.pictures.map((picture) => picture.id)).toEqual([a.id, b.id]);
    expect(set.picture).toBe(`/media/${a.id}`);
    expect(await storefront()).toMatchObject({ picture: `/media/${a.id}`, picture_id: a.id, multipictures: [`/media/${a.id}`, `/media/${b.id}`] });

    await owner.api.call('catalog_item_pictures', { item_id: String(item.id), picture_ids: JSON.stringify([b.id, a.id]) });
    expect(await storefront()).toMatchObject({ picture: `/media/${b.id}`, multipictures: [`/media/${b.id}`, `/media/${a.id}`] });

    const none = await owner.api.call('catalog_item_pictures', { item_id: String(item.id), picture_ids: '[]' });
    expect(none.pictures).toEqual([]);
    expect(await storefront()).toMatchObject({ picture: null, picture_id: null, multipictures: [] });
  });

  it("Scenario: another shop's picture, a repeated or unknown id, too many pictures, another shop's item and a staff member are refused; the item is as it was", async () => {
    const kebab = await shopIdOf('kebab');
    const [item] = await t.db.select().from(items).where(and(eq(items.shopId, kebab), eq(items.type, 1))).limit(1);
    const [foreignPicture] = await t.db.select().from(media).where(eq(media.shopId, await shopIdOf('grocery'))).limit(1);
    const [foreignItem] = await t.db.select().from(items).where(and(eq(items.shopId, await shopIdOf('grocery')), eq(items.type, 1))).limit(1);
    const mine = await ownerPicture();
    const before = (await t.db.select().from(items).where(eq(items.id, item.id)))[0];
    const post = (ids: unknown, language = 'en', itemId = item.id, client = owner.api) =>
      client.post({ code: 'catalog_item_pictures', item_id: String(itemId), picture_ids: JSON.stringify(ids) }, language);

    for (const language of ['en', 'fa'] as const) {
      const foreign = await post([mine.id, foreignPicture.id], language);
      expect(foreign.statusCode).toBe(400);
      expect(foreign.body).toMatchObject({ result: 'invalid_input', data: { field: 'picture_ids' } });
      expect(foreign.body.message).toBe(language === 'en' ? 'This picture is not one of this shop’s pictures.' : 'این تصویر از تصاویر این فروشگاه نیست.');
    }
    expect((await post([mine.id, mine.id])).statusCode).toBe(400);
    expect((await post([99_999_999])).statusCode).toBe(400);
    const many = await post(Array.from({ length: CATALOG_PICTURES_MAX + 1 }, () => mine.id));
    expect(many.statusCode).toBe(400);
    expect((await post([mine.id], 'en', foreignItem.id)).statusCode).toBe(404);
    const asStaff = await post([mine.id], 'en', item.id, staff.api);
    expect(asStaff).toMatchObject({ statusCode: 403, body: { result: 'owner_only' } });

    const after = (await t.db.select().from(items).where(eq(items.id, item.id)))[0];
    expect({ cover: after.pictureMediaId, all: after.multipictures }).toEqual({ cover: before.pictureMediaId, all: before.multipictures });
  });

  it("Scenario: the owner sets a folder's picture and removes it: the storefront's folder list shows each at once; another shop's picture is refused", async () => {
    const [folder] = await t.db.select().from(items).where(and(eq(items.shopId, await shopIdOf('kebab')), eq(items.type, 2), eq(items.folderId, 0))).limit(1);
    const listed = async () => (await call(t, KEBAB, null, 'get_list_item', { id: 0 })).data.folders.find((entry) => entry.item_id === folder.id);
    expect(await listed()).toBeDefined(); // primed
    const mine = await ownerPicture();
    const set = await owner.api.call('catalog_folder_picture', { folder_id: String(folder.id), picture_id: String(mine.id) });
    expect(set.picture).toBe(`/media/${mine.id}`);
    expect(await listed()).toMatchObject({ picture: `/media/${mine.id}`, picture_id: mine.id });
    const [foreign] = await t.db.select().from(media).where(eq(media.shopId, await shopIdOf('grocery'))).limit(1);
    const refusedFolder = await owner.api.post({ code: 'catalog_folder_picture', folder_id: String(folder.id), picture_id: String(foreign.id) });
    expect(refusedFolder).toMatchObject({ statusCode: 400, body: { result: 'invalid_input', data: { field: 'picture_id' } } });
    expect(await listed()).toMatchObject({ picture_id: mine.id });
    await owner.api.call('catalog_folder_picture', { folder_id: String(folder.id), picture_id: '0' });
    expect(await listed()).toMatchObject({ picture: null, picture_id: null });
  });

  it("Scenario: an uploaded picture makes a slide the storefront's home shows at once; another shop's picture is refused", async () => {
    const picture = await ownerPicture();
    const added = await owner.api.call('home_picture_add', { kind: 'slide', title: 'تازه', title_en: 'New', picture_id: String(picture.id) });
    expect(added.slides.at(-1)?.picture).toBe(`/media/${picture.id}`);
    const slides = (await t.call(KEBAB, { code: 'get_slides' })).json().data as { picture: string }[];
    expect(slides.map((slide) => slide.picture)).toContain(`/media/${picture.id}`);
    const [foreign] = await t.db.select().from(media).where(eq(media.shopId, await shopIdOf('grocery'))).limit(1);
    const refusedSlide = await owner.api.post({ code: 'home_picture_add', kind: 'slide', title: 'x', title_en: 'x', picture_id: String(foreign.id) });
    expect(refusedSlide.body.result).toBe('invalid_input');
  });
});

describe(`the owner's gallery (${database})`, () => {
  it("Scenario: the owner adds an uploaded picture to the gallery, retitles and removes it; the storefront's gallery shows each change at once with the upload's size", async () => {
    const gallery = async () => (await call(t, KEBAB, null, 'get_gallery')).data;
    const before = await gallery(); // primed
    const picture = await ownerPicture(await cameraJpeg());
    const added = await owner.api.call('gallery_picture_save', { title: 'حیاط', title_en: 'Courtyard', picture_id: String(picture.id) });
    const entry = added.at(-1)!;
    expect(entry).toMatchObject({ title: 'حیاط', title_en: 'Courtyard', picture_id: picture.id, width: picture.width, height: picture.height });
    expect((await gallery()).at(-1)).toMatchObject({ id: entry.id, title: 'حیاط', picture: `/media/${picture.id}`, width: picture.width, height: picture.height });

    await owner.api.call('gallery_picture_save', { id: String(entry.id), title: 'حیاط شب', title_en: 'Courtyard at night', picture_id: String(picture.id) });
    expect((await gallery()).at(-1)).toMatchObject({ id: entry.id, title: 'حیاط شب', title_en: 'Courtyard at night' });

    await owner.api.call('gallery_picture_remove', { id: String(entry.id) });
    expect(await gallery()).toEqual(before);
  });

  it("Scenario: the owner moves a gallery picture up and down: the storefront's gallery shows the new order on its next read; at an end nothing moves; staff and another shop's entry are refused", async () => {
    const gallery = async () => (await call(t, KEBAB, null, 'get_gallery')).data.map((entry) => entry.id);
    const picture = await ownerPicture();
    await owner.api.call('gallery_picture_save', { title: 'یک', title_en: 'One', picture_id: String(picture.id) });
    const added = await owner.api.call('gallery_picture_save', { title: 'دو', title_en: 'Two', picture_id: String(picture.id) });
    const [one, two] = added.slice(-2).map((entry) => entry.id);
    const before = await gallery(); // primed
    expect(before.slice(-2)).toEqual([one, two]);
    const moved = await owner.api.call('gallery_picture_move', { id: String(two), direction: 'up' });
    expect(moved.slice(-2).map((entry) => entry.id)).toEqual([two, one]);
    expect((await gallery()).slice(-2)).toEqual([two, one]);
    expect((await owner.api.call('gallery_picture_move', { id: String(one), direction: 'down' })).map((entry) => entry.id)).toEqual(await gallery());
    expect((await gallery()).slice(-2)).toEqual([two, one]);
    await owner.api.call('gallery_picture_move', { id: String(two), direction: 'down' });
    expect((await gallery()).slice(-2)).toEqual([one, two]);

    const grocery = await staffLogin(t.app, GROCERY);
    const [foreign] = await t.db.select().from(media).where(eq(media.shopId, await shopIdOf('grocery'))).limit(1);
    const [grocerysEntry] = await grocery.api.call('gallery_picture_save', { title: 'قفسه', title_en: 'Shelf', picture_id: String(foreign.id) });
    const unchanged = await gallery();
    expect(await staff.api.post({ code: 'gallery_picture_move', id: String(one), direction: 'up' })).toMatchObject({ statusCode: 403, body: { result: 'owner_only' } });
    expect(await owner.api.post({ code: 'gallery_picture_move', id: String(grocerysEntry.id), direction: 'up' })).toMatchObject({ statusCode: 404, body: { result: 'not_found' } });
    expect((await owner.api.post({ code: 'gallery_picture_move', id: String(one), direction: 'left' })).statusCode).toBe(400);
    expect(await gallery()).toEqual(unchanged);
    await owner.api.call('gallery_picture_remove', { id: String(one) });
    await owner.api.call('gallery_picture_remove', { id: String(two) });
    await grocery.api.call('gallery_picture_remove', { id: String(grocerysEntry.id) });
  });

  it("Scenario: staff, another shop's picture or entry, and blank titles are refused in fa and en; the gallery is as it was", async () => {
    const gallery = async () => (await call(t, KEBAB, null, 'get_gallery')).data;
    const before = await gallery();
    const picture = await ownerPicture();
    const [foreign] = await t.db.select().from(media).where(eq(media.shopId, await shopIdOf('grocery'))).limit(1);
    const grocery = await staffLogin(t.app, GROCERY);
    // The grocery's own gallery picture (a seeded SVG picture of its own: drawn 800×600).
    const [grocerysEntry] = await grocery.api.call('gallery_picture_save', { title: 'قفسه', title_en: 'Shelf', picture_id: String(foreign.id) });
    expect(grocerysEntry).toMatchObject({ picture_id: foreign.id, width: 800, height: 600 });
    const asStaff = await staff.api.post({ code: 'gallery_picture_save', title: 'x', title_en: 'x', picture_id: String(picture.id) });
    expect(asStaff).toMatchObject({ statusCode: 403, body: { result: 'owner_only' } });
    for (const language of ['fa', 'en'] as const) {
      const refusedPicture = await owner.api.post({ code: 'gallery_picture_save', title: 'x', title_en: 'x', picture_id: String(foreign.id) }, language);
      expect(refusedPicture).toMatchObject({ statusCode: 400, body: { result: 'invalid_input', data: { field: 'picture_id' } } });
      expect(refusedPicture.body.message).toBe(language === 'en' ? 'This picture is not one of this shop’s pictures.' : 'این تصویر از تصاویر این فروشگاه نیست.');
    }
    const foreignEntry = await owner.api.post({ code: 'gallery_picture_remove', id: String(grocerysEntry.id) });
    expect(foreignEntry).toMatchObject({ statusCode: 404, body: { result: 'not_found', message: 'This gallery picture could not be found.' } });
    const foreignEdit = await owner.api.post({ code: 'gallery_picture_save', id: String(grocerysEntry.id), title: 'x', title_en: 'x', picture_id: String(picture.id) });
    expect(foreignEdit.statusCode).toBe(404);
    expect((await grocery.api.call('gallery_pictures')).map((entry) => entry.title)).toEqual(['قفسه']);
    const blank = await owner.api.post({ code: 'gallery_picture_save', title: ' ', title_en: '', picture_id: String(picture.id) });
    expect(blank.statusCode).toBe(400);
    expect(await gallery()).toEqual(before);
  });
});
