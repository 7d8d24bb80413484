import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { count, eq } from 'drizzle-orm';
import { toPersianDigits } from '@contract/digits';
import { envelope } from '@contract/envelope';
import { BODY_LIMIT_BYTES, MAX_ADDRESSES_PER_USER, MULTIPART_FIELD_BYTES, TEXT_MAX } from '@contract/rules/limits';
import * as schema from '../../server/db/schema';
import { createTestApp, multipartBody, type TestApp } from './helpers/create-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const host = 'kebab.localhost';
const failureEnvelope = envelope(v.null());
const home = { label: 'خانه من', address: 'تهران، خیابان آزادی، پلاک ۱۲', lat: '35.70', lng: '51.40' };

const post = (payload: string | Buffer | Readable, contentType: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/order/order.php', headers: { host, 'content-type': contentType, ...headers }, payload });

async function rowCounts() {
  const tables = [schema.users, schema.orders, schema.orderItems, schema.addresses, schema.contactMessages, schema.sessions];
  return Promise.all(tables.map(async (table) => (await t.db.select({ total: count() }).from(table))[0].total));
}

describe('raw bodies the parsers refuse get a 4xx envelope, never a 5xx', () => {
  it('Scenario: multipart without a boundary is a 400 in the request language', async () => {
    const response = await post('code=get_shop', 'multipart/form-data', { 'accept-language': 'en' });
    expect(response.statusCode).toBe(400);
    expect(v.parse(failureEnvelope, response.json())).toMatchObject({ result: 'invalid_input', message: 'The request is invalid.' });
  });

  it.each([
    ['a part without headers end', '--b\r\nContent-Disposition: form-data; name="code"\r\nget_shop'],
    ['a body that stops mid-part', '--b\r\nContent-Disposition: form-data; name="code"\r\n\r\nget_sh'],
    ['garbage', 'not multipart at all'],
    ['a part without a name', '--b\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b--\r\n'],
    ['a __proto__ field', '--b\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n--b--\r\n'],
    ['a JSON part', '--b\r\nContent-Disposition: form-data; name="code"\r\nContent-Type: application/json\r\n\r\n{"x":1}\r\n--b--\r\n'],
    ['a broken JSON part', '--b\r\nContent-Disposition: form-data; name="id"\r\nContent-Type: application/json\r\n\r\n{"x":\r\n--b--\r\n'],
    ['a file part', '--b\r\nContent-Disposition: form-data; name="code"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nget_shop\r\n--b--\r\n'],
  ])('Scenario: malformed multipart (%s) is a 4xx envelope', async (_label, payload) => {
    const response = await post(payload, 'multipart/form-data; boundary=b');
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    v.parse(failureEnvelope, response.json());
  });

  it('Scenario: a duplicated field (a=1&a=2) is a 400 naming the field, urlencoded and multipart', async () => {
    const urlencoded = await post('code=get_item&id=1&id=2', 'application/x-www-form-urlencoded', { 'accept-language': 'en' });
    expect(urlencoded.statusCode).toBe(400);
    expect(urlencoded.json().message).toMatch(/"id"/);
    const boundary = 'dup';
    const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const multipart = await post(`${part('code', 'get_item')}${part('id', '1')}${part('id', '2')}--${boundary}--\r\n`, `multipart/form-data; boundary=${boundary}`);
    expect(multipart.statusCode).toBe(400);
    expect(multipart.json().result).toBe('invalid_input');
  });

  it('Scenario: an urlencoded body over the body limit is a 413 envelope', async () => {
    const response = await post(`code=get_shop&name=${'x'.repeat(BODY_LIMIT_BYTES)}`, 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(413);
    v.parse(failureEnvelope, response.json());
  });

  it('Scenario: a multipart body over the body limit (Content-Length) is a 413 envelope, in the request language', async () => {
    const { payload, contentType } = multipartBody({ code: 'contact_us', name: 'سارا', message: 'x'.repeat(BODY_LIMIT_BYTES) });
    const before = await rowCounts();
    const response = await post(payload, contentType, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(413);
    expect(v.parse(failureEnvelope, response.json()).message).toBe('The request is too large.');
    expect(await rowCounts()).toEqual(before);
  });

  it('Scenario: a streamed multipart body without Content-Length cannot exceed the limits: many fields are refused', async () => {
    const fields = Object.fromEntries(Array.from({ length: 200 }, (_, index) => [`f${index}`, 'x'.repeat(MULTIPART_FIELD_BYTES - 10)]));
    const { payload, contentType } = multipartBody({ code: 'get_shop', ...fields });
    expect(payload.length).toBeGreaterThan(BODY_LIMIT_BYTES * 2);
    const response = await post(Readable.from([payload]), contentType);
    expect(response.statusCode).toBe(413);
    v.parse(failureEnvelope, response.json());
  });

  it('Scenario: a streamed multipart body past the body limit is a 413 even when every part is within its own limits', async () => {
    const boundary = 'within';
    const filler = 'x'.repeat(16_000);
    const fields = Array.from({ length: 60 }, (_, index) => `--${boundary}\r\nContent-Disposition: form-data; name="f${index}"\r\n\r\n${filler}\r\n`);
    const files = Array.from({ length: 8 }, (_, index) => `--${boundary}\r\nContent-Disposition: form-data; name="g${index}"; filename="g.txt"\r\nContent-Type: text/plain\r\n\r\n${filler}\r\n`);
    const payload = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="code"\r\n\r\nget_shop\r\n${fields.join('')}${files.join('')}--${boundary}--\r\n`);
    expect(filler.length).toBeLessThan(MULTIPART_FIELD_BYTES);
    expect(payload.length).toBeGreaterThan(BODY_LIMIT_BYTES);
    const response = await post(Readable.from([payload]), `multipart/form-data; boundary=${boundary}`, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(413);
    expect(v.parse(failureEnvelope, response.json()).message).toBe('The request is too large.');
  });

  it('Scenario: the same multipart form under the body limit is read, fields and file parts alike', async () => {
    const boundary = 'under';
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="code"\r\n\r\nget_shop\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="language"\r\n\r\nen\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="note"; filename="n.txt"\r\nContent-Type: text/plain\r\n\r\n${'x'.repeat(16_000)}\r\n--${boundary}--\r\n`,
    );
    const response = await post(Readable.from([payload]), `multipart/form-data; boundary=${boundary}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toBe('ok');
  });

  it('Scenario: one multipart field longer than the field limit is refused, not stored cut', async () => {
    const { cookie } = await t.signIn('kebab');
    const before = await rowCounts();
    const { payload, contentType } = multipartBody({ code: 'new_add_addreses', ...home, address: `${home.address} ${'ب'.repeat(MULTIPART_FIELD_BYTES)}` });
    const response = await post(Readable.from([payload]), contentType, { cookie });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await rowCounts()).toEqual(before);
  });
});

describe('every text field has a maximum length, and the database ranges hold', () => {
  it('Scenario: get_item id=2147483648 is a 400 naming the largest id (fa and en)', async () => {
    const fa = await t.call(host, { code: 'get_item', id: '2147483648' });
    expect(fa.statusCode).toBe(400);
    expect(fa.json().message).toBe('مقدار فیلد «id» نامعتبر است (عدد صحیح حداکثر ۲۱۴۷۴۸۳۶۴۷).');
    const en = await t.call(host, { code: 'get_item', id: '2147483648', language: 'en' });
    expect(en.json().message).toBe('The field "id" is invalid (a whole number of at most 2147483647).');
  });

  it('Scenario: the other routes hold the ranges too: item_options item_id and wallet user_id above 2^31-1 are 400s', async () => {
    const options = await t.app.inject({
      method: 'POST',
      url: '/modules/item_options/item_options.php',
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'item_id=2147483648',
    });
    expect(options.statusCode).toBe(400);
    const { cookie } = await t.signIn('kebab');
    const wallet = await t.app.inject({
      method: 'POST',
      url: '/wallet/wallet.php',
      headers: { host, cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=user_amount_wallet&user_id=2147483648',
    });
    expect(wallet.statusCode).toBe(400);
    expect(v.parse(failureEnvelope, wallet.json()).result).toBe('invalid_input');
  });

  it('Scenario: get_magazines cat_id=40000 is a 400 (the category is a smallint)', async () => {
    const response = await t.call(host, { code: 'get_magazines', cat_id: '40000', language: 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The field "cat_id" is invalid (a whole number of at most 32767).');
  });

  it('Scenario: a negative id is out of range', async () => {
    const response = await t.call(host, { code: 'get_item', id: '-1', language: 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The field "id" is invalid (a whole number of at least 0).');
  });

  it('Scenario: a NUL byte in a text field is a 400 about control characters, and nothing is stored', async () => {
    const before = await rowCounts();
    const fields = { code: 'contact_us', name: 'a\u0000b', phone: '09121234567', email: 'sara@example.com' };
    const fa = await t.call(host, fields, { multipart: true });
    expect(fa.statusCode).toBe(400);
    expect(fa.json().message).toBe('مقدار فیلد «name» نامعتبر است (متن بدون نویسه‌های کنترلی).');
    const en = await t.call(host, { ...fields, language: 'en' });
    expect(en.json().message).toBe('The field "name" is invalid (text without control characters).');
    expect(await rowCounts()).toEqual(before);
  });

  it('Scenario: a multi-line field keeps its line breaks; a single-line field refuses them', async () => {
    const message = await t.call(host, { code: 'contact_us', name: 'سارا', phone: '09121234567', email: 'sara@example.com', message: 'سلام\r\nممنون\tاز شما' });
    expect(message.statusCode).toBe(200);
    const name = await t.call(host, { code: 'contact_us', name: 'سارا\nاحمدی', phone: '09121234567', email: 'sara@example.com', language: 'en' });
    expect(name.statusCode).toBe(400);
    expect(name.json().message).toMatch(/control characters/);
  });

  it.each([
    ['contact message', 'contact_us', 'message', TEXT_MAX.contactMessage, { name: 'سارا', phone: '09121234567', email: 'sara@example.com' }],
    ['contact name', 'contact_us', 'name', TEXT_MAX.personName, { phone: '09121234567', email: 'sara@example.com' }],
  ])('Scenario: the %s takes exactly its cap and refuses one more character', async (_label, code, field, max, others) => {
    const atCap = await t.call(host, { code, ...others, [field]: 'ب'.repeat(max) });
    expect(atCap.statusCode).toBe(200);
    const before = await rowCounts();
    const over = await t.call(host, { code, ...others, [field]: 'ب'.repeat(max + 1), language: 'en' });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(`The field "${field}" is at most ${max} characters.`);
    expect(await rowCounts()).toEqual(before);
  });

  it('Scenario: address, label and branch_name have caps (fa and en), and the order note too', async () => {
    const { cookie } = await t.signIn('kebab');
    const headers = { cookie };
    const longAddress = await t.call(host, { code: 'new_add_addreses', ...home, address: 'ب'.repeat(TEXT_MAX.address + 1) }, { headers });
    expect(longAddress.statusCode).toBe(400);
    expect(longAddress.json().message).toBe(`فیلد «address» حداکثر ${toPersianDigits(TEXT_MAX.address)} نویسه است.`);
    const longLabel = await t.call(host, { code: 'new_add_addreses', ...home, label: 'ب'.repeat(TEXT_MAX.addressLabel + 1), language: 'en' }, { headers });
    expect(longLabel.json().message).toBe(`The field "label" is at most ${TEXT_MAX.addressLabel} characters.`);
    const atCap = await t.call(host, { code: 'new_add_addreses', ...home, address: 'ب'.repeat(TEXT_MAX.address), label: 'ب'.repeat(TEXT_MAX.addressLabel) }, { headers });
    expect(atCap.statusCode).toBe(200);
    const branch = await t.call(host, { code: 'update_address_order', delivery_method: '1', branch_name: 'ب'.repeat(TEXT_MAX.branchName + 1), language: 'en' }, { headers });
    expect(branch.statusCode).toBe(400);
    expect(branch.json().message).toBe(`The field "branch_name" is at most ${TEXT_MAX.branchName} characters.`);
    const note = await t.call(host, { code: 'save_comment', order_id: '1', comment: 'ب'.repeat(TEXT_MAX.orderComment + 1), language: 'en' }, { headers });
    expect(note.statusCode).toBe(400);
    expect(note.json().message).toBe(`The field "comment" is at most ${TEXT_MAX.orderComment} characters.`);
  });
});

describe('addresses per customer', () => {
  it(`Scenario: a customer saves ${MAX_ADDRESSES_PER_USER} addresses; the next is refused with a clear message (fa and en) and not stored`, async () => {
    const { cookie, userId } = await t.signIn('kebab');
    for (let index = 0; index < MAX_ADDRESSES_PER_USER; index += 1) {
      const response = await t.call(host, { code: 'new_add_addreses', ...home, label: `خانه ${index}` }, { headers: { cookie } });
      expect(response.statusCode).toBe(200);
    }
    const fa = await t.call(host, { code: 'new_add_addreses', ...home }, { headers: { cookie } });
    expect(fa.statusCode).toBe(409);
    expect(v.parse(failureEnvelope, fa.json())).toMatchObject({ result: 'address_limit' });
    expect(fa.json().message).toBe(`حداکثر ${toPersianDigits(MAX_ADDRESSES_PER_USER)} آدرس می‌توانید ذخیره کنید؛ برای افزودن آدرس تازه، یکی از آدرس‌های قبلی را حذف کنید.`);
    const en = await t.call(host, { code: 'new_add_addreses', ...home, language: 'en' }, { headers: { cookie } });
    expect(en.json().message).toBe(`You can save at most ${MAX_ADDRESSES_PER_USER} addresses; delete one of them to add a new one.`);
    const [{ total }] = await t.db.select({ total: count() }).from(schema.addresses).where(eq(schema.addresses.userId, userId));
    expect(total).toBe(MAX_ADDRESSES_PER_USER);

    // Deleting one makes room again; updating an address is not adding one.
    const list = await t.call(host, { code: 'get_addresses' }, { headers: { cookie } });
    const [first, second] = list.json().data as { id: number }[];
    expect((await t.call(host, { code: 'update_address', id: String(second.id), ...home }, { headers: { cookie } })).statusCode).toBe(200);
    expect((await t.call(host, { code: 'delete_address', id: String(first.id) }, { headers: { cookie } })).statusCode).toBe(200);
    expect((await t.call(host, { code: 'new_add_addreses', ...home }, { headers: { cookie } })).statusCode).toBe(200);
  });

  it('Scenario: parallel adds cannot pass the cap', async () => {
    const { cookie, userId } = await t.signIn('kebab');
    for (let index = 0; index < MAX_ADDRESSES_PER_USER - 2; index += 1) {
      expect((await t.call(host, { code: 'new_add_addreses', ...home }, { headers: { cookie } })).statusCode).toBe(200);
    }
    const responses = await Promise.all(Array.from({ length: 6 }, () => t.call(host, { code: 'new_add_addreses', ...home }, { headers: { cookie } })));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    const [{ total }] = await t.db.select({ total: count() }).from(schema.addresses).where(eq(schema.addresses.userId, userId));
    expect(total).toBe(MAX_ADDRESSES_PER_USER);
  });
});
