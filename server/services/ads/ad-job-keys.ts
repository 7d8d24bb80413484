import type { AdRow } from '../../db/schema';
import type { NewJob } from '../../repositories/jobs-repository';

/* The ad jobs' names and how they are scheduled (ad-jobs.ts runs them); apart, so ad-change.ts does not import the code that runs them. */

export const AD_EXPIRE = 'ad.expire';

/**
 * An approved ad's expiry, at its expires_at. The key holds the time, so a renewal schedules its own; the old one
 * then finds the ad not due (or not approved) and does nothing.
 */
export function adExpireJob(ad: Pick<AdRow, 'id' | 'shopId'>, runAt: Date): NewJob {
  return { kind: AD_EXPIRE, key: `${AD_EXPIRE}:${ad.id}:${runAt.getTime()}`, runAt, payload: { shop_id: ad.shopId, ad_id: ad.id } };
}

