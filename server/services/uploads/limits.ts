import { STAFF_UPLOAD_RATE_LIMIT } from '@contract/rules/limits';
import type { Database } from '../../db/connection';
import { releaseSlot, takeSlot } from '../rate-window';

/**
 * Uploads per account and per client address (request.ip, see TRUST_PROXY) in a sliding window,
 * per shop root, counted in `rate_events` so every instance shares them. Every attempt that
 * passed the login counts, refused or not: reading and decoding a picture is the cost the
 * limit guards, and a refused one costs as much. An office behind one address is many
 * people, hence the larger address limit.
 */
export const UPLOAD_RATE_LIMITS = {
  user: { kind: 'upload', limit: 30, windowSeconds: 600, message: 'upload_limit_user' },
  ip: { kind: 'upload', limit: 120, windowSeconds: 600, message: 'upload_limit_ip' },
  /** a staff session's: all the shop's staff together, instead of the two above (see STAFF_UPLOAD_RATE_LIMIT) */
  staff: { kind: 'upload_staff', ...STAFF_UPLOAD_RATE_LIMIT, message: 'upload_limit_shop' },
} as const;

type UploadLimitMessage = (typeof UPLOAD_RATE_LIMITS)[keyof typeof UPLOAD_RATE_LIMITS]['message'];

/**
 * Takes one upload slot of the account and one of the address (in that order, always, so two
 * requests never wait on each other's locks the other way round). Null when both were free; else
 * the seconds to wait and the message naming the full one, and nothing is taken.
 */
export async function takeUploadSlots(
  db: Database,
  { rootId, uploader, ip, now }: { rootId: number; /** `user:<id>` or `staff:<id>` */ uploader: string; ip: string; now: Date },
): Promise<{ waitSeconds: number; message: UploadLimitMessage } | null> {
  const { user, ip: address } = UPLOAD_RATE_LIMITS;
  return db.transaction(async (tx) => {
    const mine = await takeSlot(tx, { rootId, kind: user.kind, subject: uploader, limit: user.limit, windowSeconds: user.windowSeconds, now });
    if ('waitSeconds' in mine) return { waitSeconds: mine.waitSeconds, message: user.message };
    const network = await takeSlot(tx, { rootId, kind: address.kind, subject: `ip:${ip}`, limit: address.limit, windowSeconds: address.windowSeconds, now });
    if ('eventId' in network) return null;
    await releaseSlot(tx, mine.eventId);
    return { waitSeconds: network.waitSeconds, message: address.message };
  });
}

/** Takes one slot of the shop's staff uploads (one count for every staff member of the root); null when free. */
export async function takeStaffUploadSlot(db: Database, { rootId, now }: { rootId: number; now: Date }): Promise<{ waitSeconds: number; message: UploadLimitMessage } | null> {
  const { staff } = UPLOAD_RATE_LIMITS;
  return db.transaction(async (tx) => {
    const slot = await takeSlot(tx, { rootId, kind: staff.kind, subject: 'shop', limit: staff.limit, windowSeconds: staff.windowSeconds, now });
    return 'waitSeconds' in slot ? { waitSeconds: slot.waitSeconds, message: staff.message } : null;
  });
}
