import * as v from 'valibot';
import { AD_REQUESTS, AD_TYPES, BUSINESS_CLASSES } from '../rules/ads';
import { AD_ACTIONS, AD_STATUSES } from '../rules/ad-lifecycle';

/*
 * A classified ad as the app shows it (spec §3's Ad: id, bookmarked, picture_ids and the labels title, code, type,
 * publisher, business class, province and city, neighborhood, meterage, build year, total price, deposit, monthly
 * rent, partnership for, comment, images, location, status). Amounts are rial. A visitor's `location` is the
 * blurred point (rules/ads.ts AD_POSITION_BLUR_METERS); the publisher's own ad carries the exact one.
 */

export const AdPointSchema = v.object({ lat: v.number(), lng: v.number() });
export type AdPoint = v.InferOutput<typeof AdPointSchema>;

/** An ad's picture: the re-encoded picture and its thumbnail (uploads of type ad_picture); the first is the cover. */
export const AdPictureSchema = v.object({ id: v.number(), url: v.string(), thumbnail_url: v.string() });
export type AdPicture = v.InferOutput<typeof AdPictureSchema>;

/** Who published: a person or a consultant (spec §6, with their consultant code); a deleted account shows as "User deleted". */
export const AdPublisherSchema = v.object({
  /** null once the account is deleted (spec §6: shown as "User deleted") */
  name: v.nullable(v.string()),
  kind: v.picklist(['person', 'consultant']),
  consultant_code: v.nullable(v.string()),
  deleted: v.boolean(),
});
export type AdPublisher = v.InferOutput<typeof AdPublisherSchema>;

/** An ad on a list card: what a card shows, its cover and whether the visitor bookmarked it. */
export const AdCardSchema = v.object({
  id: v.number(),
  /** the ad's public code (spec §3's label "code"), e.g. "A-1042" */
  code: v.string(),
  title: v.string(),
  request: v.picklist(AD_REQUESTS),
  type: v.picklist(AD_TYPES),
  city: v.string(),
  neighborhood: v.string(),
  meterage: v.number(),
  rooms: v.nullable(v.number()),
  total_price: v.nullable(v.number()),
  deposit: v.nullable(v.number()),
  monthly_rent: v.nullable(v.number()),
  cover: v.nullable(AdPictureSchema),
  picture_ids: v.array(v.number()),
  status: v.picklist(AD_STATUSES),
  bookmarked: v.boolean(),
  /** when it was last published (approved or renewed); null while it awaits approval or was never published */
  published_at: v.nullable(v.string()),
  location: AdPointSchema,
  publisher: AdPublisherSchema,
});
export type AdCard = v.InferOutput<typeof AdCardSchema>;

/** An ad's detail page: the card and the rest of its labels. `mine` adds what only its publisher sees. */
export const AdDetailSchema = v.object({
  ...AdCardSchema.entries,
  province: v.string(),
  business_class: v.nullable(v.picklist(BUSINESS_CLASSES)),
  build_year: v.nullable(v.number()),
  partnership_for: v.nullable(v.string()),
  comment: v.string(),
  pictures: v.array(AdPictureSchema),
  /** the visitor is its publisher: they see the exact point, the reason of a refusal and the actions they may take */
  mine: v.boolean(),
  /** a moderator's reason (rejected, edit request), to its publisher only */
  reason: v.nullable(v.string()),
  /** when a published ad expires (its publisher's only) */
  expires_at: v.nullable(v.string()),
  /** what its publisher may do now (the lifecycle chart's actions for 'publisher'); empty for others */
  actions: v.array(v.picklist(AD_ACTIONS)),
});
export type AdDetail = v.InferOutput<typeof AdDetailSchema>;

/** A page of ads; spec §4: the list is complete when an empty page arrives. `total` counts every match. */
export const AdListSchema = v.object({
  ads: v.array(AdCardSchema),
  total: v.number(),
  next_offset: v.nullable(v.number()),
});
export type AdList = v.InferOutput<typeof AdListSchema>;

/** A range filter: either end may be absent; min above max is refused. */
export const RangeSchema = v.object({ min: v.optional(v.number()), max: v.optional(v.number()) });
export type Range = v.InferOutput<typeof RangeSchema>;

/** The map's answer: the ads in its bounds as points, or as clusters of a grid when there are more than MAP_POINTS_MAX. */
export const AdMapSchema = v.object({
  total: v.number(),
  points: v.array(v.object({ id: v.number(), lat: v.number(), lng: v.number(), title: v.string(), request: v.picklist(AD_REQUESTS), price: v.nullable(v.number()) })),
  clusters: v.array(v.object({ lat: v.number(), lng: v.number(), count: v.number() })),
});
export type AdMap = v.InferOutput<typeof AdMapSchema>;

/** The counts beside each filter's choices (issue 31: "counts per filter"), for the list's current other filters. */
export const AdCountsSchema = v.object({
  request: v.record(v.string(), v.number()),
  type: v.record(v.string(), v.number()),
});
export type AdCounts = v.InferOutput<typeof AdCountsSchema>;

/** "My ads": every ad of the user but the deleted, newest first, with the status and reason each is in. */
export const MyAdsSchema = v.object({ ads: v.array(AdDetailSchema), next_offset: v.nullable(v.number()) });
export type MyAds = v.InferOutput<typeof MyAdsSchema>;
