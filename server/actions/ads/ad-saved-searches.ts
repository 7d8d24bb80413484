import type { SavedSearch } from '@contract/endpoints/ads';
import { SAVED_SEARCHES_MAX } from '@contract/rules/ads';
import { ApiError } from '../../errors';
import { translate } from '../../i18n/messages';
import { savedFiltersOf } from '../../repositories/ad-filter-match';
import type { SavedSearchRow } from '../../repositories/ad-saved-search-repository';
import { savedSearchName } from '../../services/ads/saved-search-name';
import type { Handlers } from '../context';

const searchOf = (row: SavedSearchRow): SavedSearch => ({ id: row.id, name: row.name, filters: row.filters, created_at: row.createdAt.toISOString() });

/** Saved searches (issue 31, docs/classifieds.md): the list's filters kept, so that an ad matching them is told live. */
export const adSavedSearchActions: Handlers<'ty_save_search' | 'ty_saved_searches' | 'ty_remove_saved_search'> = {
  async ty_save_search({ repos, user, clock, language }, { filters, name }) {
    const saved = savedFiltersOf(filters);
    // One save of a user at a time: two at once must not both pass the limit or both add the same filters.
    await repos.adSavedSearches.lockUser(user.id);
    const same = await repos.adSavedSearches.sameAs(user.id, saved);
    if (same) return searchOf(same);
    if ((await repos.adSavedSearches.countOf(user.id)) >= SAVED_SEARCHES_MAX) {
      throw new ApiError(409, 'saved_search_limit', translate(language, 'saved_search_limit', { max: SAVED_SEARCHES_MAX }));
    }
    return searchOf(await repos.adSavedSearches.insert(user.id, name.trim() || savedSearchName(saved, language), saved, clock()));
  },

  async ty_saved_searches({ repos, user }) {
    return { searches: (await repos.adSavedSearches.of(user.id)).map(searchOf) };
  },

  async ty_remove_saved_search({ repos, user, language }, { search_id }) {
    if (!(await repos.adSavedSearches.remove(user.id, search_id))) throw new ApiError(404, 'saved_search_not_found', translate(language, 'saved_search_not_found'));
    return { search_id, removed: true as const };
  },
};
