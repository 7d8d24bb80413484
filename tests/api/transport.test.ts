import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HTTP_TIMEOUT_MS } from '@contract/rules/limits';
import { ApiError } from '@/api/api-error';
import { unansweredText } from '@/api/connection-words';
import { fieldsOf, postForm, readReply } from '@/api/transport';

const PictureSchema = v.object({ id: v.number() });

describe('transport: a reply read by another transport (the upload) follows the envelope rules', () => {
  it('Scenario: a success envelope gives its data, parsed, and the caller sees the envelope', () => {
    const seen = vi.fn();
    const data = readReply('upload', 200, { status: true, result: 'ok', data: { id: 7 }, message: '' }, null, PictureSchema, seen);
    expect(data).toEqual({ id: 7 });
    expect(seen).toHaveBeenCalledWith(expect.objectContaining({ status: true, data: { id: 7 } }));
  });

  it('Scenario: a refusal throws ApiError with the server\'s message, result and status', () => {
    const read = () => readReply('upload', 400, { status: false, result: 'file_type', data: null, message: 'نوع فایل مجاز نیست' }, null, PictureSchema);
    expect(read).toThrow(ApiError);
    expect(read).toThrow(expect.objectContaining({ code: 'upload', result: 'file_type', status: 400, message: 'نوع فایل مجاز نیست' }));
  });

  it('Scenario: a success whose data is not the expected shape throws invalid_reply', () => {
    const read = () => readReply('upload', 200, { status: true, result: 'ok', data: { id: 'seven' }, message: '' }, null, PictureSchema);
    expect(read).toThrow(expect.objectContaining({ result: 'invalid_reply' }));
  });
});

/*
 * postForm is ky underneath: these run it against a real HTTP server on loopback, with the only clock it reads (its
 * timeout's) faked where the test waits for it.
 */
describe('transport: postForm over HTTP (ky)', () => {
  const DataSchema = v.object({ echo: v.string() });
  let server: Server;
  let base: string;
  let seen: { method: string; language: string | undefined; body: string }[];
  let answer: (response: ServerResponse) => void;

  beforeEach(async () => {
    seen = [];
    answer = (response) => response.end(JSON.stringify({ status: true, result: 'ok', data: { echo: 'سلام' }, message: '' }));
    server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        seen.push({ method: request.method ?? '', language: request.headers['accept-language'], body });
        answer(response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/order/order.php`;
  });

  afterEach(async () => {
    vi.useRealTimers();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const send = (options: { language?: 'fa' | 'en'; signal?: AbortSignal } = {}) => {
    const body = fieldsOf({ name: 'علی ۱۲' });
    body.set('code', 'echo');
    return postForm({ code: 'echo', body, endpoint: base, language: options.language ?? 'fa', schema: DataSchema, signal: options.signal });
  };

  it('Scenario: one POST of form-data in the language asked, its digits Western; the data comes back parsed', async () => {
    await expect(send({ language: 'en' })).resolves.toEqual({ echo: 'سلام' });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ method: 'POST', language: 'en' });
    expect(seen[0].body).toContain('name="code"\r\n\r\necho');
    expect(seen[0].body).toContain('علی 12');
  });

  it('Scenario: a server error is not retried, and its envelope is what the caller hears', async () => {
    answer = (response) => {
      response.statusCode = 500;
      response.end(JSON.stringify({ status: false, result: 'server_error', data: null, message: 'خطای سرور' }));
    };
    await expect(send()).rejects.toMatchObject({ result: 'server_error', status: 500, message: 'خطای سرور' });
    expect(seen).toHaveLength(1);
  });

  it('Scenario: a proxy\'s 503 page without an envelope is the outage the charts wait out, Retry-After in seconds', async () => {
    answer = (response) => {
      response.writeHead(503, { 'retry-after': '7', 'content-type': 'text/html' });
      response.end('<html>Service Unavailable</html>');
    };
    await expect(send()).rejects.toMatchObject({ result: 'service_unavailable', status: 503, data: { wait_seconds: 7 } });
  });

  it('Scenario: no answer within HTTP_TIMEOUT_MS is a timeout, said in the request\'s language', async () => {
    answer = () => {};
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const pending = send({ language: 'en' });
    const settled = expect(pending).rejects.toMatchObject({ name: 'ApiError', result: 'timeout', message: unansweredText('timeout', 'en') });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    expect(seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await settled;
  });

  it('Scenario: a chart that aborts its call (a long-poll left behind) ends it at once, unanswered', async () => {
    answer = () => {};
    const controller = new AbortController();
    const pending = send({ signal: controller.signal });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(ApiError);
  });

  it('Scenario: nobody listening is a network failure in Persian words, not the browser\'s English', async () => {
    await new Promise((resolve) => server.close(resolve));
    await expect(send()).rejects.toMatchObject({ result: 'network', message: unansweredText('network', 'fa') });
  });
});
