import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AdDetail, MyAds } from '@contract/entities/ad';
import type { AdAction } from '@contract/rules/ad-lifecycle';
import { asFailure, type ApiFailure } from '../api-failure';
import { adLifecycleNext } from '../ad-lifecycle';
import type { Notice } from '../notice';
import { notProvided } from '../not-provided';
import type { AdsChanged } from './ad-news';

/** The publisher's own changes of an ad from "my ads" (ty_ad_action). */
export type MyAdAction = 'renew' | 'close' | 'delete';

/** The notices "my ads" raises (src/app/notices.ts words them). */
export type MyAdsNoticeId = 'ad renewed' | 'ad closed' | 'ad deleted';

const DONE_NOTICE: Record<MyAdAction, MyAdsNoticeId> = { renew: 'ad renewed', close: 'ad closed', delete: 'ad deleted' };

export interface MyAdsContext {
  ads: AdDetail[];
  failure: ApiFailure | null;
  /** the ad and action under way or asked (delete is confirmed first) */
  pending: { adId: number; action: MyAdAction } | null;
  /** the live channel said an ad changed while something else was under way: the list is read again after */
  stale: boolean;
}

export type MyAdsEvent =
  | { type: 'myAds.act'; adId: number; action: MyAdAction }
  | { type: 'myAds.edit'; adId: number }
  | { type: 'myAds.confirm' }
  | { type: 'myAds.dismiss' }
  | { type: 'myAds.retry' }
  | AdsChanged;

/** The lifecycle chart, opened for the publisher at the ad's status, takes `action` (the server's one check too). */
const allowed = (ads: AdDetail[], adId: number, action: AdAction) => {
  const ad = ads.find((candidate) => candidate.id === adId);
  return ad !== undefined && adLifecycleNext(ad.status, 'publisher', action) !== null;
};

/**
 * "My ads" (/home-4/tejari/profile/my-ads): the publisher's ads with their status and a moderator's reason.
 * Each ad offers exactly what the ad lifecycle chart lets its publisher do from its status (edit, renew,
 * close, delete): an action the chart refuses is no event this chart takes, so `snapshot.can` tells the view
 * which buttons exist. Delete is asked first. A moderator's change, heard on the live channel (`ads.changed`),
 * has the list read again, the old one shown meanwhile.
 */
export const myAdsMachine = setup({
  types: {
    context: {} as MyAdsContext,
    events: {} as MyAdsEvent,
  },
  actors: {
    'load ads': fromPromise<MyAds, void>(notProvided('load ads')),
    'act on ad': fromPromise<AdDetail, { adId: number; action: MyAdAction }>(notProvided('act on ad')),
  },
  guards: {
    'the chart lets the publisher': ({ context, event }) =>
      (event.type === 'myAds.act' && allowed(context.ads, event.adId, event.action)) || (event.type === 'myAds.edit' && allowed(context.ads, event.adId, 'edit')),
    'it is no delete': ({ context }) => context.pending?.action !== 'delete',
    'it changed since read': ({ context }) => context.stale,
  },
  actions: {
    'store ads': assign((_, params: { ads: MyAds }) => ({ ads: params.ads.ads, failure: null })),
    'remember failure': assign((_, params: { error: unknown }) => ({ failure: asFailure(params.error) })),
    'take pending': assign(({ event }) => {
      assertEvent(event, 'myAds.act');
      return { pending: { adId: event.adId, action: event.action } };
    }),
    'forget pending': assign({ pending: null }),
    // The ad as the server answers it: a deleted one leaves the list.
    'store ad': assign(({ context }, params: { ad: AdDetail }) => ({
      ads: params.ad.status === 'deleted' ? context.ads.filter((ad) => ad.id !== params.ad.id) : context.ads.map((ad) => (ad.id === params.ad.id ? params.ad : ad)),
    })),
    'mark stale': assign({ stale: true }),
    'forget stale': assign({ stale: false }),
    /** provided by the composition root: the wizard on the ad (/home-4/edit/:id) */
    'open edit': (_: unknown, _params: { adId: number }) => {},
    /** provided by the composition root: shows the notice (src/app/notices.ts) */
    notify: (_: unknown, _notice: Notice<MyAdsNoticeId>) => {},
  },
}).createMachine({
  id: 'myAds',
  context: { ads: [], failure: null, pending: null, stale: false },
  initial: 'loading',
  on: { 'ads.changed': { actions: 'mark stale' } },
  states: {
    loading: {
      entry: 'forget stale',
      invoke: {
        src: 'load ads',
        onDone: { target: 'ready', actions: { type: 'store ads', params: ({ event }) => ({ ads: event.output }) } },
        onError: { target: 'failed', actions: { type: 'remember failure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: { on: { 'myAds.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          always: { guard: 'it changed since read', target: 'refreshing' },
          on: {
            'myAds.act': { guard: 'the chart lets the publisher', target: 'asking', actions: 'take pending' },
            'myAds.edit': { guard: 'the chart lets the publisher', actions: { type: 'open edit', params: ({ event }) => ({ adId: event.adId }) } },
          },
        },
        // Delete waits for a yes; renew and close go at once.
        asking: {
          always: [{ guard: 'it is no delete', target: 'acting' }, { guard: 'it changed since read', target: 'refreshing', actions: 'forget pending' }],
          on: { 'myAds.confirm': 'acting', 'myAds.dismiss': { target: 'idle', actions: 'forget pending' } },
        },
        acting: {
          invoke: {
            src: 'act on ad',
            input: ({ context }) => context.pending ?? { adId: 0, action: 'renew' as const },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'store ad', params: ({ event }) => ({ ad: event.output }) },
                { type: 'notify', params: ({ context }) => ({ tone: 'success' as const, id: DONE_NOTICE[context.pending?.action ?? 'renew'] }) },
                'forget pending',
              ],
            },
            // Refused (the ad changed meanwhile): said as spec §8's toast, and the list read again.
            onError: { target: 'refreshing', actions: [{ type: 'notify', params: ({ event }) => ({ tone: 'failure' as const, error: event.error }) }, 'forget pending'] },
          },
        },
        refreshing: {
          entry: 'forget stale',
          invoke: {
            src: 'load ads',
            onDone: { target: 'idle', actions: { type: 'store ads', params: ({ event }) => ({ ads: event.output }) } },
            onError: { target: '#myAds.failed', actions: { type: 'remember failure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

export type MyAdsSnapshot = SnapshotFrom<typeof myAdsMachine>;
type Viewed = MyAdsSnapshot | undefined;

export const selectMyAds = (snapshot: Viewed): AdDetail[] => snapshot?.context.ads ?? [];
export const isLoadingMyAds = (snapshot: Viewed): boolean => snapshot?.matches('loading') ?? true;
export const myAdsFailure = (snapshot: Viewed): ApiFailure | null => (snapshot?.matches('failed') ? snapshot.context.failure : null);
/** The ad whose delete is being asked (the dialog shows), or null. */
export const askedDelete = (snapshot: Viewed): number | null => (snapshot?.matches({ ready: 'asking' }) || snapshot?.matches({ ready: 'acting' })) && snapshot.context.pending?.action === 'delete' ? snapshot.context.pending.adId : null;
export const isActing = (snapshot: Viewed): boolean => snapshot?.matches({ ready: 'acting' }) ?? false;
