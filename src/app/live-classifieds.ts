import { fromPromise } from 'xstate';
import type { AdFiltersInput } from '@contract/endpoints/ads';
import { adBookmarksMachine } from '@machines/classifieds/ad-bookmarks-machine';
import { adDetailMachine } from '@machines/classifieds/ad-detail-machine';
import { adFinderMachine, type MapBounds } from '@machines/classifieds/ad-finder-machine';
import { savedSearchesMachine } from '@machines/classifieds/saved-searches-machine';
import type { BookmarkAnswer, BookmarkRequest } from '@machines/classifieds/bookmark';
import { call } from '@/api/client';
import { viaApi } from '@/api/failure';
import { takeBookmarkIntent } from './bookmark-intent';
import { fromCode } from './from-code';
import { showNotice } from './notices';

/*
 * The live effects of the classifieds' finding side (issue 31): the ad codes of contract/endpoints/ads.ts. This
 * module loads with the first classifieds screen; live.ts adds the navigation (to login, the URL's query, the chat).
 */

const filtersField = (filters: AdFiltersInput) => JSON.stringify(filters);

/** ty_add_bookmark or ty_remove_bookmark, as the request says. */
const toggleBookmark = fromPromise<BookmarkAnswer, BookmarkRequest>(({ input }) =>
  viaApi(input.bookmarked ? call('ty_add_bookmark', { ad_id: input.adId }) : call('ty_remove_bookmark', { ad_id: input.adId })),
);

export const liveAdFinder = adFinderMachine.provide({
  actors: {
    'load ads': fromCode('filter_all_ads_ty', (input: { filters: AdFiltersInput; offset: number; length: number }) => ({ filters: filtersField(input.filters), offset: input.offset, length: input.length })),
    'load counts': fromCode('ty_ad_counts', (input: { filters: AdFiltersInput }) => ({ filters: filtersField(input.filters) })),
    'load map': fromCode('get_ads_by_location', (input: { filters: AdFiltersInput; bounds: MapBounds }) => ({ location: JSON.stringify(input.bounds), filters: filtersField(input.filters) })),
    'toggle bookmark': toggleBookmark,
    'save search': fromCode('ty_save_search', (input: { filters: AdFiltersInput; name: string }) => ({ filters: filtersField(input.filters), name: input.name })),
  },
});

export const liveSavedSearches = savedSearchesMachine.provide({
  actors: {
    'load searches': fromCode('ty_saved_searches', (_: void) => ({})),
    'remove search': fromCode('ty_remove_saved_search', (input: { id: number }) => ({ search_id: input.id })),
  },
});

export const liveAdDetail = adDetailMachine.provide({
  actors: {
    'load ad': fromCode('get_ad_ty', (input: { id: number }) => input),
    'toggle bookmark': toggleBookmark,
    'report ad': fromCode('ty_report_ad', (input: { adId: number; reason: string }) => ({ ad_id: input.adId, reason: input.reason })),
    'contact publisher': fromCode('ty_contact_publisher', (input: { adId: number }) => ({ ad_id: input.adId })),
    'take bookmark intent': fromPromise(async ({ input }: { input: { adId: number } }) => takeBookmarkIntent(input.adId)),
  },
  actions: { 'tell failure': (_, { error }) => showNotice({ tone: 'failure', error }) },
});

export const liveAdBookmarks = adBookmarksMachine.provide({
  actors: {
    'load bookmarks': fromCode('ty_list_bookmarks', (input: { offset: number; length: number }) => input),
    'toggle bookmark': toggleBookmark,
  },
});
