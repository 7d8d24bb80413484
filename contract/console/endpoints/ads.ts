import * as v from 'valibot';
import { AdDetailSchema } from '../../entities/ad';
import { blankAsAbsent, blankOr, id, integer, text } from '../../fields';
import { AD_LIMITS } from '../../rules/ads';
import { AD_STATUSES } from '../../rules/ad-lifecycle';
import { CONSULTANT_CODE, CONSULTANT_LABEL_MAX } from '../../rules/consultant';

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

/** A consultant code the shop gave (spec §6): who holds it (null: nobody yet) and whether it was revoked. */
export const ConsultantCodeSchema = v.object({
  id: v.number(),
  code: v.string(),
  label: v.string(),
  holder_id: v.nullable(v.number()),
  holder_name: v.nullable(v.string()),
  claimed_at: v.nullable(v.string()),
  revoked_at: v.nullable(v.string()),
  created_at: v.string(),
});
export type ConsultantCode = v.InferOutput<typeof ConsultantCodeSchema>;
export const ConsultantCodeListSchema = v.object({ codes: v.array(ConsultantCodeSchema) });

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
  consultant_codes: {
    summary: 'The consultant codes this shop gave (spec §6), newest first, each with its holder. Owner only; a shop without classifieds is 404 `not_classifieds`.',
    request: v.object({}),
    data: ConsultantCodeListSchema,
    staff: true,
    owner: true,
  },
  consultant_code_create: {
    summary: `Gives a new consultant code \`consultant_code\` (${CONSULTANT_CODE.min}–${CONSULTANT_CODE.max} Latin letters, digits and dashes; Persian digits accepted; stored upper-case) with an optional \`label\` (who it is for). A code the shop already has is 409 \`consultant_code_exists\`. A customer becomes a consultant by naming it in their classifieds profile. Answers the list.`,
    request: v.object({ consultant_code: text({ max: CONSULTANT_CODE.max + 10 }), label: blankOr(text({ max: CONSULTANT_LABEL_MAX }), '') }),
    data: ConsultantCodeListSchema,
    staff: true,
    owner: true,
  },
  consultant_code_revoke: {
    summary: 'Revokes a consultant code: nobody can claim it any more, and its holder publishes as a person from now on (their published ads keep the code they were published with). Revoking again changes nothing. Answers the list.',
    request: v.object({ code_id: id() }),
    data: ConsultantCodeListSchema,
    staff: true,
    owner: true,
  },
} as const;
