import { assertEvent, assign, fromPromise, raise, setup, type DoneActorEvent, type ErrorActorEvent, type SnapshotFrom } from 'xstate';
import type { AdCard, AdCounts, AdList, AdMap } from '@contract/entities/ad';
import type { AdFiltersInput, SavedSearch } from '@contract/endpoints/ads';
import type { Currency } from '@contract/enums';
import { AD_PAGE_LENGTH } from '@contract/rules/ads';
import { asFailure, type ApiFailure } from '../api-failure';
import { notProvided } from '../not-provided';
import { appendOnce, pagedListStates } from '../paged-list';
import { bookmarkRefusal, withBookmark, type BookmarkAnswer, type BookmarkRefusal, type BookmarkRequest } from './bookmark';
import { draftProblems, emptyDraft, filtersOfDraft, queryOfDraft, type FilterDraft, type FilterProblems, type RangeField } from './ad-filters';

/*
 * /home-4, the ad list (issue 31): the filters (a draft in the sheet, applied ones in the URL's query), the
 * paged list (spec §4: complete when an empty page arrives), the counts beside the request and type choices, the
 * map of the same filters (moving it asks for its bounds once it rests), bookmark toggles, and saving the applied
 * filters as a search (ty_save_search: its owner is told live of new ads matching it).
 */

/** The map asks for its bounds once it has rested this long (a drag or a zoom moves it many times). */
export const MAP_MOVE_PAUSE_MS = 350;

export interface MapBounds {
  north: number;
  south: number;
  east: number;
  west: number;
}
export type FinderView = 'list' | 'map';

export interface AdFinderInput {
  /** the URL's query when the screen opened */
  draft: FilterDraft;
  currency: Currency;
  loggedIn: boolean;
  view?: FinderView;
}

export interface AdFinderContext {
  currency: Currency;
  loggedIn: boolean;
  /** what the sheet shows, not yet applied */
  draft: FilterDraft;
  /** what the list, the counts and the map show */
  applied: FilterDraft;
  filters: AdFiltersInput;
  problems: FilterProblems;
  ads: AdCard[];
  total: number | null;
  /** an empty page arrived: nothing is left (spec §4) */
  complete: boolean;
  loadFailure: ApiFailure | null;
  counts: AdCounts | null;
  view: FinderView;
  bounds: MapBounds | null;
  map: AdMap | null;
  mapFailure: ApiFailure | null;
  /** the map's point whose card is open */
  selected: number | null;
  /** the ad whose bookmark is being toggled */
  bookmarking: number | null;
  bookmarkRefusal: BookmarkRefusal | null;
  /** the name typed for the search being saved (blank: the server makes one from the filters) */
  searchName: string;
  /** the search the applied filters were saved as */
  savedSearch: SavedSearch | null;
  saveFailure: ApiFailure | null;
}

export type AdFinderEvent =
  | { type: 'finder.choose'; patch: Partial<Pick<FilterDraft, 'request' | 'type' | 'sort'>> }
  | { type: 'finder.text'; field: 'city' | 'neighborhood'; text: string }
  | { type: 'finder.range'; field: RangeField; end: 'min' | 'max'; text: string }
  | { type: 'finder.open' }
  | { type: 'finder.apply' }
  /** the sheet closed without applying: the draft is the applied filters again */
  | { type: 'finder.discard' }
  | { type: 'finder.clear' }
  | { type: 'finder.more' }
  | { type: 'finder.retry' }
  | { type: 'finder.view'; view: FinderView }
  | { type: 'finder.bounds'; bounds: MapBounds }
  | { type: 'finder.select'; id: number | null }
  | { type: 'finder.bookmark'; adId: number }
  | { type: 'finder.reload' }
  | { type: 'finder.mapRetry' }
  /** "save this search": a guest is asked to log in; a customer names it (or not) and confirms */
  | { type: 'finder.saveSearch' }
  | { type: 'finder.searchName'; text: string }
  | { type: 'finder.saveSearchConfirm' }
  | { type: 'finder.saveSearchCancel' };

const pageInput = (context: AdFinderContext, offset: number) => ({ filters: context.filters, offset, length: AD_PAGE_LENGTH });
const bookmarkedNow = (context: AdFinderContext, adId: number) => context.ads.find((ad) => ad.id === adId)?.bookmarked ?? false;

export const adFinderMachine = setup({
  types: {
    context: {} as AdFinderContext,
    events: {} as AdFinderEvent,
    input: {} as AdFinderInput,
  },
  actors: {
    'load ads': fromPromise<AdList, { filters: AdFiltersInput; offset: number; length: number }>(notProvided('load ads')),
    'load counts': fromPromise<AdCounts, { filters: AdFiltersInput }>(notProvided('load counts')),
    'load map': fromPromise<AdMap, { filters: AdFiltersInput; bounds: MapBounds }>(notProvided('load map')),
    'toggle bookmark': fromPromise<BookmarkAnswer, BookmarkRequest>(notProvided('toggle bookmark')),
    'save search': fromPromise<SavedSearch, { filters: AdFiltersInput; name: string }>(notProvided('save search')),
  },
  delays: { 'map pause': MAP_MOVE_PAUSE_MS },
  guards: {
    'draft is sound': ({ context }) => Object.keys(draftProblems(context.draft, context.currency)).length === 0,
    'page left': ({ context }) => !context.complete,
    'logged in': ({ context }) => context.loggedIn,
    'map has bounds': ({ context }) => context.bounds !== null,
  },
  actions: {
    // The URL's query follows the applied filters (provided: the router's replace), so a reload keeps them.
    'show query': (_, _params: { query: string }) => {},
    // A guest who bookmarks is sent to log in, and back (provided by the composition root).
    'ask to log in': () => {},
    'choose': assign(({ context, event }) => {
      assertEvent(event, 'finder.choose');
      return { draft: { ...context.draft, ...event.patch } };
    }),
    'type text': assign(({ context, event }) => {
      assertEvent(event, 'finder.text');
      return { draft: { ...context.draft, [event.field]: event.text } };
    }),
    'type range': assign(({ context, event }) => {
      assertEvent(event, 'finder.range');
      const ranges = { ...context.draft.ranges, [event.field]: { ...context.draft.ranges[event.field], [event.end]: event.text } };
      // A problem goes once its range is typed again.
      const { [event.field]: _fixed, ...problems } = context.problems;
      return { draft: { ...context.draft, ranges }, problems };
    }),
    'store problems': assign(({ context }) => ({ problems: draftProblems(context.draft, context.currency) })),
    'apply draft': assign(({ context }) => ({ applied: context.draft, filters: filtersOfDraft(context.draft, context.currency), problems: {}, ads: [], total: null, complete: false, selected: null })),
    'discard draft': assign(({ context }) => ({ draft: context.applied, problems: {} })),
    'clear draft': assign({ draft: () => emptyDraft(), problems: {} }),
    'reload': raise({ type: 'finder.reload' }),
    'store first page': assign((_, params: { page: AdList }) => ({ ads: params.page.ads, total: params.page.total, complete: params.page.ads.length === 0, loadFailure: null })),
    'store next page': assign(({ context }, params: { page: AdList }) => ({ ads: appendOnce(context.ads, params.page.ads), complete: params.page.ads.length === 0 })),
    'store load failure': assign((_, params: { error: unknown }) => ({ loadFailure: asFailure(params.error) })),
    'store counts': assign((_, params: { counts: AdCounts }) => ({ counts: params.counts })),
    'set view': assign(({ event }) => {
      assertEvent(event, 'finder.view');
      return { view: event.view, selected: null };
    }),
    'store bounds': assign(({ event }) => {
      assertEvent(event, 'finder.bounds');
      return { bounds: event.bounds };
    }),
    'store map': assign((_, params: { map: AdMap }) => ({ map: params.map, mapFailure: null })),
    'store map failure': assign((_, params: { error: unknown }) => ({ mapFailure: asFailure(params.error) })),
    'select': assign(({ event }) => {
      assertEvent(event, 'finder.select');
      return { selected: event.id };
    }),
    'start bookmark': assign(({ event }) => {
      assertEvent(event, 'finder.bookmark');
      return { bookmarking: event.adId, bookmarkRefusal: null };
    }),
    'store bookmark': assign(({ context }, params: { answer: BookmarkAnswer }) => ({ ads: withBookmark(context.ads, params.answer), bookmarking: null })),
    'store bookmark refusal': assign(({ context }, params: { error: unknown }) => ({ bookmarkRefusal: bookmarkRefusal(context.bookmarking ?? -1, params.error), bookmarking: null })),
    'start naming': assign({ searchName: '', saveFailure: null }),
    'type search name': assign(({ event }) => {
      assertEvent(event, 'finder.searchName');
      return { searchName: event.text };
    }),
    'store saved search': assign((_, params: { search: SavedSearch }) => ({ savedSearch: params.search, saveFailure: null })),
    'store save failure': assign((_, params: { error: unknown }) => ({ saveFailure: asFailure(params.error) })),
    'forget saved search': assign({ savedSearch: null, saveFailure: null }),
  },
}).createMachine({
  id: 'adFinder',
  context: ({ input }) => ({
    currency: input.currency,
    loggedIn: input.loggedIn,
    draft: input.draft,
    applied: input.draft,
    // A link with a broken range opens the list without it rather than not at all.
    filters: filtersOfDraft(Object.keys(draftProblems(input.draft, input.currency)).length === 0 ? input.draft : emptyDraft(), input.currency),
    problems: {},
    ads: [],
    total: null,
    complete: false,
    loadFailure: null,
    counts: null,
    view: input.view ?? 'list',
    bounds: null,
    map: null,
    mapFailure: null,
    selected: null,
    bookmarking: null,
    bookmarkRefusal: null,
    searchName: '',
    savedSearch: null,
    saveFailure: null,
  }),
  type: 'parallel',
  on: {
    'finder.choose': { actions: 'choose' },
    'finder.text': { actions: 'type text' },
    'finder.range': { actions: 'type range' },
    'finder.clear': { actions: 'clear draft' },
    'finder.view': { actions: 'set view' },
    'finder.select': { actions: 'select' },
  },
  states: {
    // The filter sheet: applied, it closes and everything shown follows; closed without applying, its draft is dropped.
    sheet: {
      initial: 'closed',
      states: {
        closed: { on: { 'finder.open': 'open' } },
        open: {
          on: {
            'finder.apply': [
              {
                guard: 'draft is sound',
                target: 'closed',
                actions: ['apply draft', { type: 'show query', params: ({ context }) => ({ query: queryOfDraft(context.applied) }) }, 'reload'],
              },
              { actions: 'store problems' },
            ],
            'finder.discard': { target: 'closed', actions: 'discard draft' },
          },
        },
      },
    },
    list: {
      initial: 'loading',
      // New filters read the first page again from whatever the list was doing (a failed list too).
      on: { 'finder.reload': '.loading' },
      states: pagedListStates({
        src: 'load ads',
        first: ({ context }: { context: AdFinderContext }) => pageInput(context, 0),
        more: ({ context }: { context: AdFinderContext }) => pageInput(context, context.ads.length),
        storeFirst: { type: 'store first page', params: ({ event }: { event: DoneActorEvent<AdList> }) => ({ page: event.output }) },
        storeMore: { type: 'store next page', params: ({ event }: { event: DoneActorEvent<AdList> }) => ({ page: event.output }) },
        firstFailed: { type: 'store load failure', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) },
        moreFailed: { type: 'store load failure', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) },
        hasMore: 'page left',
        events: { more: 'finder.more', retry: 'finder.retry', stale: 'finder.reload' },
        whenStale: 'reload',
      }),
    },
    counts: {
      initial: 'loading',
      on: { 'finder.reload': '.loading' },
      states: {
        loading: {
          invoke: {
            src: 'load counts',
            input: ({ context }) => ({ filters: context.filters }),
            onDone: { target: 'shown', actions: { type: 'store counts', params: ({ event }) => ({ counts: event.output }) } },
            // The choices still work without their counts.
            onError: 'shown',
          },
        },
        shown: {},
      },
    },
    map: {
      initial: 'idle',
      on: {
        'finder.bounds': { target: '.resting', actions: 'store bounds' },
        'finder.reload': { guard: 'map has bounds', target: '.loading' },
        'finder.mapRetry': { guard: 'map has bounds', target: '.loading' },
      },
      states: {
        idle: {},
        resting: { after: { 'map pause': 'loading' } },
        loading: {
          invoke: {
            src: 'load map',
            input: ({ context }) => ({ filters: context.filters, bounds: context.bounds as MapBounds }),
            onDone: { target: 'idle', actions: { type: 'store map', params: ({ event }) => ({ map: event.output }) } },
            onError: { target: 'idle', actions: { type: 'store map failure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    bookmark: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'finder.bookmark': [{ guard: 'logged in', target: 'toggling', actions: 'start bookmark' }, { actions: 'ask to log in' }],
          },
        },
        toggling: {
          invoke: {
            src: 'toggle bookmark',
            input: ({ context }) => ({ adId: context.bookmarking ?? -1, bookmarked: !bookmarkedNow(context, context.bookmarking ?? -1) }),
            onDone: { target: 'idle', actions: { type: 'store bookmark', params: ({ event }) => ({ answer: event.output }) } },
            onError: {
              target: 'idle',
              actions: { type: 'store bookmark refusal', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    // The applied filters saved as a search; new filters are another search, so what was said goes.
    saveSearch: {
      initial: 'idle',
      on: { 'finder.reload': { target: '.idle', actions: 'forget saved search' } },
      states: {
        idle: {
          on: { 'finder.saveSearch': [{ guard: 'logged in', target: 'naming', actions: 'start naming' }, { actions: 'ask to log in' }] },
        },
        naming: {
          on: {
            'finder.searchName': { actions: 'type search name' },
            'finder.saveSearchConfirm': 'saving',
            'finder.saveSearchCancel': 'idle',
          },
        },
        saving: {
          invoke: {
            src: 'save search',
            input: ({ context }) => ({ filters: context.filters, name: context.searchName.trim() }),
            onDone: { target: 'saved', actions: { type: 'store saved search', params: ({ event }) => ({ search: event.output }) } },
            onError: { target: 'naming', actions: { type: 'store save failure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        saved: {},
      },
    },
  },
});

export type AdFinderSnapshot = SnapshotFrom<typeof adFinderMachine>;
type Viewed = Pick<AdFinderSnapshot, 'context' | 'matches'>;

export const isSheetOpen = (snapshot: Viewed): boolean => snapshot.matches({ sheet: 'open' });
export const isLoadingAds = (snapshot: Viewed): boolean => snapshot.matches({ list: 'loading' });
export const isLoadingMoreAds = (snapshot: Viewed): boolean => snapshot.matches({ list: 'loadingMore' });
export const adsFailure = (snapshot: Viewed): ApiFailure | null => (snapshot.matches({ list: 'failed' }) ? snapshot.context.loadFailure : null);
/** Spec §5's "no ads found": the first page came back empty. */
export const noAdsFound = (snapshot: Viewed): boolean => snapshot.matches({ list: 'shown' }) && snapshot.context.ads.length === 0;
export const isTogglingBookmark = (snapshot: Viewed): boolean => snapshot.matches({ bookmark: 'toggling' });
export const isLoadingMap = (snapshot: Viewed): boolean => snapshot.matches({ map: 'loading' }) || snapshot.matches({ map: 'resting' });
export const isNamingSearch = (snapshot: Viewed): boolean => snapshot.matches({ saveSearch: 'naming' });
export const isSavingSearch = (snapshot: Viewed): boolean => snapshot.matches({ saveSearch: 'saving' });
/** The search the applied filters were saved as, while they are the applied ones. */
export const savedSearchOf = (snapshot: Viewed): SavedSearch | null => (snapshot.matches({ saveSearch: 'saved' }) ? snapshot.context.savedSearch : null);
export const saveSearchFailure = (snapshot: Viewed): ApiFailure | null => (snapshot.matches({ saveSearch: 'naming' }) ? snapshot.context.saveFailure : null);
