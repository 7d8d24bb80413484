import type { SavedFilters } from '@contract/endpoints/ads';
import type { Language } from '@contract/enums';
import { SAVED_SEARCH_NAME_MAX } from '@contract/rules/ads';
import { savedSearchWords as words } from '../../i18n/ad-messages';

/** A saved search's name when its owner gives none, in their language: request · type · place · “words”, or "all ads". */
export function savedSearchName(filters: SavedFilters, language: Language): string {
  const place = [filters.neighborhood, filters.city].filter(Boolean).join(words.placeSeparator[language]);
  const parts = [
    filters.request && words.request[filters.request][language],
    filters.type && words.type[filters.type][language],
    place,
    filters.q && `“${filters.q}”`,
  ].filter((part): part is string => Boolean(part));
  const name = parts.length === 0 ? words.all[language] : parts.join(' · ');
  return name.length > SAVED_SEARCH_NAME_MAX ? `${name.slice(0, SAVED_SEARCH_NAME_MAX - 1)}…` : name;
}
