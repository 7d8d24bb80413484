import { randomInt, timingSafeEqual } from 'node:crypto';
import {
  LOGIN_CODE_LENGTH,
  LOGIN_CODE_PATTERN,
  LOGIN_CODE_TTL_SECONDS,
  LOGIN_MAX_WRONG_TRIES,
  LOGIN_RESEND_SECONDS,
} from '@contract/entities/account';
import { normalizeMobile } from '@contract/phone';
import { ApiError } from '../errors';
import { translate, type MessageKey, type MessageValues } from '../i18n/messages';
import { hashCode, newToken, SESSION_TTL_SECONDS } from '../repositories/account-repository';
import { hashToken } from '../repositories/user-repository';
import type { Repositories } from '../repositories';
import type { UserRow } from '../db/schema';
import { SESSION_COOKIE } from '../http/cookies';
import { GUEST_COOKIE, mergeGuestCart } from '../services/guest-cart';
import { loginSmsJob, loginSmsKey } from '../services/sms/sms-job-keys';
import type { ActionContext, Handlers } from './context';
import { forgetUser, toUser } from './user';

/** Cookie holding the login request's token between login, check_verify_code and complete_register. */
export const LOGIN_REQUEST_COOKIE = 'lrid';
const LOGIN_REQUEST_COOKIE_SECONDS = 15 * 60;
/** After the right code, a new phone has this long to complete_register. */
const REGISTER_WINDOW_SECONDS = 10 * 60;
const SMS_WINDOW_SECONDS = 10 * 60;
const SMS_PER_WINDOW = 3;
const VERIFY_FAIL_WINDOW_SECONDS = 3600;
const VERIFY_FAILS_PER_WINDOW = 100;

const secondsBetween = (later: Date, earlier: Date) => (later.getTime() - earlier.getTime()) / 1000;
const ago = (now: Date, seconds: number) => new Date(now.getTime() - seconds * 1000);

/** A 429 with the wait in the message and in data.wait_seconds. */
function tooMany(context: ActionContext, key: MessageKey, waitSeconds: number): ApiError {
  const wait = Math.max(1, Math.ceil(waitSeconds));
  return new ApiError(429, 'rate_limited', translate(context.language, key, { wait }), undefined, { wait_seconds: wait });
}

const badRequest = (context: ActionContext, result: string, key: MessageKey, values: MessageValues = {}) =>
  new ApiError(400, result, translate(context.language, key, values));

/** Seconds until the oldest of `times` leaves a window of `windowSeconds`, when `limit` are in it; else null. */
function windowWait(times: Date[], limit: number, windowSeconds: number, now: Date): number | null {
  if (times.length < limit) return null;
  return windowSeconds - secondsBetween(now, times[times.length - limit]);
}

/** A code of LOGIN_CODE_LENGTH digits from the cryptographic random source. */
const newCode = () => String(randomInt(0, 10 ** LOGIN_CODE_LENGTH)).padStart(LOGIN_CODE_LENGTH, '0');

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The session of `token` was deleted (`userId` its user, null when there was none): once committed, every instance
 * forgets the user's cached sessions and answers the long polls the session holds, so none delivers a message after it.
 */
function sessionEnded(context: ActionContext, token: string, userId: number | null): void {
  forgetUser(context, userId);
  if (userId !== null) context.afterCommit(() => context.live.endSession(hashToken(token)));
}

/** Rotates the session: the cookie's old session row is deleted, a new one is created and set. */
async function startSession(context: ActionContext, tx: Repositories, userId: number, now: Date): Promise<string> {
  const old = context.http.cookies[SESSION_COOKIE];
  if (old) sessionEnded(context, old, await tx.accounts.deleteSession(old));
  return tx.accounts.createSession(userId, now);
}

function setSessionCookie(context: ActionContext, token: string) {
  context.http.setCookie(SESSION_COOKIE, token, { maxAgeSeconds: SESSION_TTL_SECONDS });
  context.http.clearCookie(LOGIN_REQUEST_COOKIE);
}

type Outcome<T> = { ok: true; value: T } | { ok: false; error: ApiError };

export const accountLoginActions: Handlers<'login' | 'check_verify_code' | 'complete_register' | 'logout'> = {
  async login(context, { phone_number }) {
    if (!phone_number) throw badRequest(context, 'invalid_input', 'phone_required');
    const mobile = normalizeMobile(phone_number);
    if (!mobile) throw badRequest(context, 'invalid_input', 'phone_invalid');
    const now = context.clock();
    const phoneKey = `phone:${mobile}`;
    const ipKey = `ip:${context.http.ip}`;
    const token = newToken();
    const requestId = hashToken(token);
    const code = newCode();
    const previous = context.http.cookies[LOGIN_REQUEST_COOKIE];

    await context.repos.transaction(async (tx) => {
      // Phone first, then address: one lock order everywhere, so two instances cannot deadlock.
      await tx.accounts.lockKey(phoneKey);
      await tx.accounts.lockKey(ipKey);
      const phoneTimes = await tx.accounts.eventTimes('sms', phoneKey, ago(now, SMS_WINDOW_SECONDS));
      const last = phoneTimes.at(-1);
      if (last && secondsBetween(now, last) < LOGIN_RESEND_SECONDS) {
        throw tooMany(context, 'resend_too_soon', LOGIN_RESEND_SECONDS - secondsBetween(now, last));
      }
      const phoneWait = windowWait(phoneTimes, SMS_PER_WINDOW, SMS_WINDOW_SECONDS, now);
      if (phoneWait !== null) throw tooMany(context, 'sms_limit', phoneWait);
      const ipWait = windowWait(await tx.accounts.eventTimes('sms', ipKey, ago(now, SMS_WINDOW_SECONDS)), SMS_PER_WINDOW, SMS_WINDOW_SECONDS, now);
      if (ipWait !== null) throw tooMany(context, 'sms_limit', ipWait);

      if (previous) await tx.accounts.deleteLoginRequest(previous);
      await tx.accounts.createLoginRequest({ token, mobile, code, now, ttlSeconds: LOGIN_CODE_TTL_SECONDS });
      await tx.accounts.addEvent('sms', phoneKey, now);
      await tx.accounts.addEvent('sms', ipKey, now);
      const text = translate(context.language, 'sms_login_code', { code, shop: context.language === 'en' ? context.shop.nameEn : context.shop.name });
      // The code goes through the jobs table, committed with its request: retried (services/sms/sms-jobs.ts) while fresh.
      await tx.jobs.schedule(loginSmsJob(requestId, { to: mobile, text, template: 'login_code', params: { CODE: code } }, now));
    });
    // Its first try now, so the reply says whether the code left.
    const sent = await context.jobs.runKey(loginSmsKey(requestId));
    if (sent?.state === 'failed') {
      // Refused by the provider (its key, template, or this number): no retry can help. The request goes, with the
      // limits it took: a code that never left does not count against them.
      await context.repos.transaction(async (tx) => {
        await tx.accounts.deleteLoginRequest(token);
        await tx.accounts.removeEvent('sms', phoneKey, now);
        await tx.accounts.removeEvent('sms', ipKey, now);
      });
      throw new ApiError(503, 'sms_failed', translate(context.language, 'sms_failed'));
    }
    context.http.setCookie(LOGIN_REQUEST_COOKIE, token, { maxAgeSeconds: LOGIN_REQUEST_COOKIE_SECONDS });
    // Not handed over yet (the provider timed out or had a fault): tried again in seconds, while the code is fresh; the
    // customer is told so, and may ask for another code once resend_after has passed.
    const notice = sent?.state === 'done' ? null : translate(context.language, 'sms_delayed', { wait: LOGIN_RESEND_SECONDS });
    return { phone: mobile, resend_after: LOGIN_RESEND_SECONDS, expires_in: LOGIN_CODE_TTL_SECONDS, notice };
  },

  async check_verify_code(context, { verify_code }) {
    if (!verify_code) throw badRequest(context, 'invalid_input', 'code_required');
    const token = context.http.cookies[LOGIN_REQUEST_COOKIE];
    if (!token) throw badRequest(context, 'no_login_request', 'no_login_request');
    const now = context.clock();

    // Wrong tries must be committed, so failures are returned out of the transaction and thrown after it.
    const outcome = await context.repos.transaction(async (tx): Promise<Outcome<{ user: UserRow; session: string } | null>> => {
      const request = await tx.accounts.loginRequest(token, true);
      if (!request || request.usedAt || request.verifiedAt) return { ok: false, error: badRequest(context, 'code_expired', 'code_expired') };
      const phoneKey = `phone:${request.mobile}`;
      const fails = await tx.accounts.eventTimes('verify_fail', phoneKey, ago(now, VERIFY_FAIL_WINDOW_SECONDS));
      const failWait = windowWait(fails, VERIFY_FAILS_PER_WINDOW, VERIFY_FAIL_WINDOW_SECONDS, now);
      if (failWait !== null) return { ok: false, error: tooMany(context, 'verify_limit', failWait) };
      if (request.wrongTries >= LOGIN_MAX_WRONG_TRIES) {
        return { ok: false, error: tooMany(context, 'code_locked', LOGIN_RESEND_SECONDS - secondsBetween(now, request.createdAt)) };
      }
      if (now >= request.expiresAt) return { ok: false, error: badRequest(context, 'code_expired', 'code_expired') };
      if (!LOGIN_CODE_PATTERN.test(verify_code) || !sameHash(hashCode(token, verify_code), request.codeHash)) {
        const tries = request.wrongTries + 1;
        await tx.accounts.updateLoginRequest(token, { wrongTries: tries });
        await tx.accounts.addEvent('verify_fail', phoneKey, now);
        const left = LOGIN_MAX_WRONG_TRIES - tries;
        return {
          ok: false,
          error:
            left > 0
              ? badRequest(context, 'code_wrong', 'code_wrong', { left })
              : tooMany(context, 'code_locked', LOGIN_RESEND_SECONDS - secondsBetween(now, request.createdAt)),
        };
      }
      const user = await tx.accounts.userByMobile(request.mobile);
      if (!user) {
        await tx.accounts.updateLoginRequest(token, { verifiedAt: now });
        return { ok: true, value: null };
      }
      await tx.accounts.updateLoginRequest(token, { usedAt: now });
      const session = await startSession(context, tx, user.id, now);
      await mergeGuestCart(tx, context.http.cookies[GUEST_COOKIE], user.id, context.payments);
      return { ok: true, value: { user, session } };
    });
    if (!outcome.ok) throw outcome.error;
    if (outcome.value === null) return { registered: false, user: null };
    const { user, session } = outcome.value;
    setSessionCookie(context, session);
    return { registered: true, user: toUser(user) };
  },

  async complete_register(context, { name, ref }) {
    if (!name) throw badRequest(context, 'invalid_input', 'name_required_register');
    if (name.length > 100) throw badRequest(context, 'invalid_input', 'text_too_long', { field: 'name', max: 100 });
    const token = context.http.cookies[LOGIN_REQUEST_COOKIE];
    if (!token) throw badRequest(context, 'not_verified', 'not_verified');
    const now = context.clock();
    const result = await context.repos.transaction(async (tx) => {
      const request = await tx.accounts.loginRequest(token, true);
      if (!request?.verifiedAt || request.usedAt || secondsBetween(now, request.verifiedAt) > REGISTER_WINDOW_SECONDS) return null;
      await tx.accounts.updateLoginRequest(token, { usedAt: now });
      const { user, created } = await tx.accounts.createUser(request.mobile, name);
      if (created && ref) {
        const inviter = await tx.accounts.inviterByCode(ref);
        if (inviter !== null) await tx.accounts.addReferral(inviter, user.id);
      }
      const session = await startSession(context, tx, user.id, now);
      await mergeGuestCart(tx, context.http.cookies[GUEST_COOKIE], user.id, context.payments);
      return { user, session };
    });
    if (!result) throw badRequest(context, 'not_verified', 'not_verified');
    setSessionCookie(context, result.session);
    return toUser(result.user);
  },

  async logout(context) {
    const token = context.http.cookies[SESSION_COOKIE];
    if (token) sessionEnded(context, token, await context.repos.accounts.deleteSession(token));
    context.http.clearCookie(SESSION_COOKIE);
    context.http.clearCookie(LOGIN_REQUEST_COOKIE);
    return null;
  },
};
