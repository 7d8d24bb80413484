import type { Language } from '@contract/enums';
import { AD_LIMITS } from '@contract/rules/ads';
import { adTransitionFor, isModerationReason, QUEUE_STATUSES, type AdAction, type AdActor, type AdStatus } from '@contract/rules/ad-lifecycle';
import { adLifecycleNext } from '@machines/ad-lifecycle';
import type { AdRow, ShopRow } from '../../db/schema';
import { ApiError } from '../../errors';
import { translate } from '../../i18n/messages';
import type { Repositories } from '../../repositories';
import type { NewLiveEvent } from '../../repositories/live-repository';
import type { LiveEventNotice } from '../events/topics';
import { customerAudience, staffAudience } from '../live/audiences';
import { adExpireJob } from './ad-job-keys';
import { adMatchedEvents } from './ad-matched';

export const adNotFound = (language: Language) => new ApiError(404, 'ad_not_found', translate(language, 'ad_not_found'));
export const adChangeRefused = (language: Language) => new ApiError(409, 'ad_change_refused', translate(language, 'ad_change_refused'));

/** One asked change of an ad's status: who asks (a publisher names themself, a moderator their staff id) and why. */
export interface AdChangeRequest {
  adId: number;
  action: AdAction;
  actor: AdActor;
  /** the asking publisher: another user's ad is not found */
  publisherId?: number;
  staffId?: number | null;
  reason?: string | null;
}

const DAY_MS = 86_400_000;

/**
 * Every change of an ad's status (docs/classifieds.md), inside the caller's transaction (`repos` bound to it): the
 * ad's row locked, the lifecycle chart asked (adLifecycleNext; refused: 409 `ad_change_refused`, nothing written),
 * then the status, the reason, the published and expiry times (approve, renew: now + the shop's ad_expiry_days, with
 * its expiry job), its `ad_events` row and its live events: the publisher hears `ad_status` of what a moderator or the
 * server did, the staff `ad_queued` of an ad that entered the queue, the saved searches' owners `ad_matched` of a first approval. Answers the row and what to announce after commit.
 */
export async function changeAd(repos: Repositories, shop: ShopRow, request: AdChangeRequest, at: Date, language: Language): Promise<{ ad: AdRow; notices: LiveEventNotice[] }> {
  const found = await repos.ads.byId(request.adId, true);
  if (!found || (request.publisherId !== undefined && found.ad.userId !== request.publisherId)) throw adNotFound(language);
  const { ad } = found;
  const next = adLifecycleNext(ad.status, request.actor, request.action);
  const transition = adTransitionFor(ad.status, request.action, request.actor);
  if (next === null || transition === null) throw adChangeRefused(language);
  const reason = transition.needs.includes('reason') ? (request.reason ?? '').trim() : null;
  if (reason !== null && !isModerationReason(reason)) throw new ApiError(400, 'ad_reason_required', translate(language, 'ad_reason_required', { min: AD_LIMITS.moderationReason.min }));

  const publishes = next === 'approved' && (request.action === 'approve' || request.action === 'renew');
  const expiresAt = publishes ? new Date(at.getTime() + shop.adExpiryDays * DAY_MS) : undefined;
  const saved = await repos.ads.setStatus(ad.id, {
    status: next,
    reason,
    at,
    ...(publishes ? { publishedAt: at, expiresAt, reports: 0 } : {}),
  });
  if (expiresAt) await repos.jobs.schedule(adExpireJob(saved, expiresAt));
  await repos.ads.addEvent({ adId: ad.id, action: request.action, from: ad.status, to: next, actor: request.actor, staffId: request.staffId, reason, at });
  // Saved searches hear of a new ad once: its first approval, not a re-approval after an edit or a renewal (they were told).
  const matched = request.action === 'approve' && ad.publishedAt === null ? await adMatchedEvents(repos, shop, ad.id) : [];
  return { ad: saved, notices: await repos.live.append([...adLiveEvents(shop, saved, request.actor, next, ad.status), ...matched]) };
}

/** What an ad's change tells: its publisher of another's doing, the staff of an ad entering the queue or leaving it. */
export function adLiveEvents(shop: ShopRow, ad: AdRow, actor: AdActor | 'submit', to: AdStatus, from: AdStatus | null = null): NewLiveEvent[] {
  const events: NewLiveEvent[] = [];
  if (actor !== 'publisher' && actor !== 'submit' && ad.userId !== null) {
    events.push({ audience: customerAudience(shop.id, ad.userId), type: 'ad_status', payload: { ad_id: ad.id, title: ad.title, status: to, reason: ad.reason } });
  }
  const queued = (status: AdStatus | null) => status !== null && QUEUE_STATUSES.includes(status);
  if (queued(to)) events.push({ audience: staffAudience(shop.id), type: 'ad_queued', payload: { ad_id: ad.id } });
  else if (queued(from)) events.push({ audience: staffAudience(shop.id), type: 'ad_decided', payload: { ad_id: ad.id } });
  return events;
}
