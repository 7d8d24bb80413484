import type { ConsoleShop, Staff } from '@contract/console/entities';
import type { Currency } from '@contract/enums';
import { normalizeUsername } from '@contract/console/rules';
import type { ShopRow, StaffRow } from '../../db/schema';
import { ApiError } from '../../errors';
import { translate } from '../../i18n/messages';
import { verifyPassword } from '../../services/password';
import { waitSeconds } from '../../services/rate-window';
import { STAFF_DEVICE_TTL_SECONDS, STAFF_LOGIN_FAIL, staffLoginWindows, type LoginWindow } from '../../services/staff-login-limits';
import { newToken } from '../../repositories/account-repository';
import { hashToken } from '../../repositories/user-repository';
import type { ConsoleContext, ConsoleHandlers } from './context';

export const toStaff = (row: StaffRow): Staff => ({ id: row.id, name: row.name, username: row.username, role: row.role });
export const toConsoleShop = (shop: ShopRow): ConsoleShop => ({ id: shop.id, slug: shop.slug, name: shop.name, name_en: shop.nameEn, currency: shop.currency as Currency, interface_id: shop.interfaceId });

/** A device cookie's token as this server makes them (newToken: 32 bytes, base64url); anything else is none. */
const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * The hash of the request's device cookie when it names a device `username` signed in on (within
 * STAFF_DEVICE_TTL_SECONDS), else null: such a device is counted apart (services/staff-login-limits.ts).
 */
async function knownDevice(context: ConsoleContext, username: string): Promise<string | null> {
  const token = context.deviceCookie.value;
  if (token === undefined || !DEVICE_TOKEN.test(token)) return null;
  const since = new Date(context.clock().getTime() - STAFF_DEVICE_TTL_SECONDS * 1000);
  return (await context.repos.staff.knownDevice(token, username, since)) ? hashToken(token).slice(0, 32) : null;
}

/** Takes a failure slot in each of the attempt's windows (in their order, everywhere); a full window is a 429 and takes none. */
async function holdFailureSlots(context: ConsoleContext, windows: LoginWindow[]): Promise<number[]> {
  const now = context.clock();
  // Thrown inside the transaction, a refusal rolls back the slots already taken for the other subjects.
  return context.repos.transaction(async (tx) => {
    const held: number[] = [];
    for (const window of windows) {
      const slot = await tx.takeSlot({ kind: STAFF_LOGIN_FAIL, now, ...window });
      if ('waitSeconds' in slot) {
        const wait = waitSeconds(slot.waitSeconds);
        throw new ApiError(429, 'rate_limited', translate(context.language, 'staff_login_limit', { wait }), undefined, { wait_seconds: wait });
      }
      held.push(slot.eventId);
    }
    return held;
  });
}

export const staffActions: ConsoleHandlers<'staff_login' | 'staff_logout' | 'staff_me'> = {
  async staff_login(context, input) {
    const username = normalizeUsername(input.username ?? '');
    const password = input.password ?? '';
    if (!username || !password) throw new ApiError(400, 'invalid_input', translate(context.language, 'staff_credentials_required'));
    const staffRepository = context.repos.staff;
    const device = await knownDevice(context, username);
    const windows = staffLoginWindows(username, context.ip, device);
    const held = await holdFailureSlots(context, windows);

    // The hash is checked outside any transaction (it is CPU, ~10 ms); an unknown username costs the same.
    const member = await staffRepository.byUsername(username);
    if (!(await verifyPassword(member?.passwordHash ?? null, password)) || !member) {
      throw new ApiError(400, 'staff_login_failed', translate(context.language, 'staff_login_failed'));
    }
    if (member.disabled) {
      // The right password is no guess: its slots go back, and only now may the reply say why.
      await context.repos.transaction(async (tx) => {
        for (const id of held) await tx.releaseSlot(id);
      });
      throw new ApiError(403, 'staff_disabled', translate(context.language, 'staff_disabled'));
    }
    // The browser's device token is kept (a device shared by two members is known for both), or a new one is made.
    const deviceToken = context.deviceCookie.value !== undefined && DEVICE_TOKEN.test(context.deviceCookie.value) ? context.deviceCookie.value : newToken();
    const token = await context.repos.transaction(async (tx) => {
      for (const id of held) await tx.releaseSlot(id);
      // A successful login forgets this username's earlier typos here (the address and the username across
      // addresses keep their counts: those failures may be someone else's).
      await tx.clearSlots({ kind: STAFF_LOGIN_FAIL, subject: windows[0].subject });
      await tx.staff.rememberDevice(deviceToken, member.id, context.clock());
      // Rotated: the cookie's old session (if any) ends with the new login.
      if (context.staffCookie.value) await tx.staff.deleteSession(context.staffCookie.value);
      return tx.staff.createSession(member.id, context.clock());
    });
    context.staffCookie.set(token);
    context.deviceCookie.set(deviceToken);
    return { shop: toConsoleShop(context.shop), staff: toStaff(member) };
  },

  async staff_logout(context) {
    const token = context.staffCookie.value;
    if (token) await context.repos.staff.deleteSession(token);
    context.staffCookie.clear();
    return null;
  },

  async staff_me(context) {
    return { shop: toConsoleShop(context.shop), staff: context.staff ? toStaff(context.staff) : null };
  },
};
