import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES, MULTIPART_FIELD_BYTES, MULTIPART_MAX_FIELDS } from '@contract/rules/limits';
import { multipartBodyPlugin } from '../../server/plugins/multipart-body';

// The parser on its own, behind a route that tells what it received: the app's tests see it only through the actions.
let app: FastifyInstance;
beforeAll(async () => {
  app = Fastify({ bodyLimit: BODY_LIMIT_BYTES });
  await app.register(multipartBodyPlugin);
  app.post('/echo', (request) => {
    const body = request.body as Record<string, unknown>;
    const describe = (value: unknown): unknown =>
      Buffer.isBuffer(value) ? { bytes: value.length, first: value.subarray(0, 4).toString() } : Array.isArray(value) ? value.map(describe) : value;
    return Object.fromEntries(Object.entries(body).map(([name, value]) => [name, describe(value)]));
  });
  await app.ready();
});
afterAll(() => app.close());

const boundary = 'edge';
const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const file = (name: string, content: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="f.txt"\r\nContent-Type: text/plain\r\n\r\n${content}\r\n`;
const send = (parts: string[], { streamed = false, language = 'en' } = {}) => {
  const payload = Buffer.from(`${parts.join('')}--${boundary}--\r\n`);
  return app.inject({
    method: 'POST',
    url: '/echo',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': language },
    payload: streamed ? Readable.from([payload]) : payload,
  });
};

describe('multipart bodies (plugins/multipart-body.ts)', () => {
  it('reads fields as strings, a repeated field as a list, and a file part as its bytes, streamed or not', async () => {
    for (const streamed of [false, true]) {
      const response = await send([field('code', 'get_shop'), field('tag', 'a'), field('tag', 'b'), file('note', `abcd${'x'.repeat(5000)}`)], { streamed });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ code: 'get_shop', tag: ['a', 'b'], note: { bytes: 5004, first: 'abcd' } });
    }
  });

  it('refuses a field or a file over the field limit with a 413 in the request language, never cutting it', async () => {
    const long = 'x'.repeat(MULTIPART_FIELD_BYTES + 1);
    for (const part of [field('message', long), file('note', long)]) {
      const en = await send([field('code', 'contact_us'), part]);
      expect(en.statusCode).toBe(413);
      expect(en.json().message).toBe('The request is too large.');
      const fa = await send([field('code', 'contact_us'), part], { language: 'fa' });
      expect(fa.statusCode).toBe(413);
      expect(fa.json().message).not.toBe('The request is too large.');
    }
  });

  it('refuses more fields than allowed (413), a field named like an Object property (400) and a body without its boundary (400)', async () => {
    const many = Array.from({ length: MULTIPART_MAX_FIELDS + 1 }, (_, index) => field(`f${index}`, 'x'));
    expect((await send(many)).statusCode).toBe(413);
    expect((await send([field('__proto__', 'x')])).statusCode).toBe(400);
    expect((await send([field('constructor', 'x')])).statusCode).toBe(400);
    const noBoundary = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'multipart/form-data' }, payload: field('code', 'x') });
    expect(noBoundary.statusCode).toBe(400);
    const cut = await app.inject({ method: 'POST', url: '/echo', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\nhalf` });
    expect(cut.statusCode).toBe(400);
  });

  it('refuses a declared Content-Length over the body limit before reading a byte', async () => {
    let read = 0;
    const payload = new Readable({
      read() {
        read += 1;
        this.push(null);
      },
    });
    const response = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(BODY_LIMIT_BYTES + 1) },
      payload,
    });
    expect(response.statusCode).toBe(413);
    expect(read).toBe(0);
  });
});
