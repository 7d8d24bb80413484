import type { Language } from '@contract/enums';
import { ApiError } from '../errors';
import { translate } from '../i18n/messages';
import { STAFF_CHAT_SEND_LIMITS } from './anonymous-limits';
import { waitSeconds } from './rate-window';
import type { Repositories } from '../repositories';

/**
 * Takes a slot of the staff member's and of the address's send windows (STAFF_CHAT_SEND_LIMITS), in
 * that order, inside the caller's transaction: a full one throws 429 `rate_limited` (localised, with
 * data.wait_seconds), which rolls back the slot already taken.
 */
export async function takeStaffSendSlots(tx: Repositories, { staffId, ip, now, language }: { staffId: number; ip: string; now: Date; language: Language }): Promise<void> {
  const windows = [
    { ...STAFF_CHAT_SEND_LIMITS.account, subject: `staff:${staffId}` },
    { ...STAFF_CHAT_SEND_LIMITS.address, subject: `ip:${ip}` },
  ];
  for (const { kind, subject, limit, windowSeconds, message } of windows) {
    const slot = await tx.takeSlot({ kind, subject, limit, windowSeconds, now });
    if ('waitSeconds' in slot) {
      const wait = waitSeconds(slot.waitSeconds);
      throw new ApiError(429, 'rate_limited', translate(language, message, { wait }), undefined, { wait_seconds: wait });
    }
  }
}
