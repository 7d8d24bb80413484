import { AD_LIMITS } from './ads';

/*
 * An ad's lifecycle (docs/classifieds.md), after Divar's: the one table the lifecycle chart
 * (machines/ad-lifecycle.ts) is built from. The server takes a change only when the chart does (anything else is
 * 409 `ad_change_refused`, nothing written); the console's queue and the publisher's "my ads" offer only what the
 * chart can take.
 *
 *   (submitted) -> awaiting --approve--> approved --expire (system)--> expired --renew--> approved
 *   awaiting --reject, reason--> rejected;  awaiting --ask_edit, reason--> edit_request
 *   rejected / edit_request / approved / expired --edit (publisher)--> awaiting (an edit of a published ad goes back to review)
 *   approved --hold (system: REPORTS_TO_HOLD reports)--> uncertain --approve | reject | ask_edit--> ...
 *   approved --close (publisher: sold or rented)--> closed;  anything but deleted --delete (publisher)--> deleted
 */

/** Spec §3's ad statuses (awaiting confirmation, approved, rejected, edit request, expired, deleted, uncertain) and closed (sold or rented). */
export const AD_STATUSES = ['awaiting', 'approved', 'rejected', 'edit_request', 'expired', 'deleted', 'uncertain', 'closed'] as const;
export type AdStatus = (typeof AD_STATUSES)[number];

/** Who asks for a change: the ad's publisher, a moderator (the shop's owner or staff), or the server (expiry, reports). */
export const AD_ACTORS = ['publisher', 'moderator', 'system'] as const;
export type AdActor = (typeof AD_ACTORS)[number];

export const AD_ACTIONS = ['approve', 'reject', 'ask_edit', 'edit', 'expire', 'renew', 'hold', 'close', 'delete'] as const;
export type AdAction = (typeof AD_ACTIONS)[number];

/** The statuses visitors see on the list, the map and a detail page (others see their own ads in any status). */
export const LISTED_STATUSES: readonly AdStatus[] = ['approved'];
/** The statuses the moderation queue holds. */
export const QUEUE_STATUSES: readonly AdStatus[] = ['awaiting', 'uncertain'];

export interface AdTransition {
  action: AdAction;
  from: readonly AdStatus[];
  to: AdStatus;
  by: readonly AdActor[];
  /** a reason shown to the publisher (reject, ask for an edit) */
  needs: readonly 'reason'[];
}

export const AD_TRANSITIONS: readonly AdTransition[] = [
  { action: 'approve', from: ['awaiting', 'uncertain'], to: 'approved', by: ['moderator'], needs: [] },
  { action: 'reject', from: ['awaiting', 'uncertain', 'approved'], to: 'rejected', by: ['moderator'], needs: ['reason'] },
  { action: 'ask_edit', from: ['awaiting', 'uncertain'], to: 'edit_request', by: ['moderator'], needs: ['reason'] },
  { action: 'edit', from: ['awaiting', 'approved', 'rejected', 'edit_request', 'expired'], to: 'awaiting', by: ['publisher'], needs: [] },
  { action: 'expire', from: ['approved'], to: 'expired', by: ['system'], needs: [] },
  { action: 'renew', from: ['expired'], to: 'approved', by: ['publisher'], needs: [] },
  { action: 'hold', from: ['approved'], to: 'uncertain', by: ['system'], needs: [] },
  { action: 'close', from: ['approved'], to: 'closed', by: ['publisher'], needs: [] },
  { action: 'delete', from: ['awaiting', 'approved', 'rejected', 'edit_request', 'expired', 'uncertain', 'closed'], to: 'deleted', by: ['publisher'], needs: [] },
];

/** The transition `actor` may take from `status` by `action`, or null (refused). */
export function adTransitionFor(status: AdStatus, action: AdAction, actor: AdActor): AdTransition | null {
  return AD_TRANSITIONS.find((transition) => transition.action === action && transition.by.includes(actor) && transition.from.includes(status)) ?? null;
}

/** The actions `actor` may take on an ad in `status`, in the table's order. */
export const adActionsFor = (status: AdStatus, actor: AdActor): AdAction[] =>
  AD_TRANSITIONS.filter((transition) => transition.by.includes(actor) && transition.from.includes(status)).map(({ action }) => action);

/** Why a moderator's reason is refused, or null: required (blank), too short, too long (AD_LIMITS.moderationReason). */
export function moderationReasonProblem(reason: string | null | undefined): 'required' | 'too_short' | 'too_long' | null {
  const trimmed = (reason ?? '').trim();
  if (trimmed === '') return 'required';
  if (trimmed.length < AD_LIMITS.moderationReason.min) return 'too_short';
  return trimmed.length > AD_LIMITS.moderationReason.max ? 'too_long' : null;
}

/** Whether a moderator's reason can be sent: something besides spaces, within AD_LIMITS.moderationReason. */
export const isModerationReason = (reason: string): boolean => moderationReasonProblem(reason) === null;

export const isAdStatus = (value: unknown): value is AdStatus => (AD_STATUSES as readonly unknown[]).includes(value);
