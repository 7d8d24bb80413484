import type { ConsoleShop, Staff } from '@contract/console/entities';
import type { Currency } from '@contract/enums';
import { normalizeUsername } from '@contract/console/rules';
import type { ShopRow, StaffRow } from '../../db/schema';
import { ApiError } from '../../errors';
import { translate } from '../../i18n/messages';
import { verifyPassword } from '../../services/password';
import { waitSeconds } from '../../services/rate-window';
import { STAFF_LOGIN_FAIL, STAFF_LOGIN_LIMITS } from '../../services/staff-login-limits';
import type { ConsoleContext, ConsoleHandlers } from './context';

export const toStaff = (row: StaffRow): Staff => ({ id: row.id, name: row.name, username: row.username, role: row.role });
export const toConsoleShop = (shop: ShopRow): ConsoleShop => ({ id: shop.id, slug: shop.slug, name: shop.name, name_en: shop.nameEn, currency: shop.currency as Currency, interface_id: shop.interfaceId });

/** Takes a failure slot per username and per address (in that order, everywhere); a full window is a 429 and takes none. */
async function holdFailureSlots(context: ConsoleContext, username: string): Promise<number[]> {
  const now = context.clock();
  const windows = [
    { subject: `staff:${username}`, ...STAFF_LOGIN_LIMITS.username },
    { subject: `ip:${context.ip}`, ...STAFF_LOGIN_LIMITS.address },
  ];
  // Thrown inside the transaction, a refusal rolls back the slot already taken for the other subject.
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
    const held = await holdFailureSlots(context, username);

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
    const token = await context.repos.transaction(async (tx) => {
      for (const id of held) await tx.releaseSlot(id);
      // A successful login forgets the username's earlier typos (the address keeps its count).
      await tx.clearSlots({ kind: STAFF_LOGIN_FAIL, subject: `staff:${username}` });
      // Rotated: the cookie's old session (if any) ends with the new login.
      if (context.staffCookie.value) await tx.staff.deleteSession(context.staffCookie.value);
      return tx.staff.createSession(member.id, context.clock());
    });
    context.staffCookie.set(token);
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
