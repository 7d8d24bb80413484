import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { normalizeMobile } from '@contract/phone';
import { loginRequests, orders, shops } from '../../db/schema';
import { translate } from '../../i18n/messages';
import type { ClaimedJob } from '../../repositories/jobs-repository';
import type { JobKind } from '../jobs/runner';
import { SmsRefusedError, type SmsMessage, type SmsProvider } from './sms-provider';
import { LOGIN_SMS_FRESH_SECONDS, LOGIN_SMS_RETRY_MS, SMS_LOGIN, SMS_ORDER_NEW, SMS_SEND, SMS_SEND_ATTEMPTS, smsSendRetryMs } from './sms-job-keys';

/** The message would arrive too late to be of use (a login code about to expire, an order's news a quarter of an hour old). */
export class SmsStaleError extends Error {}

const MessageSchema = v.object({
  to: v.string(),
  text: v.string(),
  template: v.picklist(['login_code', 'order_confirmed', 'order_confirmed_for', 'order_sent', 'order_new', 'access_approved', 'access_denied']),
  params: v.record(v.string(), v.string()),
});

const messageOf = (job: ClaimedJob): SmsMessage => v.parse(MessageSchema, job.payload.message);
const isFinal = (error: unknown) => error instanceof SmsRefusedError || error instanceof SmsStaleError;

/** The tries of a message made when it was scheduled: backoff until stale, outside a transaction (the provider is waited on). */
const sentWithBackoff = { maxAttempts: SMS_SEND_ATTEMPTS, retryAfterMs: smsSendRetryMs, isFinal, transaction: false } satisfies Partial<JobKind>;

function notStale(job: ClaimedJob, now: Date): void {
  const notAfter = typeof job.payload.not_after === 'string' ? new Date(job.payload.not_after) : null;
  if (notAfter && now > notAfter) throw new SmsStaleError(`not sent: stale since ${notAfter.toISOString()}`);
}

/** A message of a template this provider has none for (SMS_TEMPLATE_* unset) is not sent: the job ends, nothing logged. */
async function send(provider: SmsProvider, message: SmsMessage): Promise<void> {
  if (provider.supports(message.template)) await provider.send(message);
}

/**
 * sms.login: the login code, while its login request is open and fresh: a request that was used, replaced (a resend
 * deletes it) or has less than LOGIN_SMS_FRESH_SECONDS left is not sent, so a retry never delivers a stale code.
 * The code leaves the payload when the job ends.
 */
function loginKind(provider: SmsProvider): JobKind {
  return {
    maxAttempts: 1 + LOGIN_SMS_RETRY_MS.length,
    retryAfterMs: (attempt) => LOGIN_SMS_RETRY_MS[Math.min(attempt, LOGIN_SMS_RETRY_MS.length) - 1],
    isFinal,
    redact: ['message'],
    transaction: false,
    async run(job, { tx, now }) {
      const id = typeof job.payload.login_request_id === 'string' ? job.payload.login_request_id : '';
      const [request] = await tx.select().from(loginRequests).where(eq(loginRequests.id, id));
      if (!request || request.usedAt || request.verifiedAt) return;
      const left = request.expiresAt.getTime() - now.getTime();
      if (left < LOGIN_SMS_FRESH_SECONDS * 1000) throw new SmsStaleError('not sent: the code would arrive about to expire');
      await send(provider, messageOf(job));
    },
  };
}

/** sms.send: a message made when it was scheduled (an order's status, an access answer), tried with backoff until stale. */
function sendKind(provider: SmsProvider): JobKind {
  return {
    ...sentWithBackoff,
    async run(job, { now }) {
      notStale(job, now);
      await send(provider, messageOf(job));
    },
  };
}

/**
 * sms.order_new: the owner's SMS of a new order, to the shop's phone when it is a mobile, only where the provider has
 * the order_new template (the console's always does; a real provider's with SMS_TEMPLATE_ORDER_NEW).
 */
function orderNewKind(provider: SmsProvider): JobKind {
  return {
    ...sentWithBackoff,
    async run(job, { tx, now }) {
      notStale(job, now);
      if (!provider.supports('order_new')) return;
      const [order] = await tx.select({ code: orders.trackingCode }).from(orders).where(eq(orders.id, Number(job.payload.order_id)));
      const [shop] = await tx.select({ name: shops.name, phone: shops.phone }).from(shops).where(eq(shops.id, Number(job.payload.shop_id)));
      const to = shop ? normalizeMobile(shop.phone) : null;
      if (!order || !shop || !to) return;
      const params = { CODE: order.code ?? '', SHOP: shop.name };
      await provider.send({ to, template: 'order_new', params, text: translate('fa', 'order_sms_new', { code: params.CODE, shop: shop.name }) });
    },
  };
}

/** The SMS jobs' kinds. */
export const smsJobKinds = (provider: SmsProvider): Record<string, JobKind> => ({
  [SMS_LOGIN]: loginKind(provider),
  [SMS_SEND]: sendKind(provider),
  [SMS_ORDER_NEW]: orderNewKind(provider),
});
