import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { CONSOLE_API } from '@contract/console/rules';
import { UPLOAD_URL } from '@contract/endpoints/upload';
import { envelope } from '@contract/envelope';
import { createReplyCache } from '../../server/repositories/reply-cache';
import { createTestApp, type TestApp } from './helpers/create-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const failureEnvelope = envelope(v.null());
const host = 'kebab.localhost';

/** Every route that reads a request body (docs/server.md, "A request"). */
const BODY_ROUTES = ['/order/order.php', '/order/branch_list.php', CONSOLE_API, UPLOAD_URL, '/modules/item_options/item_options.php', '/wallet/wallet.php'];

/** `{"code":"get_shop","x":[[[…]]]}`, nested deeper than any stack walks, well inside the body limit. */
function deepJson(depth: number): string {
  return `{"code":"get_shop","language":"en","x":${'['.repeat(depth)}${']'.repeat(depth)}}`;
}

describe('the API reads form data only: any other body is a 415 in the request language, never a 500', () => {
  it('Scenario: a deeply nested JSON body at every body route is refused with 415 in Persian and in English', async () => {
    const payload = deepJson(200_000);
    for (const url of BODY_ROUTES) {
      for (const [language, message] of [
        ['fa', 'درخواست باید به صورت فرم (form-data) ارسال شود.'],
        ['en', 'Send the request as form data (form-data or urlencoded).'],
      ]) {
        const response = await t.app.inject({ method: 'POST', url, headers: { host, 'content-type': 'application/json', 'accept-language': language }, payload });
        expect({ url, status: response.statusCode }).toEqual({ url, status: 415 });
        expect(v.parse(failureEnvelope, response.json())).toMatchObject({ result: 'unsupported_media_type', message });
      }
    }
    // The server is as before: the same read as form data answers.
    const shop = await t.call(host, { code: 'get_shop', language: 'en' });
    expect(shop.statusCode).toBe(200);
  });

  it('Scenario: a flat JSON body and a text body are refused the same way, before anything runs', async () => {
    for (const [type, payload] of [
      ['application/json', '{"code":"get_shop"}'],
      ['application/json; charset=utf-8', '{"code":"send_sms","mobile":"09120000000"}'],
      ['text/plain', 'code=get_shop'],
      ['application/xml', '<code/>'],
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/order/order.php', headers: { host, 'content-type': type }, payload });
      expect({ type, status: response.statusCode }).toEqual({ type, status: 415 });
      expect(response.json()).toMatchObject({ status: false, result: 'unsupported_media_type', message: 'درخواست باید به صورت فرم (form-data) ارسال شود.' });
    }
  });

  it('Scenario: the reply cache never keys a form whose field is not one text (a nested value cannot overflow the stack)', async () => {
    const replies = createReplyCache(t.app.readCache);
    let nested: unknown = [];
    for (let depth = 0; depth < 200_000; depth += 1) nested = [nested];
    const row = await t.app.readCache.shopBySlug('kebab');
    if (!row) throw new Error('no kebab shop');
    const asker = { shop: row, hostShop: row };
    // One kept reply, so that a lookup has entries to look in.
    const first = await replies.slot(asker, 'get_shop', 'fa', { code: 'get_shop' });
    first?.keep(Buffer.from('{}'));
    expect(replies.stats().entries).toBe(1);
    expect(replies.kept(asker, 'get_shop', 'fa', { code: 'get_shop', x: nested })).toBeNull();
    expect(await replies.slot(asker, 'get_shop', 'fa', { code: 'get_shop', x: nested })).toBeNull();
    expect(await replies.slot(asker, 'get_shop', 'fa', { code: 'get_shop', x: ['a', 'b'] })).toBeNull();
  });
});
