import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AdFilters } from '@contract/endpoints/ads';
import { MAP_POINTS_MAX, type AdRequest } from '@contract/rules/ads';
import type { AdAction, AdActor, AdStatus } from '@contract/rules/ad-lifecycle';
import type { Database } from '../db/connection';
import { cellsOver, type CellRange } from '../services/ads/map-grid';
import { createAdTotals } from './ad-totals';
import { normalizeDigits } from '@contract/digits';
import { filterConditions, savedFiltersOf } from './ad-filter-match';
import { listingCards, listingIndex } from './ad-listing-index';
import { rowsOf } from './rows-of';
import { adBookmarks, adEvents, adListingChanges, adListingVersions, adMapCells, adPictures, adReports, ads, staff, uploads, users, type AdRow, type ShopRow } from '../db/schema';

/** An ad with what its card and detail show besides its row: the publisher's name (null once deleted). */
export interface AdWithPublisher {
  ad: AdRow;
  publisherName: string | null;
  publisherPhone: string | null;
}

/** An ad's picture as the mappers read it: the upload's id and where its bytes are kept. */
export interface AdPictureRow {
  adId: number;
  uploadId: number;
  pictureKey: string;
  position: number;
}

/** A page of the list as kept for every reader alike: its ads, their pictures, and how many match. */
export interface ListedPage {
  rows: AdWithPublisher[];
  pictures: AdPictureRow[];
  total: number;
}

export interface MapBounds {
  north: number;
  south: number;
  east: number;
  west: number;
}

export interface PageRequest {
  offset: number;
  length: number;
}

/** What an ad's row takes from an ad_object (the mappers' inverse), blurred point included. */
export type AdContent = Omit<typeof ads.$inferInsert, 'id' | 'shopId' | 'code' | 'status' | 'createdAt' | 'updatedAt' | 'statusChangedAt' | 'reports' | 'reason' | 'publishedAt' | 'expiresAt'>;

/** Any constant: with a user's id, the advisory lock of their submissions. */
const PUBLISHER_LOCK = 7_270_031;

/** The price the list sorts by: what a sale or buy costs, else a rent's deposit. */
const sortPrice = sql`coalesce(${ads.totalPrice}, ${ads.deposit})`;

/**
 * Newest first, as the list's indexes hold them: drizzle writes an index's desc() as DESC NULLS LAST, while a query's
 * plain `desc` means NULLS FIRST, an order those indexes cannot give (PostgreSQL scanned and sorted every match).
 */
const newestFirst = [sql`${ads.publishedAt} desc nulls last`, sql`${ads.id} desc nulls last`];

/** A listed ad's pictures in one column of its row, in their order (the first is the cover): one round trip for a page. */
const picturesOfRow = sql<AdPictureRow[]>`(
  select coalesce(json_agg(json_build_object('adId', ${adPictures.adId}, 'uploadId', ${adPictures.uploadId}, 'pictureKey', ${uploads.pictureKey}, 'position', ${adPictures.position}) order by ${adPictures.position}), '[]')
  from ${adPictures} join ${uploads} on ${uploads.id} = ${adPictures.uploadId} where ${adPictures.adId} = ${ads.id})`;

/** The filters the map's counted grid (ad_map_cells) is kept by: request and type, no other. */
const onlyGridFilters = (filters: Partial<AdFilters>) =>
  !filters.city?.trim() &&
  !filters.neighborhood?.trim() &&
  !(filters.q !== undefined && normalizeDigits(filters.q).trim()) &&
  [filters.total_price, filters.deposit, filters.monthly_rent, filters.meterage, filters.rooms, filters.build_year].every((range) => range?.min === undefined && range?.max === undefined);

/**
 * The classified ads of one shop (interface 4, docs/classifieds.md): the list and its filters, the map, one ad,
 * its pictures, bookmarks, reports, history and the moderation queue. Every query names the shop.
 */
export function createAdRepository(db: Database, shop: ShopRow) {
  const ofShop = eq(ads.shopId, shop.id);
  const listed = and(ofShop, eq(ads.status, 'approved'));
  const totals = createAdTotals(db, shop.id);
  /** The filters as a key of kept answers: as they are kept and compared (blanks left out, texts trimmed), the order beside them. */
  const filtersKey = (filters: Partial<AdFilters>, sorted: boolean) => JSON.stringify(sorted ? [savedFiltersOf(filters), filters.sort ?? 'newest'] : savedFiltersOf(filters));
  const totalsKey = (kind: string, filters: Partial<AdFilters>) => `${kind}:${filtersKey(filters, false)}`;

  /** The filters as conditions on published ads (ad-filter-match.ts); `except` leaves one out (the counts beside that filter). */
  function filtered(filters: Partial<AdFilters>, except?: 'request' | 'type'): SQL {
    const { [except ?? 'sort']: _left, ...kept } = filters;
    return and(listed, ...filterConditions(kept))!;
  }

  const withPublisher = { ad: ads, publisherName: users.name, publisherPhone: users.mobile };
  const withPublisherRow = (row: { ad: AdRow; publisherName: string | null; publisherPhone: string | null }): AdWithPublisher => row;

  /** The non-empty cells of `range` as counted ahead by migration 0016's trigger, under the request and type filters. */
  async function countedCells(range: CellRange, filters: Pick<Partial<AdFilters>, 'request' | 'type'>) {
    const ofRange = [
      eq(adMapCells.shopId, shop.id),
      eq(adMapCells.level, range.level),
      gte(adMapCells.cellLat, range.south),
      lte(adMapCells.cellLat, range.north),
      gte(adMapCells.cellLng, range.west),
      lte(adMapCells.cellLng, range.east),
      sql`${adMapCells.ads} > 0`,
      filters.request ? eq(adMapCells.request, filters.request) : undefined,
      filters.type ? eq(adMapCells.type, filters.type) : undefined,
    ];
    const rows = await db
      .select({ count: sql<number>`sum(${adMapCells.ads})`.mapWith(Number), latSum: sql<number>`sum(${adMapCells.latSum})`.mapWith(Number), lngSum: sql<number>`sum(${adMapCells.lngSum})`.mapWith(Number) })
      .from(adMapCells)
      .where(and(...ofRange))
      .groupBy(adMapCells.cellLat, adMapCells.cellLng)
      .orderBy(adMapCells.cellLat, adMapCells.cellLng);
    return rows.map((row) => ({ lat: row.latSum / row.count, lng: row.lngSum / row.count, count: row.count }));
  }

  /** The non-empty cells of `range` counted from the published ads matching `filters`, as the trigger counts them. */
  async function cellsOfAds(range: CellRange, filters: Partial<AdFilters>) {
    // The size as a literal (a number's shortest form reads back as the same double): GROUP BY and ORDER BY must be
    // the same expression, which two parameters are not.
    const size = sql.raw(`${range.size}::double precision`);
    const cellLat = sql`floor(${ads.shownLat} / ${size})`;
    const cellLng = sql`floor(${ads.shownLng} / ${size})`;
    // The cells' edges, a cell wider for the index; the exact cells are the floor's.
    const where = and(
      filtered(filters),
      gte(ads.shownLat, (range.south - 1) * range.size),
      lte(ads.shownLat, (range.north + 2) * range.size),
      gte(ads.shownLng, (range.west - 1) * range.size),
      lte(ads.shownLng, (range.east + 2) * range.size),
      sql`${cellLat} between ${range.south} and ${range.north}`,
      sql`${cellLng} between ${range.west} and ${range.east}`,
    );
    const rows = await db
      .select({ count: count(), latSum: sql<number>`sum(${ads.shownLat})`.mapWith(Number), lngSum: sql<number>`sum(${ads.shownLng})`.mapWith(Number) })
      .from(ads)
      .where(where)
      .groupBy(cellLat, cellLng)
      .orderBy(cellLat, cellLng);
    return rows.map((row) => ({ lat: row.latSum / Number(row.count), lng: row.lngSum / Number(row.count), count: Number(row.count) }));
  }

  /** The map's answer read from the tables (inBounds keeps it). */
  async function readBounds(bounds: MapBounds, filters: Partial<AdFilters>) {
    const where = and(filtered(filters), gte(ads.shownLat, bounds.south), lte(ads.shownLat, bounds.north), gte(ads.shownLng, bounds.west), lte(ads.shownLng, bounds.east));
    // One past MAP_POINTS_MAX in the index's order, sorted here: a whole city's view stops at MAP_POINTS_MAX + 1.
    const found = await db
      .select({ id: ads.id, lat: ads.shownLat, lng: ads.shownLng, title: ads.title, request: ads.request, price: sortPrice.mapWith(Number), publishedAt: ads.publishedAt })
      .from(ads)
      .where(where)
      .limit(MAP_POINTS_MAX + 1);
    if (found.length <= MAP_POINTS_MAX) {
      const newest = found.sort((a, b) => (b.publishedAt?.getTime() ?? 0) - (a.publishedAt?.getTime() ?? 0) || b.id - a.id);
      return { total: found.length, points: newest.map(({ publishedAt: _, ...point }) => ({ ...point, price: point.price === null ? null : Number(point.price) })), clusters: [] };
    }
    const cells = cellsOver(bounds);
    const clusters = onlyGridFilters(filters) ? await countedCells(cells, filters) : await cellsOfAds(cells, filters);
    return { total: clusters.reduce((sum, cluster) => sum + cluster.count, 0), points: [], clusters };
  }

  /**
   * The ads `ids` with their publishers and pictures, in that order (a page the listing index chose): the cards the
   * index keeps, the others read by id and kept.
   */
  async function rowsByIds(ids: number[]): Promise<Omit<ListedPage, 'total'>> {
    if (ids.length === 0) return { rows: [], pictures: [] };
    const cards = listingCards<{ row: AdWithPublisher; pictures: AdPictureRow[] }>(db, shop.id);
    // Taken before the read below: an update of the index meanwhile may drop a card this page was counted with.
    const page = new Map(ids.flatMap((id) => { const card = cards.get(id); return card ? [[id, card] as const] : []; }));
    const missing = ids.filter((id) => !page.has(id));
    if (missing.length > 0) {
      const found = await db
        .select({ ...withPublisher, pictures: picturesOfRow })
        .from(ads)
        .leftJoin(users, eq(users.id, ads.userId))
        .where(and(ofShop, inArray(ads.id, missing)));
      for (const { pictures, ...row } of found) {
        const card = { row: withPublisherRow(row), pictures };
        page.set(row.ad.id, card);
        cards.keep(row.ad.id, card);
      }
    }
    const shown = ids.flatMap((id) => page.get(id) ?? []);
    return { rows: shown.map((card) => card.row), pictures: shown.flatMap((card) => card.pictures) };
  }

  /** A page's statement (tests/server/ads-listing.test.ts reads its plan). */
  function pageQuery(filters: Partial<AdFilters>, { offset, length }: PageRequest) {
    const order =
      filters.sort === 'price_asc'
        ? [sql`${sortPrice} asc nulls last`, desc(ads.id)]
        : filters.sort === 'price_desc'
          ? [sql`${sortPrice} desc nulls last`, desc(ads.id)]
          : newestFirst;
    return db
      .select({ ...withPublisher, pictures: picturesOfRow })
      .from(ads)
      .leftJoin(users, eq(users.id, ads.userId))
      .where(filtered(filters))
      .orderBy(...order)
      .limit(length)
      .offset(offset);
  }

  return {
    pageQuery,

    /**
     * A page of published ads matching `filters`, in its sort, its ads' pictures, and how many match: kept per version
     * of the list and the filters as they are compared (what differs per reader, their bookmarks and own points, is
     * not in it: ad-mappers.ts adds it).
     */
    async page(filters: Partial<AdFilters>, { offset, length }: PageRequest): Promise<ListedPage> {
      const version = await totals.version();
      return totals.at(
        version,
        `page:${filtersKey(filters, true)}:${offset}:${length}`,
        async () => {
          // The listing index answers which ads and how many (a search in the texts is the database's: the index holds no texts).
          const saved = savedFiltersOf(filters);
          const index = saved.q === undefined ? await listingIndex(db, shop.id, version) : null;
          if (index) {
            const { ids, total } = index.page(saved, filters.sort ?? 'newest', offset, length);
            return { ...(await rowsByIds(ids)), total };
          }
          const rows = await pageQuery(filters, { offset, length });
          const pictures = rows.flatMap(({ pictures }) => pictures);
          const listed = rows.map(({ pictures: _, ...row }) => withPublisherRow(row));
          // A page short of its length is the last one: it tells the total itself.
          const total =
            rows.length > 0 && rows.length < length
              ? offset + rows.length
              : await totals.at(version, totalsKey('total', filters), async () => {
                  const [row] = await db.select({ total: count() }).from(ads).where(filtered(filters));
                  return Number(row.total);
                });
          return { rows: listed, pictures, total };
        },
        'replies',
      );
    },

    /** How many published ads each request and each type has, under the other filters (counted once per version of the list). */
    async counts(filters: Partial<AdFilters>): Promise<{ request: Record<string, number>; type: Record<string, number> }> {
      const version = await totals.version();
      return totals.at(version, totalsKey('counts', filters), async () => {
        const { request: requestFilter, type: typeFilter, ...others } = savedFiltersOf(filters);
        const index = others.q === undefined ? await listingIndex(db, shop.id, version) : null;
        if (index) {
          return { request: index.countBy(typeFilter === undefined ? others : { ...others, type: typeFilter }, 'request'), type: index.countBy(requestFilter === undefined ? others : { ...others, request: requestFilter }, 'type') };
        }
        const [byRequest, byType] = await Promise.all([
          db.select({ key: ads.request, total: count() }).from(ads).where(filtered(filters, 'request')).groupBy(ads.request),
          db.select({ key: ads.type, total: count() }).from(ads).where(filtered(filters, 'type')).groupBy(ads.type),
        ]);
        return {
          request: Object.fromEntries(byRequest.map((row) => [row.key, Number(row.total)])),
          type: Object.fromEntries(byType.map((row) => [row.key, Number(row.total)])),
        };
      });
    },

    /**
     * The published ads whose shown point is inside `bounds`: as points up to MAP_POINTS_MAX (read only that far),
     * else as the clusters of the grid's cells meeting the bounds (services/ads/map-grid.ts), each at its ads' mean
     * point, the total their sum. Under the request and type filters alone the cells are read as counted ahead
     * (ad_map_cells); under any other filter they are counted from the matching ads.
     */
    async inBounds(bounds: MapBounds, filters: Partial<AdFilters>) {
      const version = await totals.version();
      const key = `map:${filtersKey(filters, false)}:${bounds.north},${bounds.south},${bounds.east},${bounds.west}`;
      return totals.at(
        version,
        key,
        async () => {
          // The listing index answers as the tables would (a search in the texts is the tables').
          const saved = savedFiltersOf(filters);
          const index = saved.q === undefined ? await listingIndex(db, shop.id, version) : null;
          if (!index) return readBounds(bounds, filters);
          const points = index.points(saved, bounds, MAP_POINTS_MAX);
          // The index keeps the request as it reads it from the row, one of AdRequest's.
          if (points) return { total: points.length, points: points.map((point) => ({ ...point, request: point.request as AdRequest })), clusters: [] };
          const clusters = index.cells(saved, cellsOver(bounds));
          return { total: clusters.reduce((sum, cluster) => sum + cluster.count, 0), points: [], clusters };
        },
        'replies',
      );
    },

    countedCells,
    cellsOfAds,

    /** One ad of this shop with its publisher, in any status; `lock` holds its row to the end of the transaction. */
    async byId(adId: number, lock = false): Promise<AdWithPublisher | null> {
      const query = db.select(withPublisher).from(ads).leftJoin(users, eq(users.id, ads.userId)).where(and(ofShop, eq(ads.id, adId)));
      const [row] = lock ? await query.for('update', { of: ads }) : await query;
      return row ? withPublisherRow(row) : null;
    },

    /** The pictures of these ads in their order (the first of each is its cover). */
    async pictures(adIds: readonly number[]): Promise<AdPictureRow[]> {
      if (adIds.length === 0) return [];
      return db
        .select({ adId: adPictures.adId, uploadId: adPictures.uploadId, pictureKey: uploads.pictureKey, position: adPictures.position })
        .from(adPictures)
        .innerJoin(uploads, eq(uploads.id, adPictures.uploadId))
        .where(inArray(adPictures.adId, [...adIds]))
        .orderBy(asc(adPictures.adId), asc(adPictures.position));
    },

    /** Of `uploadIds`, those that are `userId`'s own ad pictures at this shop's root. */
    async ownAdPictures(userId: number, uploadIds: readonly number[]): Promise<number[]> {
      if (uploadIds.length === 0) return [];
      const rows = await db
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.shopId, shop.rootId ?? shop.id), eq(uploads.userId, userId), eq(uploads.kind, 'ad_picture'), inArray(uploads.id, [...uploadIds])));
      return rows.map((row) => row.id);
    },

    /** Holds a publisher's submissions to the end of the transaction: the daily count and the duplicate check see each other's. */
    async lockPublisher(userId: number): Promise<void> {
      await db.execute(sql`select pg_advisory_xact_lock(${PUBLISHER_LOCK}, ${userId})`);
    },

    /** A new ad id (its code is made from it before the row is written). */
    async nextId(): Promise<number> {
      const [row] = rowsOf<{ id: number | string }>(await db.execute(sql`select nextval(pg_get_serial_sequence('ads', 'id')) as id`));
      return Number(row.id);
    },

    async insert(id: number, code: string, content: AdContent, at: Date): Promise<AdRow> {
      const [row] = await db.insert(ads).values({ ...content, id, code, shopId: shop.id, status: 'awaiting', statusChangedAt: at, createdAt: at, updatedAt: at }).returning();
      return row;
    },

    async updateContent(adId: number, content: Partial<AdContent>, at: Date): Promise<AdRow> {
      const [row] = await db.update(ads).set({ ...content, updatedAt: at }).where(and(ofShop, eq(ads.id, adId))).returning();
      return row;
    },

    /** The ad's pictures become `uploadIds`, in that order. */
    async setPictures(adId: number, uploadIds: readonly number[]): Promise<void> {
      await db.delete(adPictures).where(eq(adPictures.adId, adId));
      if (uploadIds.length > 0) await db.insert(adPictures).values(uploadIds.map((uploadId, position) => ({ adId, uploadId, position })));
    },

    /** Writes a status change's columns (the change itself was checked by services/ads/ad-change.ts). */
    async setStatus(adId: number, change: { status: AdStatus; reason: string | null; at: Date; publishedAt?: Date | null; expiresAt?: Date | null; reports?: number }): Promise<AdRow> {
      const [row] = await db
        .update(ads)
        .set({
          status: change.status,
          reason: change.reason,
          statusChangedAt: change.at,
          updatedAt: change.at,
          ...(change.publishedAt !== undefined ? { publishedAt: change.publishedAt } : {}),
          ...(change.expiresAt !== undefined ? { expiresAt: change.expiresAt } : {}),
          ...(change.reports !== undefined ? { reports: change.reports } : {}),
        })
        .where(and(ofShop, eq(ads.id, adId)))
        .returning();
      return row;
    },

    async addEvent(event: { adId: number; action: AdAction | 'submit'; from: AdStatus | null; to: AdStatus; actor: AdActor; staffId?: number | null; reason?: string | null; at: Date }): Promise<void> {
      await db.insert(adEvents).values({ adId: event.adId, action: event.action, fromStatus: event.from, toStatus: event.to, actor: event.actor, staffId: event.staffId ?? null, reason: event.reason ?? null, at: event.at });
    },

    /** An ad's history, oldest first, with the staff member's name. */
    async history(adId: number) {
      return db
        .select({ action: adEvents.action, from: adEvents.fromStatus, to: adEvents.toStatus, by: adEvents.actor, staffName: staff.name, reason: adEvents.reason, at: adEvents.at })
        .from(adEvents)
        .leftJoin(staff, eq(staff.id, adEvents.staffId))
        .where(eq(adEvents.adId, adId))
        .orderBy(asc(adEvents.id));
    },

    /** Submissions (new ads and edits) of `userId`'s at this shop since `since`: ADS_PER_DAY counts them. */
    async submittedSince(userId: number, since: Date): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(adEvents)
        .innerJoin(ads, eq(ads.id, adEvents.adId))
        .where(and(ofShop, eq(ads.userId, userId), eq(adEvents.actor, 'publisher'), inArray(adEvents.action, ['submit', 'edit']), gte(adEvents.at, since)));
      return Number(row.total);
    },

    /** Whether another live ad of this publisher has the title at the place (the unique index's question, asked first for a clear refusal). */
    async duplicateOf(userId: number, place: { title: string; city: string; neighborhood: string }, exceptId?: number): Promise<boolean> {
      const conditions = [ofShop, eq(ads.userId, userId), eq(ads.title, place.title), eq(ads.city, place.city), eq(ads.neighborhood, place.neighborhood), sql`${ads.status} <> 'deleted'`];
      if (exceptId !== undefined) conditions.push(sql`${ads.id} <> ${exceptId}`);
      const [row] = await db.select({ id: ads.id }).from(ads).where(and(...conditions)).limit(1);
      return row !== undefined;
    },

    /** `userId`'s ads in every status but deleted, newest first. */
    async mine(userId: number, { offset, length }: PageRequest): Promise<{ rows: AdWithPublisher[]; total: number }> {
      const where = and(ofShop, eq(ads.userId, userId), sql`${ads.status} <> 'deleted'`);
      const [rows, [totals]] = await Promise.all([
        db.select(withPublisher).from(ads).leftJoin(users, eq(users.id, ads.userId)).where(where).orderBy(sql`${ads.id} desc nulls last`).limit(length).offset(offset),
        db.select({ total: count() }).from(ads).where(where),
      ]);
      return { rows: rows.map(withPublisherRow), total: Number(totals.total) };
    },

    /**
     * A publisher's name is on the list's cards, which are kept per version of the list and per changed ad: their new
     * name grows the version of each shop listing one of their ads and logs those ads as changed at it (as the
     * trigger does for a change of the ads themselves), so every instance reads their cards again.
     */
    async publisherRenamed(userId: number): Promise<void> {
      await db.execute(sql`
        with grown as (
          update ${adListingVersions} set version = version + 1
          where ${adListingVersions.shopId} in (select ${ads.shopId} from ${ads} where ${ads.userId} = ${userId} and ${ads.status} = 'approved')
          returning ${adListingVersions.shopId} as shop_id, ${adListingVersions.version} as version
        )
        insert into ${adListingChanges} (shop_id, version, ad_id)
        select grown.shop_id, grown.version, ${ads.id} from grown join ${ads} on ${ads.shopId} = grown.shop_id
        where ${ads.userId} = ${userId} and ${ads.status} = 'approved'
        on conflict do nothing`);
    },

    /** Of `adIds`, those `userId` bookmarked. */
    async bookmarkedOf(userId: number, adIds: readonly number[]): Promise<Set<number>> {
      if (adIds.length === 0) return new Set();
      const rows = await db.select({ adId: adBookmarks.adId }).from(adBookmarks).where(and(eq(adBookmarks.userId, userId), inArray(adBookmarks.adId, [...adIds])));
      return new Set(rows.map((row) => row.adId));
    },

    async addBookmark(userId: number, adId: number, at: Date): Promise<void> {
      await db.insert(adBookmarks).values({ userId, adId, createdAt: at }).onConflictDoNothing();
    },

    async removeBookmark(userId: number, adId: number): Promise<void> {
      await db.delete(adBookmarks).where(and(eq(adBookmarks.userId, userId), eq(adBookmarks.adId, adId)));
    },

    /** `userId`'s bookmarked ads still published, newest bookmark first. */
    async bookmarks(userId: number, { offset, length }: PageRequest): Promise<{ rows: AdWithPublisher[]; total: number }> {
      const where = and(listed, eq(adBookmarks.userId, userId));
      const [rows, [totals]] = await Promise.all([
        db
          .select(withPublisher)
          .from(adBookmarks)
          .innerJoin(ads, eq(ads.id, adBookmarks.adId))
          .leftJoin(users, eq(users.id, ads.userId))
          .where(where)
          .orderBy(desc(adBookmarks.createdAt), desc(adBookmarks.adId))
          .limit(length)
          .offset(offset),
        db.select({ total: count() }).from(adBookmarks).innerJoin(ads, eq(ads.id, adBookmarks.adId)).where(where),
      ]);
      return { rows: rows.map(withPublisherRow), total: Number(totals.total) };
    },

    /** Records a report; false when this user already reported this ad. */
    async addReport(adId: number, userId: number, reason: string, at: Date): Promise<boolean> {
      const rows = await db.insert(adReports).values({ adId, userId, reason, createdAt: at }).onConflictDoNothing().returning({ id: adReports.id });
      return rows.length === 1;
    },

    /** The ad's count of distinct reports since it was last approved. */
    async setReports(adId: number, reports: number): Promise<void> {
      await db.update(ads).set({ reports }).where(and(ofShop, eq(ads.id, adId)));
    },

    async reportsSince(userId: number, since: Date): Promise<number> {
      const [row] = await db.select({ total: count() }).from(adReports).where(and(eq(adReports.userId, userId), gte(adReports.createdAt, since)));
      return Number(row.total);
    },

    /** The reports of an ad, newest first (the queue shows them; the reporters stay unnamed). */
    async reportsOf(adId: number) {
      return db.select({ reason: adReports.reason, at: adReports.createdAt }).from(adReports).where(eq(adReports.adId, adId)).orderBy(desc(adReports.id));
    },

    /** The moderation queue: ads in `statuses`, oldest change first. */
    async queue(statuses: readonly AdStatus[], { offset, length }: PageRequest): Promise<{ rows: AdWithPublisher[]; total: number }> {
      const where = and(ofShop, inArray(ads.status, [...statuses]));
      const [rows, [totals]] = await Promise.all([
        db.select(withPublisher).from(ads).leftJoin(users, eq(users.id, ads.userId)).where(where).orderBy(asc(ads.statusChangedAt), asc(ads.id)).limit(length).offset(offset),
        db.select({ total: count() }).from(ads).where(where),
      ]);
      return { rows: rows.map(withPublisherRow), total: Number(totals.total) };
    },

    async queuedCount(statuses: readonly AdStatus[]): Promise<number> {
      const [row] = await db.select({ total: count() }).from(ads).where(and(ofShop, inArray(ads.status, [...statuses])));
      return Number(row.total);
    },
  };
}

export type AdRepository = ReturnType<typeof createAdRepository>;
