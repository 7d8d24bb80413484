import * as v from 'valibot';
import { AdDetailSchema } from '../../entities/ad';
import { blankAsAbsent, blankOr, id, integer, text } from '../../fields';
import { AD_LIMITS } from '../../rules/ads';
import { AD_STATUSES } from '../../rules/ad-lifecycle';

/** An ad as the moderation queue shows it: the detail, who published it, its reports and its history. */
export const QueuedAdSchema = v.object({
  ad: AdDetailSchema,
  publisher_id: v.nullable(v.number()),
  /** the publisher's phone, for the staff only (never sent to customers) */
  publisher_phone: v.nullable(v.string()),
  reports: v.array(v.object({ reason: v.string(), at: v.string() })),
  history: v.array(v.object({ action: v.string(), from: v.nullable(v.picklist(AD_STATUSES)), to: v.picklist(AD_STATUSES), by: v.picklist(['publisher', 'moderator', 'system']), staff_name: v.nullable(v.string()), reason: v.nullable(v.string()), at: v.string() })),
  /** what a moderator may do now (the lifecycle chart's actions for 'moderator') */
  actions: v.array(v.picklist(['approve', 'reject', 'ask_edit'])),
});
export type QueuedAd = v.InferOutput<typeof QueuedAdSchema>;

export const AdQueuePageSchema = v.object({ ads: v.array(QueuedAdSchema), total: v.number(), next_offset: v.nullable(v.number()) });
export type AdQueuePage = v.InferOutput<typeof AdQueuePageSchema>;

/** The classifieds' moderation (issue 31, docs/classifieds.md): staff of an interface-4 shop; elsewhere 404 `not_classifieds`. */
export const adModerationEndpoints = {
  ads_queue: {
    summary:
      'Ads waiting for a moderator (awaiting, and uncertain: held after reports), oldest first, or those of `status` when given; each with its publisher, reports, history and the actions a moderator may take.',
    request: v.object({
      status: blankAsAbsent(v.picklist(AD_STATUSES)),
      offset: blankOr(integer({ min: 0 }), 0),
      length: blankOr(integer({ min: 1, max: 50 }), 20),
    }),
    data: AdQueuePageSchema,
    staff: true,
  },
  ad_moderate: {
    summary:
      "A moderator's decision on ad `ad_id`: approve (published for the shop's ad_expiry_days), reject or ask_edit (both need a `reason`, shown to the publisher). Anything the ad's lifecycle chart refuses is 409 `ad_change_refused`, nothing written. Answers the ad as the queue shows it; the publisher hears of it live.",
    request: v.object({
      ad_id: id(),
      action: v.picklist(['approve', 'reject', 'ask_edit']),
      reason: blankAsAbsent(text({ max: AD_LIMITS.moderationReason.max, multiline: true })),
    }),
    data: QueuedAdSchema,
    staff: true,
  },
} as const;
