import { sql, type SQL } from 'drizzle-orm';
import type { AdFilters, SavedFilters } from '@contract/endpoints/ads';
import { normalizeDigits } from '@contract/digits';
import { adSavedSearches, ads } from '../db/schema';

/*
 * What the list's filters mean (filter_all_ads_ty, docs/classifieds.md), written once for two questions: which ads
 * match these filters (the list, its counts, the map), and which saved searches match this ad (ad_matched). The
 * list's filters are values, an absent one adds no condition (so the list's indexes serve); a saved search's are
 * read from its stored JSON in the same query, where an absent one holds for every ad.
 */

const EQUALS = [
  ['request', ads.request],
  ['type', ads.type],
  ['city', ads.city],
  ['neighborhood', ads.neighborhood],
] as const;
const RANGES = [
  ['total_price', ads.totalPrice],
  ['deposit', ads.deposit],
  ['monthly_rent', ads.monthlyRent],
  ['meterage', ads.meterage],
  ['rooms', ads.rooms],
  ['build_year', ads.buildYear],
] as const;

type TextKey = (typeof EQUALS)[number][0] | 'q';
type RangeKey = (typeof RANGES)[number][0];

/** Where the filters' values come from: SQL of a value, or undefined when the source surely has none. */
interface FilterSource {
  text(key: TextKey): SQL | undefined;
  bound(key: RangeKey, end: 'min' | 'max'): SQL | undefined;
  /** a value read at run time may be null: its condition then holds */
  nullable: boolean;
}

/** The filters as conditions on `ads`. `q` is a substring of the title or the comment (`%`, `_` and `\` stand for themselves). */
function conditionsOf(source: FilterSource): SQL[] {
  const conditions: SQL[] = [];
  const add = (value: SQL | undefined, condition: (value: SQL) => SQL) => {
    if (value !== undefined) conditions.push(source.nullable ? sql`(${value} is null or ${condition(value)})` : condition(value));
  };
  for (const [key, column] of EQUALS) add(source.text(key), (value) => sql`${column} = ${value}`);
  for (const [key, column] of RANGES) {
    add(source.bound(key, 'min'), (value) => sql`${column} >= ${value}`);
    add(source.bound(key, 'max'), (value) => sql`${column} <= ${value}`);
  }
  const like = (value: SQL) => sql`'%' || replace(replace(replace(${value}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%'`;
  add(source.text('q'), (value) => sql`(${ads.title} ilike ${like(value)} or ${ads.comment} ilike ${like(value)})`);
  return conditions;
}

/** The filters as they are kept and compared: texts trimmed (q's digits Western), blanks and the order left out. */
export function savedFiltersOf(filters: Partial<AdFilters>): SavedFilters {
  const saved: SavedFilters = {};
  if (filters.request) saved.request = filters.request;
  if (filters.type) saved.type = filters.type;
  const city = filters.city?.trim();
  if (city) saved.city = city;
  const neighborhood = filters.neighborhood?.trim();
  if (neighborhood) saved.neighborhood = neighborhood;
  for (const [key] of RANGES) {
    const range = filters[key];
    if (range && (range.min !== undefined || range.max !== undefined)) saved[key] = { ...(range.min !== undefined ? { min: range.min } : {}), ...(range.max !== undefined ? { max: range.max } : {}) };
  }
  const q = filters.q === undefined ? '' : normalizeDigits(filters.q).trim();
  if (q) saved.q = q;
  return saved;
}

/** The conditions of the list's filters on `ads`. */
export function filterConditions(filters: Partial<AdFilters>): SQL[] {
  const saved = savedFiltersOf(filters);
  const given = <T>(value: T | undefined) => (value === undefined ? undefined : sql`${value}`);
  return conditionsOf({ nullable: false, text: (key) => given(saved[key]), bound: (key, end) => given(saved[key]?.[end]) });
}

/** The conditions of each saved search's stored filters (`ad_saved_searches.filters`, savedSearchText) on `ads`. */
export function savedSearchConditions(): SQL[] {
  const stored = (...path: string[]) => sql`(${adSavedSearches.filters}::jsonb #>> ${`{filters,${path.join(',')}}`})`;
  return conditionsOf({ nullable: true, text: (key) => stored(key), bound: (key, end) => sql`${stored(key, end)}::numeric` });
}

/** What `ad_saved_searches.filters` holds: the name and the kept filters, as JSON (the table has no column for the name). */
export const savedSearchText = (name: string, filters: SavedFilters) => JSON.stringify({ name, filters });

export function parseSavedSearchText(text: string): { name: string; filters: SavedFilters } {
  return JSON.parse(text) as { name: string; filters: SavedFilters };
}
