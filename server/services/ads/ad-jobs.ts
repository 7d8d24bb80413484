import type { LiveHub } from '../live/hub';
import type { JobKind, JobRun } from '../jobs/runner';
import { changeAd } from './ad-change';

const idOf = (payload: Record<string, unknown>, field: string): number => {
  const value = payload[field];
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw new Error(`job payload has no ${field}`);
  return value;
};

/** ad.expire: an approved ad whose time ran out expires (the chart's `expire`, by the system); its publisher hears of it. */
export function adExpireKind({ live }: { live: LiveHub }): JobKind {
  return {
    maxAttempts: 5,
    retryAfterMs: (attempt) => 60_000 * 2 ** (attempt - 1),
    async run(job, { now, later, shopRepos }: JobRun) {
      const at = await shopRepos(idOf(job.payload, 'shop_id'));
      if (!at) return;
      const found = await at.repos.ads.byId(idOf(job.payload, 'ad_id'), true);
      if (!found || found.ad.status !== 'approved' || found.ad.expiresAt === null || found.ad.expiresAt > now) return;
      const { notices } = await changeAd(at.repos, at.shop, { adId: found.ad.id, action: 'expire', actor: 'system' }, now, 'fa');
      later(() => live.announce(notices));
    },
  };
}
