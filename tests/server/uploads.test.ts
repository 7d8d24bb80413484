import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import sharp from 'sharp';
import { count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { envelope } from '@contract/envelope';
import { toPersianDigits } from '@contract/digits';
import { UPLOAD_URL, UploadReplySchema } from '@contract/endpoints/upload';
import { CHAT_ERRORS, PICTURE_EDGE, THUMBNAIL_EDGE, UPLOAD_BODY_LIMIT_BYTES, UPLOAD_LIMITS } from '@contract/rules/chat';
import { buildApp } from '../../server/app';
import { shops, uploads, users } from '../../server/db/schema';
import { ApiError } from '../../server/errors';
import { UPLOAD_RATE_LIMITS } from '../../server/services/uploads/limits';
import type { MediaMessageInput } from '../../server/services/uploads/media-message';
import { isKey } from '../../server/services/uploads/storage';
import { STAFF_UPLOAD_RATE_LIMIT } from '@contract/rules/limits';
import { staffLogin } from './helpers/console-client';
import { filesUnder, form, type Part } from './helpers/upload-form';
import { createTestApp, type TestApp } from './helpers/create-test-app';

/*
 * Issue 13's upload endpoint (spec §7) and the serving of its pictures: types by magic bytes,
 * sizes and pixel counts bounded, pictures re-encoded without metadata, generated names only,
 * served to whom may see them; every refusal leaves no file and no row.
 */

const KEBAB = 'kebab.localhost';
/** Ad pictures are a classifieds shop's (elsewhere 404 not_classifieds). */
const REALESTATE = 'realestate.localhost';
const uploadRoot = mkdtempSync(join(tmpdir(), 'storefront-upload-test-'));
const uploadDir = join(uploadRoot, 'uploads');
let t: TestApp;
let kebabRootId: number;

beforeAll(async () => {
  // One trusted proxy hop: each scenario sends from an address of its own (X-Forwarded-For), so the per-address limit counts only its requests.
  t = await createTestApp({ uploadDir, trustProxy: true });
  const [kebab] = await t.db.select().from(shops).where(eq(shops.slug, 'kebab'));
  kebabRootId = kebab.rootId ?? kebab.id;
});
afterAll(async () => {
  await t.close();
  rmSync(uploadRoot, { recursive: true, force: true });
});

// ---- bodies -------------------------------------------------------------------------------

const file = (data: Buffer, filename = 'photo.jpg', type = 'image/jpeg'): Part => ({ name: 'file', filename, type, data });
const field = (name: string, value: string): Part => ({ name, value });

let addressCount = 0;
/** A client address of its own for one scenario. */
const newAddress = () => `10.1.${Math.floor(++addressCount / 250)}.${(addressCount % 250) + 1}`;

interface UploadOptions {
  cookie?: string;
  host?: string;
  address?: string;
  language?: 'fa' | 'en';
  headers?: Record<string, string>;
  url?: string;
}

function send(parts: Part[], { cookie, host = KEBAB, address = newAddress(), language = 'en', headers = {}, url = UPLOAD_URL }: UploadOptions = {}) {
  const { payload, contentType } = form(parts);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { host, 'content-type': contentType, 'accept-language': language, 'x-forwarded-for': address, ...(cookie ? { cookie } : {}), ...headers },
    payload,
  });
}

const parseReply = (response: LightMyRequestResponse) => v.parse(envelope(UploadReplySchema), response.json()).data;

// ---- pictures -----------------------------------------------------------------------------

/** A landscape camera JPEG (2400×1200) that says "turn me 90°" and carries a camera name and a GPS position in its EXIF. */
async function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 2400, height: 1200, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .withExif({
      IFD0: { Make: 'LeakyCam', Model: 'Leaky 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 41/1 2400/100', GPSLongitudeRef: 'E', GPSLongitude: '51/1 25/1 1200/100' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const smallPng = (width = 500, height = 300) =>
  sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 220, alpha: 0.5 } } })
    .png()
    .toBuffer();

/** A PNG chunk: length, type, data, CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A pixel flood: a valid PNG of a few dozen bytes whose header declares 50000×50000 RGB pixels (7.5 GB decoded). */
function pixelFloodPng(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(50_000, 0);
  header.writeUInt32BE(50_000, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(Buffer.alloc(1024))), pngChunk('IEND', Buffer.alloc(0))]);
}

/** An ELF executable's header followed by code-like bytes. */
const elfExecutable = () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(8), Buffer.from([0x02, 0x00, 0x3e, 0x00]), randomBytes(6000)]);

/** A Windows PE executable: "MZ", the DOS stub's offset to "PE\0\0". */
function peExecutable(): Buffer {
  const data = Buffer.alloc(6000);
  data.write('MZ', 0, 'ascii');
  data.writeUInt32LE(0x80, 0x3c);
  data.write('PE\0\0', 0x80, 'binary');
  data.writeUInt16LE(0x8664, 0x84);
  return data;
}

// ---- what is stored -----------------------------------------------------------------------

const uploadRows = async () => (await t.db.select({ n: count() }).from(uploads))[0].n;

/** Runs a refused request and checks it left no file anywhere under the upload root and no row. */
async function refused(request: () => Promise<LightMyRequestResponse>): Promise<LightMyRequestResponse> {
  const [files, rows] = [filesUnder(uploadRoot), await uploadRows()];
  const response = await request();
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body).toBeLessThan(500);
  expect(filesUnder(uploadRoot)).toEqual(files);
  expect(await uploadRows()).toBe(rows);
  return response;
}

const get = (url: string, { cookie, host = KEBAB }: { cookie?: string; host?: string } = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host, ...(cookie ? { cookie } : {}) } });

// ---- scenarios ----------------------------------------------------------------------------

describe('uploads: accepted pictures', () => {
  it('Scenario: a camera JPEG comes back upright, fitted, re-encoded, without EXIF or GPS, with a smaller thumbnail', async () => {
    const { cookie, userId } = await t.signIn('kebab');
    const original = await cameraJpeg();
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    // The EXIF holds a GPS IFD (tag 0x8825) and the camera's name: what must not leave the server.
    expect(before.exif!.includes(Buffer.from([0x88, 0x25])) || before.exif!.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    expect(original.includes(Buffer.from('LeakyCam'))).toBe(true);

    const response = await send([field('type', 'media_message'), field('extra', JSON.stringify({ name: 'سارا', message: 'عکس سفارش' })), file(original)], { cookie });
    expect(response.statusCode, response.body).toBe(200);
    const { media, message } = parseReply(response);
    // The app's own wiring: a media_message is a message of the sender's support chat, with the picture.
    expect(message).toMatchObject({ type: 'chat', from: 'user', name: 'سارا', message: 'عکس سفارش', media });
    const chat = await t.call(KEBAB, { code: 'get_messages', type: 'chat' }, { headers: { cookie } });
    expect((chat.json() as { data: { messages: { id: number; media: unknown }[] } }).data.messages[0]).toMatchObject({ id: message!.id, media });
    // 2400×1200 turned 90° is 1200×2400, fitted in 1600 on its long side.
    expect(media).toMatchObject({ mime: 'image/jpeg', width: 800, height: PICTURE_EDGE, url: `/media/upload/${media.id}`, thumbnail_url: `/media/upload/${media.id}/thumb` });

    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, media.id));
    expect(row).toMatchObject({ shopId: kebabRootId, userId, kind: 'media_message', mime: 'image/jpeg', width: 800, height: 1600 });
    expect(isKey(row.pictureKey) && isKey(row.thumbnailKey)).toBe(true);

    const served = await get(media.url, { cookie });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe(`inline; filename="upload-${media.id}.jpg"`);
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['cache-control']).toMatch(/^private/);
    expect(served.headers.vary).toContain('Cookie');
    const bytes = served.rawPayload;
    expect(bytes.equals(original)).toBe(false);
    expect(row.bytes).toBe(bytes.length);
    const after = await sharp(bytes).metadata();
    expect(after).toMatchObject({ format: 'jpeg', width: 800, height: 1600 });
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(bytes.includes(Buffer.from('Exif\0\0'))).toBe(false);
    expect(bytes.includes(Buffer.from('LeakyCam'))).toBe(false);

    const thumb = await get(media.thumbnail_url, { cookie });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    expect(thumb.headers['content-disposition']).toBe(`inline; filename="upload-${media.id}-thumb.jpg"`);
    const thumbMeta = await sharp(thumb.rawPayload).metadata();
    expect(thumbMeta).toMatchObject({ format: 'jpeg', width: THUMBNAIL_EDGE / 2, height: THUMBNAIL_EDGE });
    expect(thumbMeta.exif).toBeUndefined();
    expect(thumb.rawPayload.length).toBeLessThan(bytes.length);
  });

  it('Scenario: a PNG with transparency stays a PNG, re-encoded, and its thumbnail fits THUMBNAIL_EDGE', async () => {
    const { cookie } = await t.signIn('realestate');
    const original = await smallPng();
    const response = await send([file(original, 'logo.png', 'image/png'), field('type', 'ad_picture')], { cookie, host: REALESTATE });
    expect(response.statusCode, response.body).toBe(200);
    const { media } = parseReply(response);
    expect(media).toMatchObject({ mime: 'image/png', width: 500, height: 300 });

    const served = await get(media.url, { cookie, host: REALESTATE });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['content-disposition']).toBe(`inline; filename="upload-${media.id}.png"`);
    expect(served.rawPayload.equals(original)).toBe(false);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 500, height: 300, hasAlpha: true });

    const thumb = await get(media.thumbnail_url, { cookie, host: REALESTATE });
    expect(await sharp(thumb.rawPayload).metadata()).toMatchObject({ format: 'png', width: THUMBNAIL_EDGE, height: 192 });
    expect(thumb.rawPayload.length).toBeLessThan(served.rawPayload.length);
  });

  it('Scenario: a path in the file name is ignored: the picture is stored under a generated name inside the upload folder', async () => {
    const { cookie } = await t.signIn('kebab');
    const before = filesUnder(uploadRoot);
    const response = await send([field('type', 'media_message'), file(await smallPng(64, 64), '../../etc/passwd.png', 'image/png')], { cookie });
    expect(response.statusCode, response.body).toBe(200);
    const { media } = parseReply(response);
    const [row] = await t.db.select().from(uploads).where(eq(uploads.id, media.id));
    expect(isKey(row.pictureKey) && isKey(row.thumbnailKey)).toBe(true);
    expect(`${row.pictureKey} ${row.thumbnailKey}`).not.toMatch(/passwd|\.\./);

    const added = filesUnder(uploadRoot).filter((path) => !before.includes(path));
    expect(added.sort()).toEqual([join('uploads', row.pictureKey), join('uploads', row.thumbnailKey)].sort());
    // Nothing beside the upload folder, nothing named after the client's file, nothing left half-written.
    expect(readdirSync(uploadRoot)).toEqual(['uploads']);
    expect(filesUnder(uploadRoot).some((path) => path.includes('passwd'))).toBe(false);
    expect(readdirSync(join(uploadDir, '.incoming'))).toEqual([]);
    expect((await get(media.url, { cookie })).headers['content-disposition']).toBe(`inline; filename="upload-${media.id}.png"`);
  });

  it('Scenario: a WebP is accepted and stays a WebP', async () => {
    const { cookie } = await t.signIn('realestate');
    const webp = await sharp({ create: { width: 100, height: 80, channels: 3, background: '#336699' } }).webp().toBuffer();
    const response = await send([field('type', 'ad_picture'), file(webp, 'a.bin', 'application/octet-stream')], { cookie, host: REALESTATE });
    expect(response.statusCode, response.body).toBe(200);
    const { media } = parseReply(response);
    expect(media).toMatchObject({ mime: 'image/webp', width: 100, height: 80 });
    const served = await get(media.url, { cookie, host: REALESTATE });
    expect(served.headers['content-type']).toBe('image/webp');
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });
});

describe('uploads: refusals leave nothing behind', () => {
  it('Scenario: a renamed ELF executable (photo.jpg, image/jpeg) is an unauthorized file type, in en and fa', async () => {
    const { cookie } = await t.signIn('kebab');
    const en = await refused(() => send([field('type', 'media_message'), file(elfExecutable())], { cookie }));
    expect(en.statusCode).toBe(415);
    expect(en.json()).toMatchObject({ status: false, result: CHAT_ERRORS.fileType, data: null });
    expect(en.json().message).toMatch(/^unauthorized file type/);
    const fa = await refused(() => send([field('type', 'media_message'), file(elfExecutable())], { cookie, language: 'fa' }));
    expect(fa.json()).toMatchObject({ result: CHAT_ERRORS.fileType, message: 'نوع فایل مجاز نیست؛ فقط تصویر JPEG، PNG یا WebP بفرستید.' });
  });

  it('Scenario: a Windows PE executable named photo.jpg is an unauthorized file type', async () => {
    const { cookie } = await t.signIn('realestate');
    const response = await refused(() => send([field('type', 'ad_picture'), file(peExecutable())], { cookie, host: REALESTATE }));
    expect(response.statusCode).toBe(415);
    expect(response.json().result).toBe(CHAT_ERRORS.fileType);
  });

  it('Scenario: an ad picture at a shop without classifieds is refused in the language asked, nothing stored; at the classifieds shop it is kept', async () => {
    const customer = await t.signIn('kebab');
    const png = await smallPng(30, 30);
    const en = await refused(() => send([field('type', 'ad_picture'), file(png, 'a.png', 'image/png')], { cookie: customer.cookie }));
    expect(en.statusCode).toBe(404);
    expect(en.json()).toMatchObject({ status: false, result: 'not_classifieds', message: 'This shop has no classified ads; an ad picture is not accepted here.' });
    const fa = await refused(() => send([field('type', 'ad_picture'), file(png, 'a.png', 'image/png')], { cookie: customer.cookie, language: 'fa' }));
    expect(fa.json().message).toBe('این فروشگاه آگهی ندارد؛ عکس آگهی اینجا پذیرفته نمی‌شود.');
    const publisher = await t.signIn('realestate');
    expect((await send([field('type', 'ad_picture'), file(png, 'a.png', 'image/png')], { cookie: publisher.cookie, host: REALESTATE })).statusCode).toBe(200);
  });

  it('Scenario: an SVG, a GIF and a JPEG whose pixel data is garbage are unauthorized file types', async () => {
    const { cookie } = await t.signIn('kebab');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).gif().toBuffer();
    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#0a0' } }).jpeg().toBuffer();
    const broken = Buffer.concat([jpeg.subarray(0, 700), randomBytes(jpeg.length - 700)]);
    for (const [data, name] of [[svg, 'x.svg'], [gif, 'x.gif'], [broken, 'x.jpg']] as const) {
      const response = await refused(() => send([field('type', 'media_message'), file(data, name)], { cookie }));
      expect(response.statusCode, name).toBe(415);
      expect(response.json().result, name).toBe(CHAT_ERRORS.fileType);
    }
  });

  it('Scenario: a file over its kind\'s limit is an unauthorized file size, whether type comes before or after it', async () => {
    const { cookie } = await t.signIn('realestate');
    const limit = UPLOAD_LIMITS.ad_picture.maxBytes;
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } }).jpeg().toBuffer();
    // A real JPEG padded past the ad limit (under the media_message one): its bytes decide, not its pixels.
    const big = Buffer.concat([jpeg, Buffer.alloc(limit + 1 - jpeg.length)]);
    const first = await refused(() => send([field('type', 'ad_picture'), file(big)], { cookie, host: REALESTATE }));
    expect(first.statusCode).toBe(413);
    expect(first.json()).toMatchObject({ result: CHAT_ERRORS.fileSize, message: 'unauthorized file size: at most 5 MB.' });
    expect(first.headers.connection).toBe('close');
    const after = await refused(() => send([file(big), field('type', 'ad_picture')], { cookie, host: REALESTATE, language: 'fa' }));
    expect(after.statusCode).toBe(413);
    expect(after.json()).toMatchObject({ result: CHAT_ERRORS.fileSize, message: `حجم فایل مجاز نیست؛ حداکثر ${toPersianDigits('5')} مگابایت.` });
    // The same bytes fit a media message's larger limit.
    expect((await send([field('type', 'media_message'), file(big)], { cookie, host: REALESTATE })).statusCode).toBe(200);
  });

  it('Scenario: a body declared larger than the upload limit is refused before it is read', async () => {
    const { cookie } = await t.signIn('kebab');
    const { payload, contentType } = form([field('type', 'media_message'), file(await smallPng(8, 8), 'a.png', 'image/png')]);
    const response = await refused(() =>
      t.app.inject({
        method: 'POST',
        url: UPLOAD_URL,
        headers: { host: KEBAB, cookie, 'content-type': contentType, 'content-length': String(UPLOAD_BODY_LIMIT_BYTES + 1), 'accept-language': 'en', 'x-forwarded-for': newAddress() },
        payload,
      }),
    );
    expect(response.statusCode).toBe(413);
    expect(response.json().result).toBe(CHAT_ERRORS.fileSize);
    expect(response.headers.connection).toBe('close');
  });

  it('Scenario: over a real socket, a body without Content-Length is a 411 and an early refusal closes the connection unread', async () => {
    const { cookie } = await t.signIn('kebab');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } }).jpeg().toBuffer();
    const big = Buffer.concat([jpeg, Buffer.alloc(UPLOAD_LIMITS.ad_picture.maxBytes + 1 - jpeg.length)]);
    const { payload, contentType } = form([field('type', 'ad_picture'), file(big)]);
    const post = (headers: Record<string, string | number>, body: Buffer, chunked: boolean) =>
      new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
        const request = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: UPLOAD_URL, headers: { host: KEBAB, cookie, 'content-type': contentType, 'accept-language': 'en', ...headers } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString(), connection: response.headers.connection }));
        });
        // The server may answer and close before the whole body is written.
        request.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error)));
        if (chunked) request.setHeader('transfer-encoding', 'chunked');
        request.end(body);
      });
    const chunked = await post({}, payload.subarray(0, 1000), true);
    expect(chunked.status).toBe(411);
    expect(JSON.parse(chunked.body)).toMatchObject({ result: 'invalid_input', message: 'The upload must state its size (Content-Length); please try again.' });
    // An ad picture over its limit, type first: refused once the limit is passed, before the rest is read.
    const tooBig = await post({ 'content-length': payload.length }, payload, false);
    expect(tooBig.status).toBe(413);
    expect(JSON.parse(tooBig.body).result).toBe(CHAT_ERRORS.fileSize);
    expect(tooBig.connection).toBe('close');
  });

  it('Scenario: a pixel-flood PNG (a few dozen bytes declaring 50000×50000) is an unauthorized file size, never a 5xx', async () => {
    const { cookie } = await t.signIn('kebab');
    const flood = pixelFloodPng();
    expect(flood.length).toBeLessThan(200);
    for (const language of ['en', 'fa'] as const) {
      const response = await refused(() => send([field('type', 'media_message'), file(flood, 'tiny.png', 'image/png')], { cookie, language }));
      expect(response.statusCode).toBe(413);
      expect(response.json().result).toBe(CHAT_ERRORS.fileSize);
      expect(response.json().message).toBe(
        language === 'en' ? 'unauthorized file size: a picture may have at most 40 megapixels.' : `حجم فایل مجاز نیست؛ ابعاد تصویر حداکثر ${toPersianDigits('40')} مگاپیکسل است.`,
      );
    }
  });

  it('Scenario: no file, an empty file or a form without multipart is spec §5\'s «لطفا فایل خود را انتخاب کنید»', async () => {
    const { cookie } = await t.signIn('kebab');
    const none = await refused(() => send([field('type', 'media_message'), field('extra', '{}')], { cookie, language: 'fa' }));
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ status: false, result: CHAT_ERRORS.fileRequired, message: 'لطفا فایل خود را انتخاب کنید' });
    const empty = await refused(() => send([field('type', 'media_message'), file(Buffer.alloc(0), '', 'application/octet-stream')], { cookie }));
    expect(empty.json()).toMatchObject({ result: CHAT_ERRORS.fileRequired, message: 'Please choose your file' });
    const urlencoded = await refused(() =>
      t.app.inject({ method: 'POST', url: UPLOAD_URL, headers: { host: KEBAB, cookie, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'type=media_message' }),
    );
    expect(urlencoded.json().result).toBe(CHAT_ERRORS.fileRequired);
  });

  it('Scenario: a wrong type, malformed extra, a second file, a file under another name or another action is a 400', async () => {
    const { cookie } = await t.signIn('kebab');
    const png = await smallPng(8, 8);
    const wrongType = await refused(() => send([field('type', 'avatar'), file(png, 'a.png', 'image/png')], { cookie }));
    expect(wrongType.json()).toMatchObject({ result: 'invalid_input' });
    expect(wrongType.json().message).toContain('"type"');
    const noType = await refused(() => send([file(png, 'a.png', 'image/png')], { cookie }));
    expect(noType.json().message).toBe('The field "type" is required.');
    const badExtra = await refused(() => send([field('type', 'media_message'), field('extra', '{"message": '), file(png, 'a.png', 'image/png')], { cookie }));
    expect(badExtra.json()).toMatchObject({ result: 'invalid_input' });
    expect(badExtra.json().message).toContain('"extra"');
    const longCaption = await refused(() => send([field('type', 'media_message'), field('extra', JSON.stringify({ message: 'x'.repeat(2001) })), file(png, 'a.png', 'image/png')], { cookie }));
    expect(longCaption.json().message).toContain('extra.message');
    const twoFiles = await refused(() => send([field('type', 'media_message'), file(png, 'a.png', 'image/png'), file(png, 'b.png', 'image/png')], { cookie }));
    expect(twoFiles.statusCode).toBe(413);
    const otherName = await refused(() => send([field('type', 'media_message'), { name: 'picture', filename: 'a.png', type: 'image/png', data: png }], { cookie }));
    expect(otherName.statusCode).toBe(400);
    const otherAction = await refused(() => send([field('type', 'media_message'), file(png, 'a.png', 'image/png')], { cookie, url: '/Lemon/Uploader/index.php?action=delete' }));
    expect(otherAction.statusCode).toBe(400);
    expect(otherAction.json().message).toContain('"action"');
  });

  it("Scenario: the refusals found while reading the body follow the query's language, as the others do", async () => {
    const { cookie } = await t.signIn('kebab');
    const png = await smallPng(8, 8);
    // English asked in the query only (Accept-Language says nothing).
    const inEnglish = { cookie, url: `${UPLOAD_URL}&language=en`, headers: { 'accept-language': '' } };
    const staffOnly = await refused(() => send([field('type', 'media_message'), field('extra', '{"user_id":1}'), file(png, 'a.png', 'image/png')], inEnglish));
    expect([staffOnly.statusCode, staffOnly.json().message]).toEqual([401, "Please log into the shop's console first."]);
    const twoFiles = await refused(() => send([field('type', 'media_message'), file(png, 'a.png', 'image/png'), file(png, 'b.png', 'image/png')], inEnglish));
    expect([twoFiles.statusCode, twoFiles.json().message]).toEqual([413, 'Send one file at a time.']);
    const proto = await refused(() => send([field('__proto__', 'x'), field('type', 'media_message'), file(png, 'a.png', 'image/png')], inEnglish));
    expect([proto.statusCode, proto.json().message]).toEqual([400, 'The request is invalid.']);
    const twoFilesFa = await refused(() => send([field('type', 'media_message'), file(png, 'a.png', 'image/png'), file(png, 'b.png', 'image/png')], { cookie, language: 'fa' }));
    expect(twoFilesFa.json().message).toBe('هر بار فقط یک فایل بفرستید.');
  });

  it('Scenario: anonymous, a dead session, a customer of another shop and a cross-site form are refused before the body is read', async () => {
    const png = await smallPng(8, 8);
    const anonymous = await refused(() => send([field('type', 'media_message'), file(png, 'a.png', 'image/png')]));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ result: 'login_required', message: 'Please log in first' });
    expect(anonymous.headers.connection).toBe('close');
    const dead = await refused(() => send([field('type', 'media_message'), file(png, 'a.png', 'image/png')], { cookie: 'sid=not-a-session' }));
    expect(dead.json()).toMatchObject({ result: 'session_invalid', error_code: -1 });

    const { cookie } = await t.signIn('kebab');
    // Sessions belong to the shop's root: a kebab customer is nobody at the grocery.
    const foreign = await refused(() => send([field('type', 'media_message'), file(png, 'a.png', 'image/png')], { cookie, host: 'grocery.localhost' }));
    expect(foreign.statusCode).toBe(401);
    const unknownShop = await refused(() => send([field('type', 'media_message'), file(png, 'a.png', 'image/png')], { cookie, host: 'nowhere.localhost' }));
    expect(unknownShop.statusCode).toBe(404);
    const crossSite = await refused(() => send([field('type', 'media_message'), file(png, 'a.png', 'image/png')], { cookie, headers: { origin: 'https://evil.example' } }));
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().result).toBe('cross_origin');
  });

  it('Scenario: the shop rules hold as for the cart: maintenance, and an account refused access', async () => {
    const png = await smallPng(8, 8);
    const soon = await t.signIn('soon');
    const maintenance = await refused(() => send([field('type', 'media_message'), file(png, 'a.png', 'image/png')], { cookie: soon.cookie, host: 'soon.localhost' }));
    expect(maintenance.statusCode).toBe(403);
    expect(maintenance.json().result).toBe('maintenance');

    const member = await t.signIn('wholesale');
    await t.db.update(users).set({ accessFlag: -1 }).where(eq(users.id, member.userId));
    const denied = await refused(() => send([field('type', 'media_message'), file(png, 'a.png', 'image/png')], { cookie: member.cookie, host: 'wholesale.localhost' }));
    expect(denied.statusCode).toBe(403);
    expect(denied.json().result).toBe('access_denied');
  });
});

describe('uploads: who sees a picture', () => {
  let support: { id: number; url: string; thumbnail_url: string };
  let ad: { id: number; url: string };
  let owner: string;

  beforeAll(async () => {
    owner = (await t.signIn('kebab')).cookie;
    const png = await smallPng(40, 40);
    support = parseReply(await send([field('type', 'media_message'), file(png, 'a.png', 'image/png')], { cookie: owner })).media;
    ad = parseReply(await send([field('type', 'ad_picture'), file(png, 'b.png', 'image/png')], { cookie: (await t.signIn('realestate')).cookie, host: REALESTATE })).media;
  });

  it('Scenario: a support picture is its sender\'s: another customer, an anonymous visitor and another shop get the 404 of an unknown id', async () => {
    expect((await get(support.url, { cookie: owner })).statusCode).toBe(200);
    const other = await t.signIn('kebab');
    const unknown = await get('/media/upload/999999999', { cookie: owner });
    expect(unknown.statusCode).toBe(404);
    for (const url of [support.url, support.thumbnail_url]) {
      for (const response of [await get(url, { cookie: other.cookie }), await get(url), await get(url, { cookie: owner, host: 'grocery.localhost' })]) {
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toEqual(unknown.json());
        expect(response.headers['content-type']).toContain('application/json');
      }
    }
  });

  it('Scenario: an ad picture is anyone\'s at its shop, and nobody\'s at another shop\'s host', async () => {
    const anonymous = await get(ad.url, { host: REALESTATE });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['content-type']).toBe('image/png');
    expect((await get(ad.url, { host: KEBAB })).statusCode).toBe(404);
    expect((await get(ad.url, { host: 'grocery.localhost' })).statusCode).toBe(404);
    expect((await get(ad.url, { host: 'nowhere.localhost' })).statusCode).toBe(404);
  });

  it('Scenario: the upload routes do not take over /media/:id, and odd ids are 404s', async () => {
    for (const url of ['/media/upload/abc', '/media/upload/-1', '/media/upload/1e3', '/media/upload/1234567890', `/media/upload/${support.id}/other`]) {
      expect((await get(url, { cookie: owner })).statusCode, url).toBe(404);
    }
    expect((await get('/media/upload', { cookie: owner })).statusCode).toBe(404);
  });

  it('Scenario: a brand\'s branches share customers, so a branch\'s picture is its sender\'s at the master\'s host too', async () => {
    const { cookie } = await t.signIn('chain-tehran');
    const { media } = parseReply(await send([field('type', 'media_message'), file(await smallPng(16, 16), 'a.png', 'image/png')], { cookie, host: 'chain-tehran.localhost' }));
    expect((await get(media.url, { cookie, host: 'chain.localhost' })).statusCode).toBe(200);
    expect((await get(media.url, { cookie, host: 'kebab.localhost' })).statusCode).toBe(404);
  });
});

describe('uploads: rate limits', () => {
  it('Scenario: one account gets UPLOAD_RATE_LIMITS.user uploads per window, then a localised 429 with the wait', async () => {
    const { cookie } = await t.signIn('kebab');
    const address = newAddress();
    for (let attempt = 0; attempt < UPLOAD_RATE_LIMITS.user.limit; attempt += 1) {
      // Refused attempts count too: reading and decoding is what the limit guards.
      expect((await send([field('type', 'media_message')], { cookie, address })).statusCode).toBe(400);
    }
    const limited = await refused(() => send([field('type', 'media_message'), file(Buffer.from('x'))], { cookie, address, language: 'fa' }));
    expect(limited.statusCode).toBe(429);
    const body = limited.json();
    expect(body.result).toBe('rate_limited');
    expect(body.data.wait_seconds).toBeGreaterThan(0);
    expect(limited.headers['retry-after']).toBe(String(body.data.wait_seconds));
    expect(body.message).toContain('از حساب شما');
    // Another account from the same address is not held back by this one's limit.
    const other = await t.signIn('kebab');
    expect((await send([field('type', 'media_message')], { cookie: other.cookie, address })).statusCode).toBe(400);
  });

  it('Scenario: one address gets UPLOAD_RATE_LIMITS.ip uploads per window over all its accounts, then a 429', async () => {
    const address = newAddress();
    const perAccount = UPLOAD_RATE_LIMITS.user.limit - 1;
    const accounts: string[] = [];
    for (let sent = 0; sent < UPLOAD_RATE_LIMITS.ip.limit; sent += 1) {
      if (sent % perAccount === 0) accounts.push((await t.signIn('kebab')).cookie);
      expect((await send([field('type', 'media_message')], { cookie: accounts.at(-1), address })).statusCode).toBe(400);
    }
    const fresh = await t.signIn('kebab');
    const limited = await send([field('type', 'media_message')], { cookie: fresh.cookie, address });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toContain('from your network');
    // The refused request took none of the account's slots: from elsewhere it still gets its full allowance.
    for (let attempt = 0; attempt < UPLOAD_RATE_LIMITS.user.limit; attempt += 1) {
      expect((await send([field('type', 'media_message')], { cookie: fresh.cookie })).statusCode).toBe(400);
    }
  });
  it("Scenario: the shop's staff get STAFF_UPLOAD_RATE_LIMIT uploads per window, past the customers' account and address limits; then a localised 429, and customers at that address still upload", async () => {
    const GROCERY = 'grocery.localhost';
    const owner = await staffLogin(t.app, GROCERY);
    const address = newAddress();
    const shopPicture = (parts: Part[], language: 'fa' | 'en' = 'en') => send([field('type', 'shop_picture'), ...parts], { cookie: owner.cookie, host: GROCERY, address, language });
    // Refused attempts count, as a customer's do; up to a customer's whole allowance.
    for (let attempt = 0; attempt < UPLOAD_RATE_LIMITS.user.limit; attempt += 1) expect((await shopPicture([])).statusCode).toBe(400);
    // The owner's next picture (a customer's would be refused here) is stored.
    const next = await shopPicture([file(await smallPng(30, 30), 'a.png', 'image/png')]);
    expect(next.statusCode, next.body).toBe(200);
    for (let sent = UPLOAD_RATE_LIMITS.user.limit + 1; sent < STAFF_UPLOAD_RATE_LIMIT.limit; sent += 1) expect((await shopPicture([])).statusCode).toBe(400);
    const picture = await smallPng(30, 30);
    const limited = await refused(() => shopPicture([file(picture, 'a.png', 'image/png')], 'fa'));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().result).toBe('rate_limited');
    expect(limited.json().data.wait_seconds).toBeGreaterThan(0);
    expect(limited.json().message).toContain('کارکنان فروشگاه');
    // Another staff session of the shop shares the shop's count.
    const again = await staffLogin(t.app, GROCERY);
    expect((await send([field('type', 'shop_picture')], { cookie: again.cookie, host: GROCERY, address: newAddress(), language: 'en' })).json().message).toContain("shop's staff");
    // The staff's uploads took none of the address's slots: a customer there still uploads.
    const customer = await t.signIn('grocery');
    expect((await send([field('type', 'media_message')], { cookie: customer.cookie, host: GROCERY, address })).statusCode).toBe(400);
  });
});

describe('uploads: the chat\'s media message hook', () => {
  const hookDir = join(uploadRoot, 'hooked');
  let hooked: Awaited<ReturnType<typeof buildApp>>;
  const seen: { input: MediaMessageInput; rowsAfterCommit: number | null }[] = [];

  beforeAll(async () => {
    hooked = await buildApp({
      db: t.db,
      config: { defaultShop: 'kebab', spaDir: join(uploadRoot, 'no-spa'), nodeEnv: 'test', uploadDir: hookDir },
      onMediaMessage: async (input) => {
        if (input.extra.name === '') throw new ApiError(400, CHAT_ERRORS.nameRequired, 'نام کاربر نباید خالی باشد');
        const entry: (typeof seen)[number] = { input, rowsAfterCommit: null };
        seen.push(entry);
        // The upload row is visible inside the transaction the hook joins.
        expect(await input.context.repos.uploads.byId(input.upload.id)).not.toBeNull();
        input.afterCommit(async () => {
          entry.rowsAfterCommit = (await t.db.select({ n: count() }).from(uploads).where(eq(uploads.id, input.upload.id)))[0].n;
        });
        return { id: 77, type: 'chat', from: 'user', name: input.extra.name ?? input.context.user.name, message: input.extra.message ?? '', media: input.media, read: false, created_at: new Date().toISOString() };
      },
    });
  });
  afterAll(() => hooked.close());

  const sendHooked = async (parts: Part[], cookie: string) => {
    const { payload, contentType } = form(parts);
    return hooked.inject({ method: 'POST', url: UPLOAD_URL, headers: { host: KEBAB, cookie, 'content-type': contentType }, payload });
  };

  it('Scenario: a media_message goes to the hook with its caption and the reply carries the stored message', async () => {
    const { cookie } = await t.signIn('kebab');
    const response = await sendHooked([field('type', 'media_message'), field('extra', JSON.stringify({ name: ' علی ', message: 'عکس فاکتور', other: 1 })), file(await smallPng(30, 30), 'a.png', 'image/png')], cookie);
    expect(response.statusCode, response.body).toBe(200);
    const { media, message } = parseReply(response);
    expect(message).toMatchObject({ id: 77, name: 'علی', message: 'عکس فاکتور', media });
    expect(seen.at(-1)!.input.extra).toEqual({ name: 'علی', message: 'عکس فاکتور' });
    expect(seen.at(-1)!.rowsAfterCommit).toBe(1);
    // An ad picture is no message (and at a shop without classifieds no upload at all).
    const adReply = await sendHooked([field('type', 'ad_picture'), file(await smallPng(30, 30), 'a.png', 'image/png')], cookie);
    expect(adReply.statusCode).toBe(404);
    expect(seen).toHaveLength(1);
  });

  it('Scenario: when the hook refuses, neither the upload row nor its files are kept', async () => {
    const { cookie } = await t.signIn('kebab');
    const [rows, files] = [await uploadRows(), filesUnder(hookDir)];
    const response = await sendHooked([field('type', 'media_message'), field('extra', JSON.stringify({ name: '' })), file(await smallPng(30, 30), 'a.png', 'image/png')], cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ result: CHAT_ERRORS.nameRequired, message: 'نام کاربر نباید خالی باشد' });
    expect(await uploadRows()).toBe(rows);
    expect(filesUnder(hookDir)).toEqual(files);
  });
});
