import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { count } from 'drizzle-orm';
import { endpoints } from '@contract/api';
import { envelope } from '@contract/envelope';
import * as schema from '../../server/db/schema';
import { createTestApp, type TestApp } from './helpers/create-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const failureEnvelope = envelope(v.null());
const host = 'kebab.localhost';

async function rowCounts() {
  const tables = [schema.shops, schema.users, schema.sessions, schema.orders, schema.orderItems, schema.items, schema.media, schema.conversations, schema.messages];
  return Promise.all(tables.map(async (table) => (await t.db.select({ total: count() }).from(table))[0].total));
}

describe('bad input gets a clear 400 in the request language, and nothing is written', () => {
  it('Scenario: a missing code is refused in Persian by default', async () => {
    const before = await rowCounts();
    const response = await t.call(host, { language: 'fa' });
    expect(response.statusCode).toBe(400);
    const body = v.parse(failureEnvelope, response.json());
    expect(body).toMatchObject({ status: false, result: 'invalid_input', data: null });
    expect(body.message).toBe('فیلد code ارسال نشده است.');
    expect(await rowCounts()).toEqual(before);
  });

  it('Scenario: a missing code is refused in English when the form says language=en', async () => {
    const response = await t.call(host, { language: 'en' }, { multipart: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The code field is missing.');
  });

  it('Scenario: an unknown code names the code, in the Accept-Language of the request', async () => {
    const response = await t.call(host, { code: 'drop_tables' }, { headers: { 'accept-language': 'en-US,en;q=0.9,fa;q=0.8' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: false, result: 'unknown_code', message: 'Unknown code "drop_tables".' });
  });

  it('Scenario: an unknown code with an unsupported Accept-Language falls back to Persian', async () => {
    const response = await t.call(host, { code: 'nope' }, { headers: { 'accept-language': 'de-DE' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('کد «nope» شناخته نشده است.');
  });

  it('Scenario: the form language wins over Accept-Language', async () => {
    const response = await t.call(host, { code: 'nope', language: 'fa' }, { headers: { 'accept-language': 'en' } });
    expect(response.json().message).toMatch(/شناخته نشده/);
  });

  it('Scenario: type=abc for get_cart is a wrong type (fa and en)', async () => {
    const fa = await t.call(host, { code: 'get_cart', type: 'abc' }, { multipart: true });
    expect(fa.statusCode).toBe(400);
    expect(fa.json()).toMatchObject({ status: false, result: 'invalid_input', message: 'مقدار فیلد «type» نامعتبر است (عدد صحیح).' });
    const en = await t.call(host, { code: 'get_cart', type: 'abc' }, { headers: { 'accept-language': 'en' } });
    expect(en.json().message).toBe('The field "type" is invalid (an integer).');
  });

  it('Scenario: Persian digits are normalised (type=۳ is 3)', async () => {
    const response = await t.call(host, { code: 'get_cart', type: '۳', from_menu: '٠' });
    expect(response.statusCode).toBe(200);
    v.parse(envelope(endpoints.get_cart.data), response.json());
  });

  it('Scenario: language=de for get_shop is refused with the allowed choices', async () => {
    const response = await t.call(host, { code: 'get_shop', language: 'de' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('مقدار فیلد «language» نامعتبر است (یکی از fa، en).');
    const en = await t.call(host, { code: 'get_shop', language: 'de' }, { headers: { 'accept-language': 'en' } });
    expect(en.json().message).toBe('The field "language" is invalid (one of fa, en).');
  });

  it('Scenario: a repeated field (an array where text is expected) is a 400, not a 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/order/order.php',
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=get_cart&type=1&type=2',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().result).toBe('invalid_input');
  });

  it('Scenario: an array as the code is an unknown code', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/order/order.php',
      headers: { host, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'code=get_shop&code=get_cart',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().result).toBe('unknown_code');
  });

  it('Scenario: an unsupported body type gets an envelope, not a bare error', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/order/order.php', headers: { host, 'content-type': 'application/xml' }, payload: '<code/>' });
    expect(response.statusCode).toBe(415);
    expect(v.parse(failureEnvelope, response.json())).toMatchObject({ result: 'unsupported_media_type', message: 'درخواست باید به صورت فرم (form-data) ارسال شود.' });
  });

  it('Scenario: a POST without a body is a missing code', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/order/order.php', headers: { host } });
    expect(response.statusCode).toBe(400);
    expect(response.json().result).toBe('invalid_input');
  });

  it('Scenario: an unknown path answers a 404 envelope', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/order/nothing.php', headers: { host, 'accept-language': 'en' } });
    expect(response.statusCode).toBe(404);
    expect(v.parse(failureEnvelope, response.json()).message).toBe('The page could not be found');
  });
});

describe('unexpected failures', () => {
  it('Scenario: a database failure is a 500 envelope without internals', async () => {
    const broken = await createTestApp();
    await broken.connection.close();
    const response = await broken.call(host, { code: 'get_slides', language: 'en' });
    expect(response.statusCode).toBe(500);
    const body = v.parse(failureEnvelope, response.json());
    expect(body).toEqual({ status: false, result: 'server_error', data: null, message: 'An error occurred' });
    expect(response.body).not.toMatch(/select|stack|at /i);
    await broken.close();
  });
});
