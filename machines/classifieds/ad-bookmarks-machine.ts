import { assertEvent, assign, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { AdCard, AdList } from '@contract/entities/ad';
import { AD_PAGE_LENGTH } from '@contract/rules/ads';
import { asFailure, type ApiFailure } from '../api-failure';
import { notProvided } from '../not-provided';
import { appendOnce, pagedListStates } from '../paged-list';
import { bookmarkRefusal, type BookmarkAnswer, type BookmarkRefusal, type BookmarkRequest } from './bookmark';

/*
 * /home-4/tejari/profile/bookmark-ads (login): the user's bookmarked ads still published (ty_list_bookmarks,
 * newest bookmark first, complete when an empty page arrives) and the removal of one (ty_remove_bookmark): it
 * leaves the list once the server has removed it.
 */

export interface AdBookmarksContext {
  ads: AdCard[];
  complete: boolean;
  loadFailure: ApiFailure | null;
  removing: number | null;
  refusal: BookmarkRefusal | null;
}

export type AdBookmarksEvent = { type: 'bookmarks.more' } | { type: 'bookmarks.retry' } | { type: 'bookmarks.reload' } | { type: 'bookmarks.remove'; adId: number };

export const adBookmarksMachine = setup({
  types: { context: {} as AdBookmarksContext, events: {} as AdBookmarksEvent },
  actors: {
    'load bookmarks': fromPromise<AdList, { offset: number; length: number }>(notProvided('load bookmarks')),
    'toggle bookmark': fromPromise<BookmarkAnswer, BookmarkRequest>(notProvided('toggle bookmark')),
  },
  guards: { 'page left': ({ context }) => !context.complete },
  actions: {
    'store first page': assign((_, params: { page: AdList }) => ({ ads: params.page.ads, complete: params.page.ads.length === 0, loadFailure: null })),
    'store next page': assign(({ context }, params: { page: AdList }) => ({ ads: appendOnce(context.ads, params.page.ads), complete: params.page.ads.length === 0 })),
    'store load failure': assign((_, params: { error: unknown }) => ({ loadFailure: asFailure(params.error) })),
    'start removal': assign(({ event }) => {
      assertEvent(event, 'bookmarks.remove');
      return { removing: event.adId, refusal: null };
    }),
    'drop removed': assign(({ context }, params: { answer: BookmarkAnswer }) => ({
      ads: params.answer.bookmarked ? context.ads : context.ads.filter((ad) => ad.id !== params.answer.ad_id),
      removing: null,
    })),
    'store refusal': assign(({ context }, params: { error: unknown }) => ({ refusal: bookmarkRefusal(context.removing ?? -1, params.error), removing: null })),
  },
}).createMachine({
  id: 'adBookmarks',
  context: { ads: [], complete: false, loadFailure: null, removing: null, refusal: null },
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      states: pagedListStates({
        src: 'load bookmarks',
        first: () => ({ offset: 0, length: AD_PAGE_LENGTH }),
        more: ({ context }: { context: AdBookmarksContext }) => ({ offset: context.ads.length, length: AD_PAGE_LENGTH }),
        storeFirst: { type: 'store first page', params: ({ event }: { event: DoneActorEvent<AdList> }) => ({ page: event.output }) },
        storeMore: { type: 'store next page', params: ({ event }: { event: DoneActorEvent<AdList> }) => ({ page: event.output }) },
        firstFailed: { type: 'store load failure', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) },
        moreFailed: [],
        hasMore: 'page left',
        events: { more: 'bookmarks.more', retry: 'bookmarks.retry', stale: 'bookmarks.reload' },
        whenStale: 'reload',
      }),
    },
    removal: {
      initial: 'idle',
      states: {
        idle: { on: { 'bookmarks.remove': { target: 'removing', actions: 'start removal' } } },
        removing: {
          invoke: {
            src: 'toggle bookmark',
            input: ({ context }) => ({ adId: context.removing ?? -1, bookmarked: false }),
            onDone: { target: 'idle', actions: { type: 'drop removed', params: ({ event }) => ({ answer: event.output }) } },
            onError: { target: 'idle', actions: { type: 'store refusal', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

export type AdBookmarksSnapshot = SnapshotFrom<typeof adBookmarksMachine>;
type Viewed = Pick<AdBookmarksSnapshot, 'context' | 'matches'>;
export const bookmarksFailure = (snapshot: Viewed): ApiFailure | null => (snapshot.matches({ list: 'failed' }) ? snapshot.context.loadFailure : null);
export const isLoadingBookmarks = (snapshot: Viewed): boolean => snapshot.matches({ list: 'loading' });
export const noBookmarks = (snapshot: Viewed): boolean => snapshot.matches({ list: 'shown' }) && snapshot.context.ads.length === 0;
