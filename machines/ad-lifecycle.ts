import { initialTransition, setup, transition, type SnapshotFrom } from 'xstate';
import { AD_ACTIONS, AD_STATUSES, AD_TRANSITIONS, type AdAction, type AdActor, type AdStatus } from '@contract/rules/ad-lifecycle';
import { transitionsFrom as fromTable } from './lifecycle-chart';

export interface AdLifecycleInput {
  status: AdStatus;
  /** who would act: the ad's publisher, a moderator, or the server's jobs */
  actor: AdActor;
}

export type AdLifecycleEvent = { type: AdAction };

const transitionsFrom = (status: AdStatus) => fromTable(AD_TRANSITIONS, AD_ACTIONS, status, (to) => to);

/**
 * An ad's lifecycle (docs/classifieds.md), for one actor: the server opens it at the ad's status for whoever asks
 * and writes a change only when the chart takes it; the console's queue and "my ads" open it for their actor and
 * offer the actions it `can` take. A reason (reject, ask for an edit) is the request's to carry, checked by the
 * contract's schema.
 */
export const adLifecycleMachine = setup({
  types: {
    context: {} as AdLifecycleInput,
    events: {} as AdLifecycleEvent,
    input: {} as AdLifecycleInput,
  },
  guards: {
    'the actor may': ({ context }, params: { by: readonly AdActor[] }) => params.by.includes(context.actor),
    'is awaiting': ({ context }) => context.status === 'awaiting',
    'is approved': ({ context }) => context.status === 'approved',
    'is rejected': ({ context }) => context.status === 'rejected',
    'is edit request': ({ context }) => context.status === 'edit_request',
    'is expired': ({ context }) => context.status === 'expired',
    'is uncertain': ({ context }) => context.status === 'uncertain',
    'is closed': ({ context }) => context.status === 'closed',
  },
}).createMachine({
  id: 'adLifecycle',
  context: ({ input }) => ({ ...input }),
  initial: 'opening',
  states: {
    // Opens at the ad's status as it is now.
    opening: {
      always: [
        { guard: 'is awaiting', target: 'awaiting' },
        { guard: 'is approved', target: 'approved' },
        { guard: 'is rejected', target: 'rejected' },
        { guard: 'is edit request', target: 'edit_request' },
        { guard: 'is expired', target: 'expired' },
        { guard: 'is uncertain', target: 'uncertain' },
        { guard: 'is closed', target: 'closed' },
        { target: 'deleted' },
      ],
    },
    awaiting: { on: transitionsFrom('awaiting') },
    approved: { on: transitionsFrom('approved') },
    rejected: { on: transitionsFrom('rejected') },
    edit_request: { on: transitionsFrom('edit_request') },
    expired: { on: transitionsFrom('expired') },
    uncertain: { on: transitionsFrom('uncertain') },
    closed: { on: transitionsFrom('closed') },
    deleted: { type: 'final' },
  },
});

export type AdLifecycleSnapshot = SnapshotFrom<typeof adLifecycleMachine>;

/** The status an ad in `status` moves to when `actor` takes `action`, or null when the chart refuses (the server's one check). */
export function adLifecycleNext(status: AdStatus, actor: AdActor, action: AdAction): AdStatus | null {
  const [opened] = initialTransition(adLifecycleMachine, { status, actor });
  if (!opened.can({ type: action })) return null;
  const [next] = transition(adLifecycleMachine, opened, { type: action });
  const to = next.value as AdStatus;
  return AD_STATUSES.includes(to) ? to : null;
}
