import type { AdCard, AdDetail, AdPicture, AdPublisher } from '@contract/entities/ad';
import { adActionsFor } from '@contract/rules/ad-lifecycle';
import type { Repositories } from '../../repositories';
import type { AdPictureRow, AdWithPublisher, ListedPage } from '../../repositories/ad-repository';

/**
 * A seeded picture is not an upload's file but an SVG of the `media` table (the seed has no upload storage): its
 * upload row names it `media:<id>`, a key the upload storage refuses, and it is served at /media/<id>.
 */
export const SEEDED_PICTURE_PREFIX = 'media:';

export function pictureOf(row: Pick<AdPictureRow, 'uploadId' | 'pictureKey'>): AdPicture {
  if (row.pictureKey.startsWith(SEEDED_PICTURE_PREFIX)) {
    const url = `/media/${row.pictureKey.slice(SEEDED_PICTURE_PREFIX.length)}`;
    return { id: row.uploadId, url, thumbnail_url: url };
  }
  return { id: row.uploadId, url: `/media/upload/${row.uploadId}`, thumbnail_url: `/media/upload/${row.uploadId}/thumb` };
}

/** Spec §6: a deleted publisher shows as "User deleted" (no name); the phone is never here. */
export function publisherOf({ ad, publisherName }: AdWithPublisher): AdPublisher {
  const deleted = ad.userId === null;
  // A consultant is shown with their code or not as one: an ad stored without a code reads as a person's.
  const code = ad.publisherKind === 'consultant' ? (ad.consultantCode?.trim() ?? '') : '';
  return { name: deleted ? null : (publisherName ?? ''), kind: code === '' ? 'person' : 'consultant', consultant_code: code === '' ? null : code, deleted };
}

/** An ad's card as `viewerId` sees it: its publisher the exact point, everyone else the blurred one. */
export function cardOf(row: AdWithPublisher, pictures: readonly AdPictureRow[], bookmarked: boolean, viewerId: number | null): AdCard {
  const { ad } = row;
  const mine = viewerId !== null && ad.userId === viewerId;
  const shown = pictures.map(pictureOf);
  return {
    id: ad.id,
    code: ad.code,
    title: ad.title,
    request: ad.request,
    type: ad.type,
    city: ad.city,
    neighborhood: ad.neighborhood,
    meterage: ad.meterage,
    rooms: ad.rooms,
    total_price: ad.totalPrice,
    deposit: ad.deposit,
    monthly_rent: ad.monthlyRent,
    cover: shown[0] ?? null,
    picture_ids: shown.map((picture) => picture.id),
    status: ad.status,
    bookmarked,
    // Never published, or back in review after an edit: no publication date to show.
    published_at: ad.publishedAt === null || ad.status === 'awaiting' ? null : ad.publishedAt.toISOString(),
    location: mine ? { lat: ad.lat, lng: ad.lng } : { lat: ad.shownLat, lng: ad.shownLng },
    publisher: publisherOf(row),
  };
}

/** An ad's detail: its publisher also sees the moderator's reason, the expiry and what they may do now. */
export function detailOf(row: AdWithPublisher, pictures: readonly AdPictureRow[], bookmarked: boolean, viewerId: number | null): AdDetail {
  const { ad } = row;
  const mine = viewerId !== null && ad.userId === viewerId;
  return {
    ...cardOf(row, pictures, bookmarked, viewerId),
    province: ad.province,
    business_class: ad.businessClass ?? null,
    build_year: ad.buildYear,
    partnership_for: ad.partnershipFor,
    comment: ad.comment,
    pictures: pictures.map(pictureOf),
    mine,
    reason: mine ? ad.reason : null,
    expires_at: mine && ad.expiresAt ? ad.expiresAt.toISOString() : null,
    actions: mine ? adActionsFor(ad.status, 'publisher') : [],
  };
}

/** The pictures and the viewer's bookmarks of a page of ads, read at once. */
async function extrasOf(repos: Repositories, rows: readonly AdWithPublisher[], viewerId: number | null) {
  const ids = rows.map((row) => row.ad.id);
  const [pictures, bookmarked] = await Promise.all([repos.ads.pictures(ids), viewerId === null ? Promise.resolve(new Set<number>()) : repos.ads.bookmarkedOf(viewerId, ids)]);
  const picturesOf = (adId: number) => pictures.filter((picture) => picture.adId === adId);
  return { picturesOf, bookmarked };
}

/**
 * The cards of a page of the list as kept for every reader (its pictures read with it): only a signed-in reader's
 * bookmarks are read, and their own ads show their exact point (cardOf).
 */
export async function listedCardsOf(repos: Repositories, page: ListedPage, viewerId: number | null): Promise<AdCard[]> {
  const ids = page.rows.map((row) => row.ad.id);
  const bookmarked = viewerId === null ? new Set<number>() : await repos.ads.bookmarkedOf(viewerId, ids);
  return page.rows.map((row) => cardOf(row, page.pictures.filter((picture) => picture.adId === row.ad.id), bookmarked.has(row.ad.id), viewerId));
}

export async function cardsOf(repos: Repositories, rows: readonly AdWithPublisher[], viewerId: number | null): Promise<AdCard[]> {
  const { picturesOf, bookmarked } = await extrasOf(repos, rows, viewerId);
  return rows.map((row) => cardOf(row, picturesOf(row.ad.id), bookmarked.has(row.ad.id), viewerId));
}

export async function detailsOf(repos: Repositories, rows: readonly AdWithPublisher[], viewerId: number | null): Promise<AdDetail[]> {
  const { picturesOf, bookmarked } = await extrasOf(repos, rows, viewerId);
  return rows.map((row) => detailOf(row, picturesOf(row.ad.id), bookmarked.has(row.ad.id), viewerId));
}
