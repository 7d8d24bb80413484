import type { ItemSort } from '@contract/entities/catalog';
import { ItemType } from '@contract/enums';
import { searchWords } from '@contract/search';
import type { Database } from '../db/connection';
import type { ItemRow, ShopRow } from '../db/schema';
import { createBranchRepository } from './branch-repository';
import { createCatalogRepository, type ItemFilter, type ListedItemRow } from './catalog-repository';
import { createContentExtraRepository } from './content-extra-repository';
import { createContentRepository } from './content-repository';
import { shopDirectory } from './shop-directory';

type CatalogRepository = ReturnType<typeof createCatalogRepository>;
type ContentRepository = ReturnType<typeof createContentRepository>;
type ContentExtraRepository = ReturnType<typeof createContentExtraRepository>;
type BranchRepository = ReturnType<typeof createBranchRepository>;
type OptionRow = Awaited<ReturnType<CatalogRepository['allOptions']>>[number];
type TreeRow = Awaited<ReturnType<CatalogRepository['tree']>>[number];

/**
 * Everything customers read of one shop, as the SQL repositories return it: loaded in one read-only
 * REPEATABLE READ transaction, frozen (requests share it), and queried in memory with the same
 * filters and orders as the SQL (tests/server/read-cache.test.ts compares every combination).
 */
export interface ShopSnapshot {
  shopId: number;
  /** this load's number, unique in the process: what a kept reply remembers of it (not the snapshot itself) */
  serial: number;
  /** the shop was a master when loaded: its branches are listed, and any shop's change may change them */
  master: boolean;
  /** every item of the shop, any type */
  byId: ReadonlyMap<number, ListedItemRow>;
  /** folders (type 2) by sort, id */
  folders: readonly ListedItemRow[];
  /** folders by parent folder id, each list by sort, id */
  foldersByParent: ReadonlyMap<number, readonly ListedItemRow[]>;
  /** products (type 1) in the `default` order: folder, sort, id */
  products: readonly ListedItemRow[];
  /** a product's name and description folded as the SQL folds them for search */
  searchable: ReadonlyMap<number, string>;
  /** products directly in a folder, by folder id */
  productCounts: ReadonlyMap<number, number>;
  options: ReadonlyMap<number, readonly OptionRow[]>;
  branches: readonly ShopRow[];
  slides: Awaited<ReturnType<ContentRepository['slides']>>;
  banners: Awaited<ReturnType<ContentRepository['banners']>>;
  /** magazine posts newest first, in the database's order (timestamps finer than a JS Date) */
  posts: Awaited<ReturnType<ContentExtraRepository['allPosts']>>;
  gallery: Awaited<ReturnType<ContentExtraRepository['gallery']>>;
  /** about how much memory the rows take (their JSON length in UTF-16) */
  bytes: number;
}

/** Freezes rows, lists and the values of maps, so a handler that changed a shared row would fail loudly. */
function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value) || value instanceof Date) return value;
  Object.freeze(value);
  const inner = value instanceof Map ? value.values() : Object.values(value);
  for (const child of inner) deepFreeze(child);
  return value;
}

const byNumbers = (...keys: ((row: ListedItemRow) => number)[]) => (a: ListedItemRow, b: ListedItemRow) => {
  for (const key of keys) {
    const difference = key(a) - key(b);
    if (difference !== 0) return difference;
  }
  return 0;
};
const folderOrder = byNumbers((row) => row.sort, (row) => row.id);

let loadsStarted = 0;

/** Reads one shop's snapshot through the SQL repositories (so the rows are exactly theirs). */
export async function loadShopSnapshot(db: Database, asked: ShopRow): Promise<ShopSnapshot> {
  const serial = ++loadsStarted;
  return db.transaction(
    async (tx) => {
      // The shop's row as of this transaction, not the caller's: a request may hold a row read before a change
      // (a master flag since set), and what it loads here is kept for everyone.
      const shop = (await shopDirectory.findById(tx, asked.id)) ?? asked;
      const catalog = createCatalogRepository(tx, shop);
      const content = createContentRepository(tx, shop);
      const extra = createContentExtraRepository(tx, shop);
      // One connection: the statements run one after another either way.
      const rows = await catalog.allRows();
      const optionRows = await catalog.allOptions();
      const branches = await createBranchRepository(tx, shop).list();
      const slides = await content.slides();
      const banners = await content.banners();
      const posts = await extra.allPosts();
      const gallery = await extra.gallery();

      const byId = new Map<number, ListedItemRow>();
      const searchable = new Map<number, string>();
      for (const { searchable: text, ...row } of rows) {
        byId.set(row.id, row);
        if (row.type === ItemType.product) searchable.set(row.id, text);
      }
      const all = [...byId.values()];
      const folders = all.filter((row) => row.type === ItemType.folder).sort(folderOrder);
      const products = all.filter((row) => row.type === ItemType.product).sort(byNumbers((row) => row.folderId, (row) => row.sort, (row) => row.id));
      const foldersByParent = new Map<number, ListedItemRow[]>();
      for (const folder of folders) foldersByParent.set(folder.folderId, [...(foldersByParent.get(folder.folderId) ?? []), folder]);
      const productCounts = new Map<number, number>();
      for (const product of products) productCounts.set(product.folderId, (productCounts.get(product.folderId) ?? 0) + 1);
      const options = new Map<number, OptionRow[]>();
      for (const option of optionRows) options.set(option.itemId, [...(options.get(option.itemId) ?? []), option]);

      const bytes = 2 * JSON.stringify([rows, optionRows, branches, slides, banners, posts, gallery]).length;
      return deepFreeze({ shopId: shop.id, serial, master: shop.masterFlag === 1, byId, folders, foldersByParent, products, searchable, productCounts, options, branches, slides, banners, posts, gallery, bytes });
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The folder ids a recursive list covers: the folder itself and every folder below it. */
function folderTree(snapshot: ShopSnapshot, rootId: number): Set<number> {
  const tree = new Set<number>([rootId]);
  const queue = [rootId];
  while (queue.length > 0) {
    for (const child of snapshot.foldersByParent.get(queue.pop()!) ?? []) {
      if (!tree.has(child.id)) {
        tree.add(child.id);
        queue.push(child.id);
      }
    }
  }
  return tree;
}

/** catalog-repository's `list` on the snapshot; `popularity` is read live for best_selling (sales and visits are not cached). */
export function listFromSnapshot(
  snapshot: ShopSnapshot,
  filter: ItemFilter,
  sort: ItemSort,
  page: { offset: number; limit: number },
  popularity?: ReadonlyMap<number, { sold: number; visits: number }>,
): { rows: ListedItemRow[]; total: number } {
  const folders = filter.recursive && filter.folderId !== 0 ? folderTree(snapshot, filter.folderId) : null;
  const words = searchWords(filter.name ?? '');
  const matches = snapshot.products.filter(
    (row) =>
      (filter.recursive ? folders === null || folders.has(row.folderId) : row.folderId === filter.folderId) &&
      (filter.fromPrice === undefined || row.price >= filter.fromPrice) &&
      (filter.toPrice === undefined || row.price <= filter.toPrice) &&
      words.every((word) => snapshot.searchable.get(row.id)!.includes(word)),
  );
  const id = (row: ListedItemRow) => row.id;
  switch (sort) {
    case 'default':
      break; // products are kept in this order
    case 'newest':
      matches.sort(byNumbers((row) => -row.id));
      break;
    case 'price_up':
      matches.sort(byNumbers((row) => row.price, id));
      break;
    case 'price_down':
      matches.sort(byNumbers((row) => -row.price, id));
      break;
    case 'best_selling': {
      const of = (row: ListedItemRow) => popularity?.get(row.id) ?? { sold: 0, visits: 0 };
      matches.sort(byNumbers((row) => -of(row).sold, (row) => -of(row).visits, (row) => row.sort, id));
      break;
    }
  }
  return { rows: matches.slice(page.offset, page.offset + page.limit), total: matches.length };
}

/** catalog-repository's `tree` on the snapshot. */
function treeFromSnapshot(snapshot: ShopSnapshot, rootId: number): TreeRow[] {
  const out: TreeRow[] = [];
  const seen = new Set<number>();
  const walk = (parent: number, depth: number) => {
    for (const row of snapshot.foldersByParent.get(parent) ?? []) {
      // Folders are a tree; the check only guards against a corrupt cycle.
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      out.push({ id: row.id, folderId: row.folderId, name: row.name, nameEn: row.nameEn, itemCount: snapshot.productCounts.get(row.id) ?? 0, depth });
      walk(row.id, depth + 1);
    }
  };
  walk(rootId, 0);
  return out;
}

/** A getter of the shop's snapshot; null = read through SQL (the cache is not usable right now). */
export type SnapshotSource = () => Promise<ShopSnapshot | null>;

/** The catalog repository reading the snapshot when there is one, else its own SQL. */
export function cachedCatalog(sql: CatalogRepository, source: SnapshotSource): CatalogRepository {
  const product = (snapshot: ShopSnapshot, id: number) => {
    const row = snapshot.byId.get(id);
    return row && row.type === ItemType.product ? row : null;
  };
  const node = (snapshot: ShopSnapshot, id: number) => {
    const row = snapshot.byId.get(id);
    return row && row.type !== ItemType.hidden ? row : null;
  };
  return {
    ...sql,
    async folders() {
      const snapshot = await source();
      return snapshot ? [...snapshot.folders] : sql.folders();
    },
    async folder(id) {
      const snapshot = await source();
      if (!snapshot) return sql.folder(id);
      const row = snapshot.byId.get(id);
      return row && row.type === ItemType.folder ? row : null;
    },
    async subfolders(folderId) {
      const snapshot = await source();
      return snapshot ? [...(snapshot.foldersByParent.get(folderId) ?? [])] : sql.subfolders(folderId);
    },
    async list(filter, sort, page) {
      const snapshot = await source();
      if (!snapshot) return sql.list(filter, sort, page);
      return listFromSnapshot(snapshot, filter, sort, page, sort === 'best_selling' ? await sql.popularity() : undefined);
    },
    async product(id) {
      const snapshot = await source();
      return snapshot ? product(snapshot, id) : sql.product(id);
    },
    async node(id) {
      const snapshot = await source();
      return snapshot ? node(snapshot, id) : sql.node(id);
    },
    async productsByIds(ids) {
      const snapshot = await source();
      return snapshot ? ids.flatMap((id) => product(snapshot, id) ?? []) : sql.productsByIds(ids);
    },
    async breadcrumb(id) {
      const snapshot = await source();
      if (!snapshot) return sql.breadcrumb(id);
      const path: ItemRow[] = [];
      let current = node(snapshot, id);
      while (current && path.length < 32) {
        path.unshift(current);
        current = current.folderId === 0 ? null : node(snapshot, current.folderId);
      }
      return path;
    },
    async options(itemId) {
      const snapshot = await source();
      return snapshot ? [...(snapshot.options.get(itemId) ?? [])] : sql.options(itemId);
    },
    async newest(limit) {
      const snapshot = await source();
      return snapshot ? [...snapshot.products].sort(byNumbers((row) => -row.id)).slice(0, limit) : sql.newest(limit);
    },
    async tree(folderId) {
      const snapshot = await source();
      return snapshot ? treeFromSnapshot(snapshot, folderId) : sql.tree(folderId);
    },
  };
}

/** Slides and banners from the snapshot; media bodies stay in SQL (they are served with a year of HTTP caching). */
export function cachedContent(sql: ContentRepository, source: SnapshotSource): ContentRepository {
  return {
    ...sql,
    async slides() {
      const snapshot = await source();
      return snapshot ? [...snapshot.slides] : sql.slides();
    },
    async banners() {
      const snapshot = await source();
      return snapshot ? [...snapshot.banners] : sql.banners();
    },
  };
}

/** Magazine and gallery from the snapshot; contact messages are writes. */
export function cachedContentExtra(sql: ContentExtraRepository, source: SnapshotSource): ContentExtraRepository {
  return {
    ...sql,
    async magazinePage(page) {
      const snapshot = await source();
      if (!snapshot) return sql.magazinePage(page);
      const posts = page.categoryId === undefined ? snapshot.posts : snapshot.posts.filter((post) => post.categoryId === page.categoryId);
      return { rows: posts.slice(page.offset, page.offset + page.limit), total: posts.length };
    },
    async allPosts() {
      const snapshot = await source();
      return snapshot ? [...snapshot.posts] : sql.allPosts();
    },
    async magazinePost(id) {
      const snapshot = await source();
      return snapshot ? (snapshot.posts.find((post) => post.id === id) ?? null) : sql.magazinePost(id);
    },
    async gallery() {
      const snapshot = await source();
      return snapshot ? [...snapshot.gallery] : sql.gallery();
    },
  };
}

/** The branch list from the snapshot. */
export function cachedBranches(sql: BranchRepository, source: SnapshotSource): BranchRepository {
  return {
    async list() {
      const snapshot = await source();
      return snapshot ? [...snapshot.branches] : sql.list();
    },
  };
}
