import { randomInt } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';

/*
 * A local double of two Iranian SMS providers' verify (template) APIs, for tests only: nothing under server/ imports
 * it. Kavenegar's lookup: GET or POST /v1/{API_KEY}/verify/lookup.json with receptor, template, token… (query or form),
 * answering { return: { status, message }, entries } with the HTTP status equal to return.status. SMS.ir's verify:
 * POST /v1/send/verify, header x-api-key, JSON { mobile, templateId, parameters: [{ name, value }] }, answering
 * { status, message, data } (status 1: sent). It can be told to fail: never answer (a timeout), or answer a fault.
 */

export interface SentSms {
  provider: 'kavenegar' | 'smsir';
  to: string;
  template: string;
  /** Kavenegar's token fields, or SMS.ir's parameters by name */
  values: Record<string, string>;
}

export interface SmsDouble {
  url: string;
  /** the API keys it takes */
  keys: Set<string>;
  /** the template names (Kavenegar) and ids (SMS.ir) its panel has */
  templates: Set<string>;
  /** messages it accepted, in order */
  sent: SentSms[];
  /** every call it got (accepted or not) */
  calls: number;
  /** 'hang': the next calls never answer; 'fault': they answer the provider's 5xx; null: normal */
  mode: 'hang' | 'fault' | null;
  close: () => Promise<void>;
}

const MOBILE = /^09\d{9}$/;

export async function startSmsDouble(): Promise<SmsDouble> {
  const app: FastifyInstance = Fastify({ forceCloseConnections: true });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  const state: Pick<SmsDouble, 'keys' | 'templates' | 'sent' | 'calls' | 'mode'> = { keys: new Set(), templates: new Set(), sent: [], calls: 0, mode: null };

  const kavenegar = (key: string, fields: Record<string, string>) => {
    const answer = (status: number, message: string, entries: unknown = null) => ({ status, body: { return: { status, message }, entries } });
    if (!state.keys.has(key)) return answer(403, 'کلید API نامعتبر است');
    if (!fields.receptor || !MOBILE.test(fields.receptor)) return answer(411, 'گیرنده نامعتبر است');
    if (!fields.template || !state.templates.has(fields.template)) return answer(424, 'الگو یافت نشد');
    if (!fields.token) return answer(431, 'ساختار کد صحیح نمی‌باشد');
    const values = Object.fromEntries(Object.entries(fields).filter(([name]) => name.startsWith('token')));
    state.sent.push({ provider: 'kavenegar', to: fields.receptor, template: fields.template, values });
    return answer(200, 'تایید شد', [{ messageid: randomInt(1, 2 ** 31), receptor: fields.receptor, status: 5, statustext: 'ارسال به مخابرات' }]);
  };

  const handle = async <T>(work: () => T): Promise<T> => {
    state.calls += 1;
    // A provider that never answers: the caller's timeout ends the wait.
    if (state.mode === 'hang') return new Promise<T>(() => undefined);
    return work();
  };

  const lookup = async (key: string, fields: Record<string, string>, reply: { code: (status: number) => { send: (body: unknown) => unknown } }) =>
    handle(() => {
      if (state.mode === 'fault') return reply.code(500).send({ return: { status: 500, message: 'خطای داخلی' }, entries: null });
      const { status, body } = kavenegar(key, fields);
      return reply.code(status).send(body);
    });
  const path = '/v1/:key/verify/lookup.json';
  app.get<{ Params: { key: string }; Querystring: Record<string, string> }>(path, (request, reply) => lookup(request.params.key, request.query, reply));
  app.post<{ Params: { key: string }; Body: Record<string, string> }>(path, (request, reply) => lookup(request.params.key, request.body ?? {}, reply));

  app.post<{ Body: { mobile?: unknown; templateId?: unknown; parameters?: unknown } }>('/v1/send/verify', (request, reply) =>
    handle(() => {
      if (state.mode === 'fault') return reply.code(500).send({ status: 0, message: 'خطای داخلی سرور', data: null });
      const key = request.headers['x-api-key'];
      if (typeof key !== 'string' || !state.keys.has(key)) return reply.code(401).send({ status: 10, message: 'کلید وب سرویس نامعتبر است', data: null });
      const { mobile, templateId, parameters } = request.body ?? {};
      const refused = (status: number, message: string) => reply.code(400).send({ status, message, data: null });
      if (typeof mobile !== 'string' || !MOBILE.test(mobile)) return refused(111, 'شماره موبایل گیرنده نامعتبر است');
      if (typeof templateId !== 'number' || !state.templates.has(String(templateId))) return refused(113, 'قالب یافت نشد');
      if (!Array.isArray(parameters)) return refused(114, 'پارامترها نامعتبر است');
      const values = Object.fromEntries((parameters as { name: string; value: string }[]).map(({ name, value }) => [name, value]));
      state.sent.push({ provider: 'smsir', to: mobile, template: String(templateId), values });
      return reply.send({ status: 1, message: 'موفق', data: { messageId: randomInt(1, 2 ** 31), cost: 1 } });
    }),
  );

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return Object.assign(state, {
    url: address,
    close: () => app.close(),
  }) as SmsDouble;
}
