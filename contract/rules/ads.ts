/*
 * The classifieds app's rules (interface 4, docs/classifieds.md): what an ad is made of, what each kind of
 * request needs, the list's page and the limits that keep the board clean. One definition, read by the
 * publishing wizard (machines/), the server's checks and the console's moderation queue.
 */
import { Interface } from '../enums';

/** Spec §9: the ad list's page; the list is complete when an empty page arrives (spec §4). */
export const AD_PAGE_LENGTH = 10;

/** What the publisher wants (spec §1: buy, sale, rent, partnership). */
export const AD_REQUESTS = ['sale', 'rent', 'buy', 'partnership'] as const;
export type AdRequest = (typeof AD_REQUESTS)[number];

/** The property's type (spec §3's label "type"). */
export const AD_TYPES = ['apartment', 'house', 'land', 'office', 'shop', 'commercial', 'warehouse'] as const;
export type AdType = (typeof AD_TYPES)[number];

/** Spec §3's "business class": the trade a commercial property suits (asked for shop, commercial and warehouse). */
export const BUSINESS_CLASSES = ['food', 'retail', 'services', 'medical', 'office', 'industrial', 'other'] as const;
export type BusinessClass = (typeof BUSINESS_CLASSES)[number];
export const TYPES_WITH_BUSINESS_CLASS: readonly AdType[] = ['shop', 'commercial', 'warehouse'];
/** The commercial ("tejari") types: /home-4/tejari-home, the commercial home, offers these. */
export const COMMERCIAL_TYPES: readonly AdType[] = ['office', 'shop', 'commercial', 'warehouse'];

/** The amounts an ad can carry (rial, as every amount of the platform). */
export const AD_PRICE_FIELDS = ['total_price', 'deposit', 'monthly_rent'] as const;
export type AdPriceField = (typeof AD_PRICE_FIELDS)[number];

/**
 * What each request needs besides the common fields (title, type, province, city, neighborhood, meterage,
 * location): a sale its total price, a rent its deposit and monthly rent (either may be 0, not both), a
 * partnership what the partner is sought for; a buy request states a budget (total price) if it likes.
 */
export const REQUEST_NEEDS: Record<AdRequest, readonly ('total_price' | 'deposit' | 'monthly_rent' | 'partnership_for')[]> = {
  sale: ['total_price'],
  rent: ['deposit', 'monthly_rent'],
  buy: [],
  partnership: ['partnership_for'],
};

/** The fields each request shows in the wizard and the detail (the others are dropped when the request changes). */
export const REQUEST_FIELDS: Record<AdRequest, readonly ('total_price' | 'deposit' | 'monthly_rent' | 'partnership_for')[]> = {
  sale: ['total_price'],
  rent: ['deposit', 'monthly_rent'],
  buy: ['total_price'],
  partnership: ['partnership_for', 'total_price'],
};

/** Bounds of an ad's fields. Years are solar hijri (the calendar the market quotes build years in). */
export const AD_LIMITS = {
  title: { min: 5, max: 80 },
  comment: { max: 2000 },
  neighborhood: { max: 100 },
  city: { max: 100 },
  province: { max: 100 },
  partnershipFor: { max: 200 },
  meterage: { min: 1, max: 1_000_000 },
  rooms: { min: 0, max: 20 },
  buildYear: { min: 1300, max: 1410 },
  /** rial: 10^15 is far beyond any property and within a safe integer */
  price: { min: 0, max: 1_000_000_000_000_000 },
  pictures: { max: 10 },
  /** a report's reason */
  reportReason: { min: 3, max: 300 },
  /** a moderator's reason (reject, ask for an edit) */
  moderationReason: { min: 3, max: 300 },
} as const;

/** Ads one account may submit (new ads and edits) in a day; the next is refused with ad_daily_limit. */
export const ADS_PER_DAY = 10;
/** Reports one visitor may send in a day. */
export const REPORTS_PER_DAY = 20;
/** Reports by different visitors that take an approved ad off the list until a moderator looks (status uncertain). */
export const REPORTS_TO_HOLD = 3;
/** Days an approved ad stays published before it expires (a shop setting's default; the publisher renews it). */
export const AD_EXPIRY_DAYS_DEFAULT = 30;
export const AD_EXPIRY_DAYS = { min: 1, max: 365 } as const;

/**
 * Others see an ad's point moved by a stable random distance in this ring (meters; spec §7's
 * randomize_geoLocation), never the exact point; the publisher sees their own.
 */
export const AD_POSITION_BLUR_METERS = { min: 150, max: 400 } as const;

/** The map: bounds answered as points up to this many ads; above it, as clusters of a grid over the bounds. */
export const MAP_POINTS_MAX = 300;
/** The grid's cells along each side, at most, when the map's bounds hold more than MAP_POINTS_MAX ads. */
export const MAP_GRID_CELLS = 8;
/**
 * The map's fixed grid (docs/classifieds.md, "The map"): level L's cells are MAP_CELL_DEGREES × 2^L degrees square,
 * L from 0 to MAP_CELL_LEVELS - 1, counted ahead per shop, request and type in ad_map_cells (migration 0016's
 * trigger, which writes these two figures in its SQL: tests/server/ads-map-cells.test.ts holds them equal).
 */
export const MAP_CELL_DEGREES = 0.005;
export const MAP_CELL_LEVELS = 8;

/**
 * How many of a shop's latest listing versions keep the ids of the ads they changed (ad_listing_changes, written by
 * migration 0018's trigger, which holds this figure in its SQL: tests/server/ads-listing.test.ts holds them equal).
 */
export const LISTING_CHANGES_KEPT = 10_000;

/** The list's orders. */
export const AD_SORTS = ['newest', 'price_asc', 'price_desc'] as const;
export type AdSort = (typeof AD_SORTS)[number];

/** A saved search tells its owner of new matching ads; at most this many per account. */
export const SAVED_SEARCHES_MAX = 10;
/** A saved search's name, as its owner may give it (else one is made from its filters). */
export const SAVED_SEARCH_NAME_MAX = 60;

/** Whether the type asks for a business class. */
export const needsBusinessClass = (type: AdType): boolean => TYPES_WITH_BUSINESS_CLASS.includes(type);

/** The fields of an ad as the wizard fills it and create_new_ty_ad / update_ad_ty take it (ad_object), once parsed. */
export interface AdDraft {
  request: AdRequest;
  type: AdType;
  business_class?: BusinessClass | null;
  title: string;
  province: string;
  city: string;
  neighborhood: string;
  meterage?: number | null;
  rooms?: number | null;
  build_year?: number | null;
  total_price?: number | null;
  deposit?: number | null;
  monthly_rent?: number | null;
  partnership_for?: string | null;
  comment?: string | null;
  picture_ids: number[];
  location?: { lat: number; lng: number } | null;
}

/** A field the ad lacks: the spec's required-box message names it (spec §5). */
export type AdMissing = 'title' | 'province' | 'city' | 'neighborhood' | 'meterage' | 'location' | 'business_class' | 'total_price' | 'deposit' | 'monthly_rent' | 'partnership_for';

/**
 * The fields an ad still lacks for its request and type, in the wizard's order: the one rule the wizard's steps
 * and the server's create/update apply. A rent needs a deposit and a monthly rent, one of which may be 0 but not both.
 */
export function adMissing(ad: Partial<AdDraft>): AdMissing[] {
  const missing: AdMissing[] = [];
  const blank = (value: string | null | undefined) => value == null || value.trim() === '';
  if (blank(ad.title) || (ad.title ?? '').trim().length < AD_LIMITS.title.min) missing.push('title');
  if (blank(ad.province)) missing.push('province');
  if (blank(ad.city)) missing.push('city');
  if (blank(ad.neighborhood)) missing.push('neighborhood');
  if (ad.meterage == null) missing.push('meterage');
  if (ad.location == null) missing.push('location');
  if (ad.type && needsBusinessClass(ad.type) && ad.business_class == null) missing.push('business_class');
  const needs = ad.request ? REQUEST_NEEDS[ad.request] : [];
  if (needs.includes('total_price') && ad.total_price == null) missing.push('total_price');
  if (needs.includes('deposit') && ad.deposit == null) missing.push('deposit');
  if (needs.includes('monthly_rent') && ad.monthly_rent == null) missing.push('monthly_rent');
  if (ad.request === 'rent' && ad.deposit === 0 && ad.monthly_rent === 0) missing.push('monthly_rent');
  if (needs.includes('partnership_for') && blank(ad.partnership_for)) missing.push('partnership_for');
  return missing;
}

/** The ad with only the fields its request and type use (a sale keeps no rent; a flat keeps no business class). */
export function adForRequest<T extends Partial<AdDraft>>(ad: T): T {
  const fields = ad.request ? REQUEST_FIELDS[ad.request] : [];
  const kept: Partial<AdDraft> = { ...ad };
  for (const field of ['total_price', 'deposit', 'monthly_rent', 'partnership_for'] as const) if (!fields.includes(field)) kept[field] = null;
  if (ad.type && !needsBusinessClass(ad.type)) kept.business_class = null;
  return kept as T;
}

/** Spec §1: the classifieds app's interface id; its ad codes and the console's moderation answer at such a shop only. */
export const CLASSIFIEDS_INTERFACE = Interface.classifieds;
