import * as v from 'valibot';
import { AdCountsSchema, AdDetailSchema, AdListSchema, AdMapSchema, MyAdsSchema } from '../entities/ad';
import { blankOr, coordinate, id, integer, jsonField, text } from '../fields';
import { AD_LIMITS, AD_PAGE_LENGTH, AD_REQUESTS, AD_SORTS, AD_TYPES, BUSINESS_CLASSES, SAVED_SEARCH_NAME_MAX, SAVED_SEARCHES_MAX } from '../rules/ads';
import { TEXT_MAX } from '../rules/limits';

/*
 * Spec §7's ad codes (interface 4) and what the app needs beside them (my ads, the publisher's own changes,
 * reports, counts). docs/classifieds.md says what each does; the server answers `not_classifieds` (404) at a shop
 * whose interface is not 4.
 */

/** A number in JSON or text (Persian digits accepted), within bounds. */
const amount = () => integer({ min: AD_LIMITS.price.min, max: AD_LIMITS.price.max });
const optionalNumber = (bounds: { min: number; max: number }) => v.optional(v.nullable(integer(bounds)));
const range = (bounds: { min: number; max: number }) =>
  v.pipe(
    v.object({ min: v.optional(integer(bounds)), max: v.optional(integer(bounds)) }),
    // An inverted range is refused, not swapped: a client that sends one has a bug the person should not pay for.
    v.check((value) => value.min === undefined || value.max === undefined || value.min <= value.max, 'inverted_range'),
  );

/** The list's and the map's filters (filter_all_ads_ty's `filters` JSON; get_ads_by_location's besides the bounds). */
export const AdFiltersSchema = v.object({
  request: v.optional(v.picklist(AD_REQUESTS)),
  type: v.optional(v.picklist(AD_TYPES)),
  city: v.optional(text({ max: AD_LIMITS.city.max })),
  neighborhood: v.optional(text({ max: AD_LIMITS.neighborhood.max })),
  total_price: v.optional(range(AD_LIMITS.price)),
  deposit: v.optional(range(AD_LIMITS.price)),
  monthly_rent: v.optional(range(AD_LIMITS.price)),
  meterage: v.optional(range(AD_LIMITS.meterage)),
  rooms: v.optional(range(AD_LIMITS.rooms)),
  build_year: v.optional(range(AD_LIMITS.buildYear)),
  q: v.optional(text({ max: TEXT_MAX.search })),
  sort: v.optional(v.picklist(AD_SORTS), 'newest'),
});
export type AdFiltersInput = v.InferInput<typeof AdFiltersSchema>;
export type AdFilters = v.InferOutput<typeof AdFiltersSchema>;

/** What a saved search matches: the list's filters but the order (a view of the list, not part of what matches), blanks left out. */
export const SavedFiltersSchema = v.omit(AdFiltersSchema, ['sort']);
export type SavedFilters = Omit<AdFilters, 'sort'>;

/** A saved search (ty_saved_searches): its owner hears `ad_matched` when an ad matching `filters` is first published. */
export const SavedSearchSchema = v.object({ id: v.number(), name: v.string(), filters: SavedFiltersSchema, created_at: v.string() });
export type SavedSearch = v.InferOutput<typeof SavedSearchSchema>;

/** The map's bounds (get_ads_by_location's `location`). */
export const MapBoundsSchema = v.pipe(
  v.object({ north: coordinate(), south: coordinate(), east: coordinate(), west: coordinate() }),
  v.check((bounds) => bounds.south <= bounds.north && bounds.west <= bounds.east && bounds.north <= 90 && bounds.south >= -90 && bounds.east <= 180 && bounds.west >= -180, 'invalid_bounds'),
);

/**
 * An ad as the wizard sends it (create_new_ty_ad's and update_ad_ty's `ad_object` JSON). Each field is checked here
 * for its type and bounds; what the ad's request needs is `adMissing` (rules/ads.ts), the same rule the wizard applies.
 */
export const AdObjectSchema = v.object({
  request: v.picklist(AD_REQUESTS),
  type: v.picklist(AD_TYPES),
  business_class: v.optional(v.nullable(v.picklist(BUSINESS_CLASSES))),
  title: v.optional(text({ max: AD_LIMITS.title.max }), ''),
  province: v.optional(text({ max: AD_LIMITS.province.max }), ''),
  city: v.optional(text({ max: AD_LIMITS.city.max }), ''),
  neighborhood: v.optional(text({ max: AD_LIMITS.neighborhood.max }), ''),
  meterage: optionalNumber(AD_LIMITS.meterage),
  rooms: optionalNumber(AD_LIMITS.rooms),
  build_year: optionalNumber(AD_LIMITS.buildYear),
  total_price: v.optional(v.nullable(amount())),
  deposit: v.optional(v.nullable(amount())),
  monthly_rent: v.optional(v.nullable(amount())),
  partnership_for: v.optional(v.nullable(text({ max: AD_LIMITS.partnershipFor.max }))),
  comment: v.optional(v.nullable(text({ max: AD_LIMITS.comment.max, multiline: true }))),
  picture_ids: v.optional(v.pipe(v.array(id()), v.maxLength(AD_LIMITS.pictures.max)), []),
  location: v.optional(v.nullable(v.object({ lat: coordinate(), lng: coordinate() }))),
});
export type AdObjectInput = v.InferInput<typeof AdObjectSchema>;

/**
 * The filters' JSON; absent or blank is no filter. (Not blankOr: its fallback would go through the JSON parse as an
 * object and be refused, so a list asked without filters answered 400.)
 */
const filtersField = () => v.pipe(v.optional(v.string(), ''), v.transform((text) => (text.trim() === '' ? '{}' : text)), jsonField(AdFiltersSchema));

const offset = () => blankOr(integer({ min: 0 }), 0);
const length = () => blankOr(integer({ min: 1, max: 50 }), AD_PAGE_LENGTH);

export const adEndpoints = {
  get_all_ads_ty: {
    summary: `Spec §7: a page of published ads, newest first (length ${AD_PAGE_LENGTH} by default); the list is complete when an empty page arrives. Open to visitors; \`bookmarked\` is the logged-in user's.`,
    request: v.object({ offset: offset(), length: length() }),
    data: AdListSchema,
    login: false,
  },
  filter_all_ads_ty: {
    summary:
      'Spec §7: a page of published ads matching `filters` (JSON: request, type, city, neighborhood, ranges {min,max} of total_price, deposit, monthly_rent, meterage, rooms, build_year; q; sort newest|price_asc|price_desc). An inverted range is refused (400), Persian digits are read.',
    request: v.object({ filters: filtersField(), offset: offset(), length: length() }),
    data: AdListSchema,
    login: false,
  },
  ty_ad_counts: {
    summary: 'How many published ads each request and type has under the other filters (the filter sheet\'s counts). Not in the spec.',
    request: v.object({ filters: filtersField() }),
    data: AdCountsSchema,
    login: false,
  },
  get_ads_by_location: {
    summary:
      'Spec §7: the published ads inside the map\'s bounds (`location` JSON: north, south, east, west) under optional `filters`: as points (blurred positions) up to MAP_POINTS_MAX, else as clusters: the non-empty cells of a fixed grid (MAP_CELL_DEGREES × 2^level degrees, the finest level with at most MAP_GRID_CELLS cells along each side) that meet the bounds, each at its ads\' mean point; the total is their sum.',
    request: v.object({ location: jsonField(MapBoundsSchema), filters: filtersField() }),
    data: AdMapSchema,
    login: false,
  },
  get_ad_ty: {
    summary:
      'Spec §7: an ad\'s detail. A visitor sees a published ad (others are 404 `ad_not_found`) at its blurred position; its publisher sees it in any status but deleted, with the exact point, the moderator\'s reason and the actions they may take.',
    request: v.object({ id: id() }),
    data: AdDetailSchema,
    login: false,
  },
  create_new_ty_ad: {
    summary:
      'Spec §7: submits a new ad (`ad_object` JSON) for review (status awaiting). A field the request needs is refused with the spec\'s required-box message naming it (400 `ad_field_required`); pictures must be the user\'s own ad_picture uploads; at most ADS_PER_DAY a day (429 `ad_daily_limit`); the same title at the same place by the same publisher is refused (409 `ad_duplicate`).',
    request: v.object({ ad_object: jsonField(AdObjectSchema, { max: TEXT_MAX.json }) }),
    data: AdDetailSchema,
    login: true,
    writes: true,
  },
  update_ad_ty: {
    summary:
      'Spec §7: the publisher\'s edit of ad `ad_id` (`ad_object` JSON, the whole ad): goes back to review (awaiting). Another user\'s ad is 404; a deleted one is 409 `ad_change_refused`.',
    request: v.object({ ad_id: id(), ad_object: jsonField(AdObjectSchema, { max: TEXT_MAX.json }) }),
    data: AdDetailSchema,
    login: true,
    writes: true,
  },
  ty_ad_action: {
    summary: "The publisher's own change of ad `ad_id`: renew (expired → approved), close (sold or rented) or delete. Anything the ad's lifecycle chart refuses is 409 `ad_change_refused`. Not in the spec.",
    request: v.object({ ad_id: id(), action: v.picklist(['renew', 'close', 'delete']) }),
    data: AdDetailSchema,
    login: true,
    writes: true,
  },
  ty_my_ads: {
    summary: "The user's ads in every status but deleted, newest first, each with its status, the moderator's reason and the actions they may take. Not in the spec (its \"my ads\" screen).",
    request: v.object({ offset: offset(), length: length() }),
    data: MyAdsSchema,
    login: true,
  },
  ty_list_bookmarks: {
    summary: "Spec §7: the user's bookmarked ads that are still published, newest bookmark first.",
    request: v.object({ offset: offset(), length: length() }),
    data: AdListSchema,
    login: true,
  },
  ty_add_bookmark: {
    summary: 'Spec §7: bookmarks a published ad (again: nothing changes). Answers whether it is bookmarked.',
    request: v.object({ ad_id: id() }),
    data: v.object({ ad_id: v.number(), bookmarked: v.boolean() }),
    login: true,
    writes: true,
  },
  ty_remove_bookmark: {
    summary: 'Spec §7: removes a bookmark (absent: nothing changes).',
    request: v.object({ ad_id: id() }),
    data: v.object({ ad_id: v.number(), bookmarked: v.boolean() }),
    login: true,
    writes: true,
  },
  ty_report_ad: {
    summary: `Reports a published ad with a reason (${AD_LIMITS.reportReason.min}–${AD_LIMITS.reportReason.max} characters) to the moderation queue; REPORTS_TO_HOLD reports by different users hold it (uncertain) until a moderator looks. Once per user and ad; REPORTS_PER_DAY a day. Not in the spec.`,
    request: v.object({ ad_id: id(), reason: text({ max: AD_LIMITS.reportReason.max, multiline: true }) }),
    data: v.object({ ad_id: v.number(), reported: v.literal(true) }),
    login: true,
    writes: true,
  },
  ty_save_search: {
    summary: `Saves \`filters\` (as filter_all_ads_ty takes them, refused alike; the order is not kept) as a search whose owner hears \`ad_matched\` on the live channel when an ad matching it is first published. \`name\` is optional (up to ${SAVED_SEARCH_NAME_MAX} characters; else one is made from the filters). The same filters again answer the search already saved, unchanged. At most ${SAVED_SEARCHES_MAX} per account (409 \`saved_search_limit\`). Not in the spec.`,
    request: v.object({ filters: filtersField(), name: blankOr(text({ max: SAVED_SEARCH_NAME_MAX }), '') }),
    data: SavedSearchSchema,
    login: true,
    writes: true,
  },
  ty_saved_searches: {
    summary: "The user's saved searches, newest first. Not in the spec.",
    request: v.object({}),
    data: v.object({ searches: v.array(SavedSearchSchema) }),
    login: true,
  },
  ty_remove_saved_search: {
    summary: "Removes one of the user's saved searches; another user's (or one already removed) is 404 `saved_search_not_found`. Not in the spec.",
    request: v.object({ search_id: id() }),
    data: v.object({ search_id: v.number(), removed: v.literal(true) }),
    login: true,
    writes: true,
  },
  ty_contact_publisher: {
    summary:
      "Opens (or finds) the user's conversation with an ad's publisher about it, titled with the ad; messages then go through send_message_to_conversation. The publisher's own ad, or a deleted publisher, is 409. Not in the spec.",
    request: v.object({ ad_id: id() }),
    data: v.object({ conversation_id: v.number() }),
    login: true,
    writes: true,
  },
} as const;
