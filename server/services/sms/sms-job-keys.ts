import type { NewJob } from '../../repositories/jobs-repository';
import type { SmsMessage } from './sms-provider';

/*
 * The SMS jobs' names and how they are scheduled (sms-jobs.ts runs them). Apart, so the code that schedules them (the
 * login, an order's change, an access answer) does not import the providers.
 */

export const SMS_LOGIN = 'sms.login';
export const SMS_SEND = 'sms.send';
export const SMS_ORDER_NEW = 'sms.order_new';

/**
 * A login code's tries: the first in the login request itself (its reply waits for it), then after 10 s and 20 s more;
 * none once less than LOGIN_SMS_FRESH_SECONDS of the code's life would be left when it arrives.
 */
export const LOGIN_SMS_RETRY_MS = [10_000, 20_000] as const;
export const LOGIN_SMS_FRESH_SECONDS = 60;
/** How long the login's own first try keeps the job from the pollers (its provider's timeout fits well inside). */
export const LOGIN_SMS_FIRST_TRY_MS = 30_000;

/** Other messages (order status, new order, access answers): tried for about a quarter of an hour, then dropped as stale. */
export const SMS_SEND_ATTEMPTS = 5;
export const SMS_SEND_STALE_MS = 15 * 60_000;
export const smsSendRetryMs = (attempt: number): number => 30_000 * 2 ** (attempt - 1);

export const loginSmsKey = (loginRequestId: string): string => `${SMS_LOGIN}:${loginRequestId}`;

/**
 * The login code's SMS, scheduled with its login request: due only after LOGIN_SMS_FIRST_TRY_MS, as the login runs its
 * first try itself at once (runKey); a login whose instance died before that leaves it to the pollers.
 */
export function loginSmsJob(loginRequestId: string, message: SmsMessage, now: Date): NewJob {
  const runAt = new Date(now.getTime() + LOGIN_SMS_FIRST_TRY_MS);
  return { kind: SMS_LOGIN, key: loginSmsKey(loginRequestId), runAt, payload: { login_request_id: loginRequestId, message } };
}

/** A message that is sent as soon as a poller finds it (JOB_POLL_MS), or dropped once SMS_SEND_STALE_MS passed. `key` names what it tells. */
export function smsSendJob(key: string, message: SmsMessage, now: Date): NewJob {
  return { kind: SMS_SEND, key: `${SMS_SEND}:${key}`, runAt: now, payload: { message, not_after: new Date(now.getTime() + SMS_SEND_STALE_MS).toISOString() } };
}

/** The owner's SMS of a new order, written when the order is placed (its text is made when it is sent). */
export function newOrderSmsJob(order: { shopId: number; orderId: number }, now: Date): NewJob {
  return {
    kind: SMS_ORDER_NEW,
    key: `${SMS_ORDER_NEW}:${order.orderId}`,
    runAt: now,
    payload: { shop_id: order.shopId, order_id: order.orderId, not_after: new Date(now.getTime() + SMS_SEND_STALE_MS).toISOString() },
  };
}
