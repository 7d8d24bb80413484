import * as v from 'valibot';
import type { Currency } from '@contract/enums';
import { AdFiltersSchema, type AdFiltersInput, type SavedFilters } from '@contract/endpoints/ads';
import { displayAmount, toRial } from '@contract/money';
import { typedDigits } from '@contract/numbers';
import { AD_LIMITS, AD_REQUESTS, AD_SORTS, AD_TYPES, type AdRequest, type AdSort, type AdType } from '@contract/rules/ads';

/*
 * The ad list's filters as the filter sheet holds them (text as typed, Persian digits accepted) and as the URL's
 * query keeps them, so a reload or a shared link shows the same list. Amounts are typed in the shop's currency
 * (toman or rial, as the cards show them) and sent as rial.
 */

export const RANGE_FIELDS = ['total_price', 'deposit', 'monthly_rent', 'meterage', 'rooms', 'build_year'] as const;
export type RangeField = (typeof RANGE_FIELDS)[number];
/** The ranges typed in the shop's currency. */
export const MONEY_FIELDS: readonly RangeField[] = ['total_price', 'deposit', 'monthly_rent'];

const RANGE_BOUNDS: Record<RangeField, { min: number; max: number }> = {
  total_price: AD_LIMITS.price,
  deposit: AD_LIMITS.price,
  monthly_rent: AD_LIMITS.price,
  meterage: AD_LIMITS.meterage,
  rooms: AD_LIMITS.rooms,
  build_year: AD_LIMITS.buildYear,
};

export interface FilterDraft {
  request: AdRequest | null;
  type: AdType | null;
  city: string;
  neighborhood: string;
  ranges: Record<RangeField, { min: string; max: string }>;
  sort: AdSort;
}

/** Why a typed range cannot be sent: not a whole number, beyond the field's bounds, or its minimum above its maximum. */
export type RangeProblem = 'not_a_number' | 'out_of_bounds' | 'inverted';
export type FilterProblems = Partial<Record<RangeField, RangeProblem>>;

const emptyRanges = (): FilterDraft['ranges'] => Object.fromEntries(RANGE_FIELDS.map((field) => [field, { min: '', max: '' }])) as FilterDraft['ranges'];

export const emptyDraft = (): FilterDraft => ({ request: null, type: null, city: '', neighborhood: '', ranges: emptyRanges(), sort: 'newest' });

/** A typed number: Persian or Arabic digits, thousands separators and spaces accepted; blank is absent. */
export function typedNumber(text: string): number | null | 'invalid' {
  const plain = typedDigits(text);
  if (plain === '') return null;
  return /^\d+$/.test(plain) ? Number(plain) : 'invalid';
}

const pick = <T extends string>(choices: readonly T[], value: string | null): T | null => (value !== null && (choices as readonly string[]).includes(value) ? (value as T) : null);

/** The draft a URL's query holds (unknown or broken values are left out, so an old or edited link still opens). */
export function draftFromQuery(search: string): FilterDraft {
  const query = new URLSearchParams(search);
  const ranges = emptyRanges();
  for (const field of RANGE_FIELDS) {
    ranges[field] = { min: query.get(`${field}_min`) ?? '', max: query.get(`${field}_max`) ?? '' };
  }
  return {
    request: pick(AD_REQUESTS, query.get('request')),
    type: pick(AD_TYPES, query.get('type')),
    city: query.get('city') ?? '',
    neighborhood: query.get('neighborhood') ?? '',
    ranges,
    sort: pick(AD_SORTS, query.get('sort')) ?? 'newest',
  };
}

/** The URL query of a draft (Western digits; empty fields and the default sort left out), without '?'. */
export function queryOfDraft(draft: FilterDraft): string {
  const query = new URLSearchParams();
  if (draft.request) query.set('request', draft.request);
  if (draft.type) query.set('type', draft.type);
  if (draft.city.trim()) query.set('city', draft.city.trim());
  if (draft.neighborhood.trim()) query.set('neighborhood', draft.neighborhood.trim());
  for (const field of RANGE_FIELDS) {
    for (const end of ['min', 'max'] as const) {
      const value = typedNumber(draft.ranges[field][end]);
      if (typeof value === 'number') query.set(`${field}_${end}`, String(value));
    }
  }
  if (draft.sort !== 'newest') query.set('sort', draft.sort);
  return query.toString();
}

/** The draft of filters the server kept (a saved search's), amounts back in the shop's currency: filtersOfDraft's inverse. */
export function draftOfFilters(filters: SavedFilters, currency: Currency): FilterDraft {
  const ranges = emptyRanges();
  for (const field of RANGE_FIELDS) {
    const shown = (value: number | undefined) => (value === undefined ? '' : String(MONEY_FIELDS.includes(field) ? displayAmount(value, currency) : value));
    ranges[field] = { min: shown(filters[field]?.min), max: shown(filters[field]?.max) };
  }
  return { ...emptyDraft(), request: filters.request ?? null, type: filters.type ?? null, city: filters.city ?? '', neighborhood: filters.neighborhood ?? '', ranges };
}

/** What is wrong with each typed range, if anything (the sheet's rule before anything is sent). */
export function draftProblems(draft: FilterDraft, currency: Currency): FilterProblems {
  const problems: FilterProblems = {};
  for (const field of RANGE_FIELDS) {
    const bounds = RANGE_BOUNDS[field];
    const ends = [typedNumber(draft.ranges[field].min), typedNumber(draft.ranges[field].max)];
    if (ends.includes('invalid')) {
      problems[field] = 'not_a_number';
      continue;
    }
    const [min, max] = ends.map((value) => (typeof value === 'number' && MONEY_FIELDS.includes(field) ? toRial(value, currency) : value)) as (number | null)[];
    if ([min, max].some((value) => value !== null && (value < bounds.min || value > bounds.max))) problems[field] = 'out_of_bounds';
    else if (min !== null && max !== null && min > max) problems[field] = 'inverted';
  }
  return problems;
}

/** The filters the codes take (filter_all_ads_ty, ty_ad_counts, get_ads_by_location), amounts in rial; only a draft without problems. */
export function filtersOfDraft(draft: FilterDraft, currency: Currency): AdFiltersInput {
  const filters: AdFiltersInput = { sort: draft.sort };
  if (draft.request) filters.request = draft.request;
  if (draft.type) filters.type = draft.type;
  if (draft.city.trim()) filters.city = draft.city.trim();
  if (draft.neighborhood.trim()) filters.neighborhood = draft.neighborhood.trim();
  for (const field of RANGE_FIELDS) {
    const range: { min?: number; max?: number } = {};
    for (const end of ['min', 'max'] as const) {
      const value = typedNumber(draft.ranges[field][end]);
      if (typeof value === 'number') range[end] = MONEY_FIELDS.includes(field) ? toRial(value, currency) : value;
    }
    if (range.min !== undefined || range.max !== undefined) filters[field] = range;
  }
  // The contract's own schema: what the sheet sends, the server reads the same way.
  return v.parse(AdFiltersSchema, filters);
}

/** How many filters beside the sort are set (the sheet's button says so). */
export function activeFilterCount(draft: FilterDraft): number {
  let count = [draft.request, draft.type].filter(Boolean).length + [draft.city, draft.neighborhood].filter((text) => text.trim() !== '').length;
  for (const field of RANGE_FIELDS) if (draft.ranges[field].min.trim() !== '' || draft.ranges[field].max.trim() !== '') count += 1;
  return count;
}
