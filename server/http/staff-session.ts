import type { FastifyReply, FastifyRequest } from 'fastify';
import { STAFF_LOGIN_REQUIRED } from '@contract/console/api';
import type { Language } from '@contract/enums';
import type { StaffRow } from '../db/schema';
import { ApiError } from '../errors';
import { translate } from '../i18n/messages';
import { requestLanguage } from '../i18n/request-language';
import { STAFF_DEVICE_TTL_SECONDS } from '../services/staff-login-limits';
import { createStaffRepository, STAFF_SESSION_TTL_SECONDS } from '../repositories/staff-repository';

/**
 * The staff session cookie: its own name, never the customer's `sid`, so a customer session is no
 * staff session and a staff session no customer's. SameSite=Strict: the console is never entered
 * from another site's link with it.
 */
export const STAFF_COOKIE = 'staff_sid';

// One lookup per request, however many helpers ask.
const lookups = new WeakMap<FastifyRequest, Promise<StaffRow | null>>();

/**
 * The staff member of the request's `staff_sid` cookie at this Host's shop root (null without one,
 * or when it names no live session, a disabled account or another shop's staff). Needs the API
 * context's tenant hook (request.hostShop).
 */
export function staffOf(request: FastifyRequest): Promise<StaffRow | null> {
  const token = request.cookies[STAFF_COOKIE];
  if (!token) return Promise.resolve(null);
  let lookup = lookups.get(request);
  if (!lookup) {
    const { db, clock } = request.server;
    lookup = createStaffRepository(db, request.hostShop).bySessionToken(token, clock());
    lookups.set(request, lookup);
  }
  return lookup;
}

/**
 * The logged-in staff member, or a 401 `staff_login_required` in `language` (default the form's or Accept-Language's;
 * the upload reads its own from the query). Console codes marked `staff: true` run behind it.
 */
export async function requireStaff(request: FastifyRequest, language: Language = requestLanguage(request.body, request.headers['accept-language'])): Promise<StaffRow> {
  const member = await staffOf(request);
  if (member) return member;
  throw new ApiError(401, STAFF_LOGIN_REQUIRED, translate(language, 'staff_login_required'));
}

/** The staff cookie: HttpOnly, SameSite=Strict, whole host, Secure when the request came over HTTPS (as `sid`). */
export function setStaffCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  void reply.setCookie(STAFF_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https', maxAge: STAFF_SESSION_TTL_SECONDS });
}

/**
 * The device cookie: set at a successful login, kept at logout. It names the browser as one a staff member signed in
 * on (staff_devices), so the across-addresses login limit does not hold it (services/staff-login-limits.ts).
 */
export const STAFF_DEVICE_COOKIE = 'staff_device';

export function setStaffDeviceCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  const secure = request.protocol === 'https';
  void reply.setCookie(STAFF_DEVICE_COOKIE, token, { path: '/', httpOnly: true, sameSite: 'strict', secure, maxAge: STAFF_DEVICE_TTL_SECONDS });
}

export function clearStaffCookie(request: FastifyRequest, reply: FastifyReply): void {
  void reply.clearCookie(STAFF_COOKIE, { path: '/', httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https' });
}
