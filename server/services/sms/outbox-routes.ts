import type { FastifyInstance } from 'fastify';
import { normalizeMobile } from '@contract/phone';
import { ok } from '../../errors';
import type { ConsoleSmsProvider } from './console-provider';

/** GET /dev/sms-outbox?phone=…: the console provider's messages to a phone, newest first (never registered in production). */
export async function smsOutboxRoutes(app: FastifyInstance, { provider }: { provider: ConsoleSmsProvider }) {
  app.get('/dev/sms-outbox', async (request) => {
    const phone = normalizeMobile(String((request.query as Record<string, unknown>).phone ?? '')) ?? '';
    return ok(provider.outbox(phone).map((entry) => ({ phone: entry.to, text: entry.text, sent_at: entry.sentAt, code: /\b(\d{6})\b/.exec(entry.text)?.[1] ?? null })));
  });
}
