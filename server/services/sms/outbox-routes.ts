import type { FastifyInstance } from 'fastify';
import { LOGIN_CODE_LENGTH } from '@contract/entities/account';
import { normalizeMobile } from '@contract/phone';
import { ok } from '../../errors';
import { hasOutbox } from './index';

/** The login code in a message's text (the dev outbox hands it to tests and demos). */
const CODE_IN_TEXT = new RegExp(`\\b(\\d{${LOGIN_CODE_LENGTH}})\\b`);

/** GET /dev/sms-outbox?phone=…: the console provider's messages to a phone, newest first; only with a provider that keeps them (never in production). */
export async function smsOutboxRoutes(app: FastifyInstance) {
  const provider = app.sms;
  if (!hasOutbox(provider)) return;
  app.get('/dev/sms-outbox', async (request) => {
    const phone = normalizeMobile(String((request.query as Record<string, unknown>).phone ?? '')) ?? '';
    return ok(provider.outbox(phone).map((entry) => ({ phone: entry.to, text: entry.text, sent_at: entry.sentAt, code: CODE_IN_TEXT.exec(entry.text)?.[1] ?? null })));
  });
}
