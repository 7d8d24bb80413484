import type { FastifyInstance } from 'fastify';
import { LOGIN_CODE_LENGTH } from '@contract/entities/account';
import { normalizeMobile } from '@contract/phone';
import { ok } from '../../errors';
import type { ConsoleSmsProvider } from './console-provider';

/** The login code in a message's text (the dev outbox hands it to tests and demos). */
const CODE_IN_TEXT = new RegExp(`\\b(\\d{${LOGIN_CODE_LENGTH}})\\b`);

/** GET /dev/sms-outbox?phone=…: the console provider's messages to a phone, newest first (never registered in production). */
export async function smsOutboxRoutes(app: FastifyInstance, { provider }: { provider: ConsoleSmsProvider }) {
  app.get('/dev/sms-outbox', async (request) => {
    const phone = normalizeMobile(String((request.query as Record<string, unknown>).phone ?? '')) ?? '';
    return ok(provider.outbox(phone).map((entry) => ({ phone: entry.to, text: entry.text, sent_at: entry.sentAt, code: CODE_IN_TEXT.exec(entry.text)?.[1] ?? null })));
  });
}
