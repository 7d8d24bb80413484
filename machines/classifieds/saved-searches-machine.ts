import { assertEvent, assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { DataOf } from '@contract/api';
import type { SavedSearch } from '@contract/endpoints/ads';
import type { Currency } from '@contract/enums';
import { asFailure, type ApiFailure } from '../api-failure';
import { notProvided } from '../not-provided';
import { draftOfFilters, queryOfDraft } from './ad-filters';

/*
 * The customer's saved searches on the classifieds profile (issue 31, login): the list (ty_saved_searches), each a
 * way to the ad list with its filters, and the removal of one (ty_remove_saved_search): it leaves the list once the
 * server has removed it; a refusal is shown beside it.
 */

export interface SavedSearchesInput {
  currency: Currency;
}

export interface SavedSearchesContext {
  currency: Currency;
  searches: SavedSearch[];
  loadFailure: ApiFailure | null;
  removing: number | null;
  refusal: { id: number; message: string } | null;
}

export type SavedSearchesEvent = { type: 'savedSearches.retry' } | { type: 'savedSearches.remove'; id: number };

export const savedSearchesMachine = setup({
  types: { context: {} as SavedSearchesContext, events: {} as SavedSearchesEvent, input: {} as SavedSearchesInput },
  actors: {
    'load searches': fromPromise<DataOf<'ty_saved_searches'>, void>(notProvided('load searches')),
    'remove search': fromPromise<DataOf<'ty_remove_saved_search'>, { id: number }>(notProvided('remove search')),
  },
  actions: {
    'store searches': assign((_, params: { searches: SavedSearch[] }) => ({ searches: params.searches, loadFailure: null })),
    'store load failure': assign((_, params: { error: unknown }) => ({ loadFailure: asFailure(params.error) })),
    'start removal': assign(({ event }) => {
      assertEvent(event, 'savedSearches.remove');
      return { removing: event.id, refusal: null };
    }),
    'drop removed': assign(({ context }) => ({ searches: context.searches.filter((search) => search.id !== context.removing), removing: null })),
    'store refusal': assign(({ context }, params: { error: unknown }) => ({ refusal: { id: context.removing ?? -1, message: asFailure(params.error).message }, removing: null })),
  },
}).createMachine({
  id: 'savedSearches',
  context: ({ input }) => ({ currency: input.currency, searches: [], loadFailure: null, removing: null, refusal: null }),
  type: 'parallel',
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'load searches',
            onDone: { target: 'shown', actions: { type: 'store searches', params: ({ event }) => ({ searches: event.output.searches }) } },
            onError: { target: 'failed', actions: { type: 'store load failure', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        shown: {},
        failed: { on: { 'savedSearches.retry': 'loading' } },
      },
    },
    removal: {
      initial: 'idle',
      states: {
        idle: { on: { 'savedSearches.remove': { target: 'removing', actions: 'start removal' } } },
        removing: {
          invoke: {
            src: 'remove search',
            input: ({ context }) => ({ id: context.removing ?? -1 }),
            onDone: { target: 'idle', actions: 'drop removed' },
            onError: { target: 'idle', actions: { type: 'store refusal', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
  },
});

export type SavedSearchesSnapshot = SnapshotFrom<typeof savedSearchesMachine>;
type Viewed = Pick<SavedSearchesSnapshot, 'context' | 'matches'>;

/** A saved search as the profile lists it: its name, the way to the list with its filters, and its removal's state. */
export interface SavedSearchItem {
  id: number;
  name: string;
  path: string;
  removing: boolean;
  refusal: string | null;
}

export function savedSearchItems({ context }: Viewed): SavedSearchItem[] {
  return context.searches.map((search) => {
    const query = queryOfDraft(draftOfFilters(search.filters, context.currency));
    return { id: search.id, name: search.name, path: query ? `/home-4?${query}` : '/home-4', removing: context.removing === search.id, refusal: context.refusal?.id === search.id ? context.refusal.message : null };
  });
}
export const savedSearchesFailure = (snapshot: Viewed): ApiFailure | null => (snapshot.matches({ list: 'failed' }) ? snapshot.context.loadFailure : null);
export const isLoadingSavedSearches = (snapshot: Viewed): boolean => snapshot.matches({ list: 'loading' });
export const noSavedSearches = (snapshot: Viewed): boolean => snapshot.matches({ list: 'shown' }) && snapshot.context.searches.length === 0;
