import { is, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database } from '../db/connection';
import { LISTING_CHANGES_KEPT } from '@contract/rules/ads';
import { adListingChanges, adListingVersions } from '../db/schema';
import { BYTES_PER_ROW, ListedColumns, type ListedFields } from './ad-listing-columns';
import { rowsOf } from './rows-of';

/*
 * Per shop, its published ads' filterable fields in memory (ad-listing-columns.ts), brought up to date when the shop's
 * listing version (ad_listing_versions, grown by migration 0016's trigger) moved: the first read of each filter
 * combination after a change is then a pass over arrays, not a count in the database. docs/classifieds.md, "The
 * listing index".
 *
 * Staying exact: the ads are held per bucket of 2^BUCKET_SHIFT consecutive ids, and a changed bucket is read again
 * whole by primary key. Which buckets changed since the version held comes from ad_listing_changes (migration 0018's
 * trigger writes each version's ad ids in the change's own transaction, whoever writes: the app, a job, a seed, psql),
 * read in the same statement as the version, so the index it leaves is at least as new as the version it read.
 * The first read, and an index more than LISTING_CHANGES_KEPT versions behind, compare instead every bucket's count
 * and checksum of its rows' ids and xmin (the transaction that wrote that version of the row) with what is held.
 */

/** Ids per checksummed bucket: a change reads at most this many rows again. */
const BUCKET_SHIFT = 8;
/**
 * Bytes of arrays held over all shops and database handles (209 a row, capacity doubling as a shop grows: 26 MiB for
 * 100,000 ads): the least recently read shops leave first. A shop that would take more than half is not held.
 */
export const LISTING_INDEX_BYTES_MAX = 96 * 2 ** 20;

/** How long a shop found too large to hold is answered by the tables before it is counted again. */
const OVERSIZE_RECHECK_MS = 10 * 60_000;

interface ShopIndex {
  columns: ListedColumns;
  /** the listing version it is at least as new as (-1: never read) */
  version: number;
  /** per bucket: the rows held (slots), their count and the sum of their rows' hashes */
  buckets: Map<number, { slots: number[]; hash: number }>;
  syncing: Promise<void> | null;
  /** when it was found listing more ads than half of LISTING_INDEX_BYTES_MAX holds (not held, the tables answer), else null */
  oversizeAt: number | null;
  /** statements and time spent bringing it up to date (bench:ads, tests) */
  syncs: number;
  rowsRead: number;
  syncMs: number;
  lastMs: number | null;
  lastRows: number;
  /** times every bucket was compared (the first read, or too far behind for the change log) */
  checks: number;
  /** reads it answered */
  answers: number;
  /** the listed ads' cards read by id (ad-repository.ts rowsByIds), dropped with their bucket when it changes */
  cards: Map<number, unknown>;
}

const indexes = new WeakMap<Database, Map<number, ShopIndex>>();
/** Every held index, least recently read first (the bound is over all of them). */
const recency = new Map<ShopIndex, { db: Database; shopId: number }>();

export const listingChecksums = (shopId: number) => sql`
  with v as (select coalesce((select ${adListingVersions.version} from ${adListingVersions} where ${adListingVersions.shopId} = ${shopId}), 0) as version)
  select v.version::text as version, b.bucket, b.rows, b.hash::text as hash
  from v left join (
    select id >> ${sql.raw(String(BUCKET_SHIFT))} as bucket, count(*)::int as rows, sum(hashint8((id::bigint << 32) | xmin::text::bigint)) as hash
    from ads where shop_id = ${shopId} and status = 'approved' group by 1
  ) b on true`;

/** The version and the buckets of the ads changed after version `held` (one snapshot: every change up to the version). */
export const listingChangedBuckets = (shopId: number, held: number) => sql`
  with v as (select coalesce((select ${adListingVersions.version} from ${adListingVersions} where ${adListingVersions.shopId} = ${shopId}), 0) as version)
  select v.version::text as version, c.bucket
  from v left join (
    select distinct ${adListingChanges.adId} >> ${sql.raw(String(BUCKET_SHIFT))} as bucket from ${adListingChanges}
    where ${adListingChanges.shopId} = ${shopId} and ${adListingChanges.version} > ${held}
  ) c on true`;

/** The listed ads of `buckets` with each row's hash (as `checksums` sums it). */
export const listingBucketRows = (shopId: number, buckets: number[]) => sql`
  select a.id, a.request, a.type, a.city, a.neighborhood, a.total_price::float8 as total_price, a.deposit::float8 as deposit,
         a.monthly_rent::float8 as monthly_rent, a.meterage::float8 as meterage, a.rooms::float8 as rooms, a.build_year::float8 as build_year,
         (extract(epoch from a.published_at) * 1000000)::float8 as published_at, a.shown_lat, a.shown_lng, a.title,
         hashint8((a.id::bigint << 32) | a.xmin::text::bigint) as hash
  from unnest(${`{${buckets.join(',')}}`}::int[]) as b(bucket)
  join ads a on a.id between b.bucket << ${sql.raw(String(BUCKET_SHIFT))} and ((b.bucket + 1) << ${sql.raw(String(BUCKET_SHIFT))}) - 1
  where a.shop_id = ${shopId} and a.status = 'approved'`;

interface ReadRow {
  id: number;
  request: string;
  type: string;
  city: string;
  neighborhood: string;
  total_price: number | null;
  deposit: number | null;
  monthly_rent: number | null;
  meterage: number;
  rooms: number | null;
  build_year: number | null;
  published_at: number | null;
  shown_lat: number;
  shown_lng: number;
  title: string;
  hash: number;
}

const fieldsOf = (row: ReadRow): ListedFields => ({
  id: row.id,
  request: row.request,
  type: row.type,
  city: row.city,
  neighborhood: row.neighborhood,
  totalPrice: row.total_price,
  deposit: row.deposit,
  monthlyRent: row.monthly_rent,
  meterage: row.meterage,
  rooms: row.rooms,
  buildYear: row.build_year,
  publishedAt: row.published_at,
  lat: row.shown_lat,
  lng: row.shown_lng,
  title: row.title,
});

/** What changed since the version `index` holds: the buckets to read again, from the change log when it reaches back so far. */
async function changedBuckets(db: Database, shopId: number, index: ShopIndex): Promise<{ version: number; changed: number[]; gone: number[] } | null> {
  // Never read, or found too large last time (nothing is held): every bucket is compared.
  if (index.version < 0 || index.oversizeAt !== null) return null;
  const read = rowsOf<{ version: string; bucket: number | null }>(await db.execute(listingChangedBuckets(shopId, index.version)));
  const version = Number(read[0]?.version ?? 0);
  // Versions older than the last LISTING_CHANGES_KEPT have left the log: compare every bucket instead.
  if (version - index.version > LISTING_CHANGES_KEPT) return null;
  return { version, changed: read.flatMap((row) => (row.bucket === null ? [] : [row.bucket])), gone: [] };
}

/** Brings `index` up to the version its first statement reads. */
async function sync(db: Database, shopId: number, index: ShopIndex) {
  const started = performance.now();
  const logged = await changedBuckets(db, shopId, index);
  const { version, changed, gone } = logged ?? (await checksummedBuckets(db, shopId, index));
  if (index.oversizeAt !== null) {
    index.columns = new ListedColumns();
    index.buckets.clear();
    index.cards.clear();
    index.version = version;
    index.syncs += 1;
    return;
  }
  const rows = changed.length ? rowsOf<ReadRow>(await db.execute(listingBucketRows(shopId, changed))) : [];
  const { columns, buckets } = index;
  for (const bucket of [...changed, ...gone]) {
    for (const slot of buckets.get(bucket)?.slots ?? []) columns.remove(slot);
    buckets.delete(bucket);
    for (let id = bucket << BUCKET_SHIFT; id < (bucket + 1) << BUCKET_SHIFT; id++) index.cards.delete(id);
  }
  const moved = columns.compact();
  if (moved) for (const held of buckets.values()) held.slots = held.slots.map((slot) => moved[slot]);
  // Many rows at once (the first read, a bulk write) are sorted together; a few are each put in place.
  const many = rows.length > 1_000;
  for (const row of rows) {
    const bucket = row.id >> BUCKET_SHIFT;
    let held = buckets.get(bucket);
    if (!held) buckets.set(bucket, (held = { slots: [], hash: 0 }));
    const slot = columns.add(fieldsOf(row));
    held.slots.push(slot);
    held.hash += Number(row.hash);
    if (!many) columns.place(slot);
  }
  if (many) columns.order();
  index.version = version;
  index.syncs += 1;
  index.rowsRead += rows.length;
  index.lastMs = performance.now() - started;
  index.lastRows = rows.length;
  index.syncMs += index.lastMs;
}

/** What changed, by comparing every bucket's count and checksum with what is held (the first read, or far behind). */
async function checksummedBuckets(db: Database, shopId: number, index: ShopIndex) {
  index.checks += 1;
  const sums = rowsOf<{ version: string; bucket: number | null; rows: number | null; hash: string | null }>(await db.execute(listingChecksums(shopId)));
  const version = Number(sums[0]?.version ?? 0);
  const listed = sums.reduce((total, sum) => total + (sum.rows ?? 0), 0);
  // At its capacity (up to twice its rows), within half of the bound.
  index.oversizeAt = 2 * listed * BYTES_PER_ROW > LISTING_INDEX_BYTES_MAX / 2 ? Date.now() : null;
  const changed: number[] = [];
  const present = new Set<number>();
  for (const sum of sums) {
    if (sum.bucket === null) continue;
    present.add(sum.bucket);
    const held = index.buckets.get(sum.bucket);
    if (!held || held.slots.length !== sum.rows || held.hash !== Number(sum.hash)) changed.push(sum.bucket);
  }
  const gone = [...index.buckets.keys()].filter((bucket) => !present.has(bucket));
  return { version, changed, gone };
}

/** What an index holds: its arrays at their capacity and its cards. */
const heldBytes = (index: ShopIndex) => index.columns.bytes + index.cards.size * CARD_BYTES;

/** Evicts the least recently read indexes until the bytes held are within LISTING_INDEX_BYTES_MAX. */
function bound() {
  let bytes = 0;
  for (const index of recency.keys()) bytes += heldBytes(index);
  for (const [index, { db, shopId }] of recency) {
    if (bytes <= LISTING_INDEX_BYTES_MAX) break;
    bytes -= heldBytes(index);
    recency.delete(index);
    indexes.get(db)?.delete(shopId);
  }
}

/**
 * The shop's listing index at `version` or newer, brought up to date first when it is older; null inside a
 * transaction (what it reads may never commit: the caller reads the tables), for a shop listing more than
 * half of LISTING_INDEX_BYTES_MAX, and while the shop's first read of all its ads is under way (seconds for 100,000: the
 * tables answer meanwhile, unless `wait`). Readers at once share one update: one that started before the caller's
 * version was read is waited for, then another runs if still needed.
 */
export async function listingIndex(db: Database, shopId: number, version: number, { wait = false } = {}): Promise<ListedColumns | null> {
  if (is(db, PgTransaction)) return null;
  let shops = indexes.get(db);
  if (!shops) indexes.set(db, (shops = new Map()));
  let index = shops.get(shopId);
  if (!index) {
    shops.set(shopId, (index = { columns: new ListedColumns(), version: -1, buckets: new Map(), syncing: null, oversizeAt: null, syncs: 0, checks: 0, rowsRead: 0, syncMs: 0, lastMs: null, lastRows: 0, answers: 0, cards: new Map() }));
  }
  // Too large to hold: asked again after a while (it may have shrunk), not on every change.
  if (index.oversizeAt !== null && Date.now() - index.oversizeAt < OVERSIZE_RECHECK_MS) return null;
  recency.delete(index);
  recency.set(index, { db, shopId });
  const update = (current: ShopIndex) => {
    const running = sync(db, shopId, current).finally(() => {
      if (current.syncing === running) current.syncing = null;
    });
    current.syncing = running;
    return running;
  };
  if (index.version < 0 && !wait) {
    // Its first read runs on its own; a failure leaves it unread, for the next request to try again.
    if (!index.syncing) update(index).catch(() => undefined);
    return null;
  }
  while (index.version < version) await (index.syncing ?? update(index));
  if (index.oversizeAt !== null) return null;
  index.answers += 1;
  bound();
  return index.columns;
}

/**
 * The cards of a shop's listed ads kept beside its index, so a page the index chose is read from memory: a card is
 * dropped when its ad's bucket changes (any change of a listed ad, by the change log or the checksums). One read by
 * id is kept only if no update of the index ran while it was read (else it may predate a change already applied).
 */
export function listingCards<Card>(db: Database, shopId: number) {
  const index = indexes.get(db)?.get(shopId);
  const syncs = index?.syncs;
  return {
    get: (id: number): Card | undefined => index?.cards.get(id) as Card | undefined,
    keep(id: number, card: Card) {
      if (!index || index.syncs !== syncs || index.syncing || index.cards.size >= CARDS_MAX) return;
      index.cards.set(id, card);
    },
  };
}

/** Cards kept per shop at most, and the bytes one is counted as against LISTING_INDEX_BYTES_MAX (an ad's row with its comment, its publisher and its pictures). */
const CARDS_MAX = 5_000;
const CARD_BYTES = 2_048;

/** What the indexes of `db` hold and cost (bench:ads, tests). */
export function listingIndexStats(db: Database) {
  let rows = 0;
  let bytes = 0;
  let syncs = 0;
  let checks = 0;
  let rowsRead = 0;
  let syncMs = 0;
  let lastMs: number | null = null;
  let lastRows = 0;
  let answers = 0;
  let cards = 0;
  for (const index of indexes.get(db)?.values() ?? []) {
    answers += index.answers;
    cards += index.cards.size;
    lastMs = index.lastMs;
    lastRows = index.lastRows;
    rows += index.columns.size;
    bytes += index.columns.bytes;
    syncs += index.syncs;
    checks += index.checks;
    rowsRead += index.rowsRead;
    syncMs += index.syncMs;
  }
  return { rows, bytes, syncs, checks, rowsRead, syncMs, lastMs, lastRows, answers, cards };
}
