import { and, asc, desc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { ItemSort } from '@contract/entities/catalog';
import { ItemType } from '@contract/enums';
import { SEARCH_FOLD_FROM, SEARCH_FOLD_TO, searchWords } from '@contract/search';
import type { Database } from '../db/connection';
import { itemOptions, items, itemVisits, users, type ItemRow, type ShopRow } from '../db/schema';

/** Order status from which an order counts as sold (3 active, above archived). */
const SOLD_FROM_STATUS = 3;

export interface ItemFilter {
  /** folder whose products are listed; 0 = the top */
  folderId: number;
  /** also products of every folder below */
  recursive: boolean;
  name?: string;
  fromPrice?: number;
  toPrice?: number;
}

export type ListedItemRow = ItemRow & { hasOptions: boolean };

/** Items and folders of one shop. */
export function createCatalogRepository(db: Database, shop: ShopRow) {
  const ownItem = eq(items.shopId, shop.id);
  const products = and(ownItem, eq(items.type, ItemType.product));

  // Stored text folded the way contract/search.ts folds the query.
  const searchable = sql`translate(lower(${items.name} || ' ' || ${items.nameEn} || ' ' || ${items.description} || ' ' || ${items.descriptionEn}), ${SEARCH_FOLD_FROM}, ${SEARCH_FOLD_TO})`;

  const folderTree = (rootId: number) => sql`(
    with recursive tree(id) as (
      select ${rootId}::int
      union all
      select child.id from items child join tree on child.folder_id = tree.id
      where child.shop_id = ${shop.id} and child.type = ${ItemType.folder}
    ) select id from tree)`;

  // Subqueries name the outer row explicitly: drizzle writes a bare "id" inside sql``, which the inner table would capture.
  const outerId = sql.raw('"items"."id"');
  const sold = sql<number>`coalesce((
    select sum(line.item_count) from order_items line
    join orders placed on placed.id = line.order_id
    where line.item_id = ${outerId} and line.shop_id = ${shop.id} and placed.shop_id = ${shop.id} and placed.status >= ${SOLD_FROM_STATUS}
  ), 0)::int`;
  const visits = sql<number>`coalesce((select seen.visits from item_visits seen where seen.item_id = ${outerId} and seen.shop_id = ${shop.id}), 0)::int`;
  const hasOptions = sql<boolean>`exists (select 1 from item_options extra where extra.item_id = ${outerId} and extra.shop_id = ${shop.id})`;

  function filterWhere(filter: ItemFilter): SQL | undefined {
    const conditions: (SQL | undefined)[] = [products];
    // Everything under the top is every product of the shop: no tree walk needed.
    if (!filter.recursive) conditions.push(eq(items.folderId, filter.folderId));
    else if (filter.folderId !== 0) conditions.push(sql`${items.folderId} in ${folderTree(filter.folderId)}`);
    for (const word of searchWords(filter.name ?? '')) conditions.push(sql`position(${word} in ${searchable}) > 0`);
    if (filter.fromPrice !== undefined) conditions.push(gte(items.price, filter.fromPrice));
    if (filter.toPrice !== undefined) conditions.push(lte(items.price, filter.toPrice));
    return and(...conditions);
  }

  const orderFor = (sort: ItemSort): SQL[] => {
    switch (sort) {
      case 'newest':
        return [desc(items.id)];
      case 'price_up':
        return [asc(items.price), asc(items.id)];
      case 'price_down':
        return [desc(items.price), asc(items.id)];
      case 'best_selling':
        return [desc(sold), desc(visits), asc(items.sort), asc(items.id)];
      case 'default':
        return [asc(items.folderId), asc(items.sort), asc(items.id)];
    }
  };

  const listed = { item: items, hasOptions };
  const flatten = (rows: { item: ItemRow; hasOptions: boolean }[]): ListedItemRow[] => rows.map((row) => ({ ...row.item, hasOptions: row.hasOptions }));

  return {
    /** Every folder (type 2) of the shop, flat, by sort then id. */
    async folders(): Promise<Pick<ItemRow, 'id' | 'folderId' | 'name' | 'nameEn' | 'pictureMediaId' | 'bgColor' | 'sort'>[]> {
      return db
        .select({
          id: items.id,
          folderId: items.folderId,
          name: items.name,
          nameEn: items.nameEn,
          pictureMediaId: items.pictureMediaId,
          bgColor: items.bgColor,
          sort: items.sort,
        })
        .from(items)
        .where(and(ownItem, eq(items.type, ItemType.folder)))
        .orderBy(asc(items.sort), asc(items.id));
    },

    /** A folder of this shop, or null (also for a product or another shop's id). */
    async folder(id: number): Promise<ItemRow | null> {
      const [row] = await db.select().from(items).where(and(ownItem, eq(items.id, id), eq(items.type, ItemType.folder))).limit(1);
      return row ?? null;
    },

    /** The direct subfolders of a folder. */
    subfolders(folderId: number): Promise<ItemRow[]> {
      return db.select().from(items).where(and(ownItem, eq(items.type, ItemType.folder), eq(items.folderId, folderId))).orderBy(asc(items.sort), asc(items.id));
    },

    /** One page of products matching `filter`, and how many match in all. */
    async list(filter: ItemFilter, sort: ItemSort, page: { offset: number; limit: number }): Promise<{ rows: ListedItemRow[]; total: number }> {
      const where = filterWhere(filter);
      // One round trip: the window count rides along with the page; only a page past the end needs its own count.
      const rows = await db
        .select({ ...listed, total: sql<number>`(count(*) over ())::int` })
        .from(items)
        .where(where)
        .orderBy(...orderFor(sort))
        .offset(page.offset)
        .limit(page.limit);
      if (rows.length > 0) return { rows: flatten(rows), total: rows[0].total };
      const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(items).where(where);
      return { rows: [], total };
    },

    /** A product of this shop (type 1; never a folder or type 12), or null. */
    async product(id: number): Promise<ListedItemRow | null> {
      const rows = await db.select(listed).from(items).where(and(products, eq(items.id, id))).limit(1);
      return flatten(rows)[0] ?? null;
    },

    /** Any item of this shop (folder or product, not type 12), or null. */
    async node(id: number): Promise<ItemRow | null> {
      const [row] = await db.select().from(items).where(and(ownItem, eq(items.id, id), ne(items.type, ItemType.hidden))).limit(1);
      return row ?? null;
    },

    /** Products by id (for favorites), in the given order, skipping ids not of this shop. */
    async productsByIds(ids: number[]): Promise<ListedItemRow[]> {
      if (ids.length === 0) return [];
      const rows = flatten(await db.select(listed).from(items).where(and(products, inArray(items.id, ids))));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },

    /** The path from the top folder down to `id`, itself last. */
    async breadcrumb(id: number): Promise<ItemRow[]> {
      const path: ItemRow[] = [];
      let current = await this.node(id);
      // Folders are a tree; the bound only guards against a corrupt cycle.
      while (current && path.length < 32) {
        path.unshift(current);
        current = current.folderId === 0 ? null : await this.node(current.folderId);
      }
      return path;
    },

    /** The options of a product, by sort. */
    async options(itemId: number) {
      return db.select().from(itemOptions).where(and(eq(itemOptions.shopId, shop.id), eq(itemOptions.itemId, itemId))).orderBy(asc(itemOptions.step), asc(itemOptions.sort), asc(itemOptions.id));
    },

    /** Counts one visit of a product and returns its visits. */
    async addVisit(itemId: number): Promise<number> {
      const [row] = await db
        .insert(itemVisits)
        .values({ shopId: shop.id, itemId, visits: 1 })
        .onConflictDoUpdate({ target: [itemVisits.shopId, itemVisits.itemId], set: { visits: sql.raw(`"item_visits"."visits" + 1`) } })
        .returning({ visits: itemVisits.visits });
      return row.visits;
    },

    /** The product's counted visits (0 before the first). */
    async visits(itemId: number): Promise<number> {
      const [row] = await db.select({ visits: itemVisits.visits }).from(itemVisits).where(and(eq(itemVisits.shopId, shop.id), eq(itemVisits.itemId, itemId)));
      return row?.visits ?? 0;
    },

    /** Products by units sold in orders of status 3 or more, then visits. */
    async bestSellers(limit: number): Promise<ListedItemRow[]> {
      return flatten(await db.select(listed).from(items).where(products).orderBy(...orderFor('best_selling')).limit(limit));
    },

    /** The newest products. */
    async newest(limit: number): Promise<ListedItemRow[]> {
      return flatten(await db.select(listed).from(items).where(products).orderBy(desc(items.id)).limit(limit));
    },

    /** Products under a folder (recursive) with units sold, most sold first. */
    async sellsList(folderId: number, limit: number): Promise<(ListedItemRow & { sold: number })[]> {
      const rows = await db
        .select({ ...listed, sold })
        .from(items)
        .where(filterWhere({ folderId, recursive: true }))
        .orderBy(desc(sold), asc(items.sort), asc(items.id))
        .limit(limit);
      return rows.map((row) => ({ ...row.item, hasOptions: row.hasOptions, sold: row.sold }));
    },

    /** Folders under `folderId`, depth first, with their direct product counts. */
    async tree(folderId: number): Promise<{ id: number; folderId: number; name: string; nameEn: string; depth: number; itemCount: number }[]> {
      const all = await db
        .select({
          id: items.id,
          folderId: items.folderId,
          name: items.name,
          nameEn: items.nameEn,
          itemCount: sql<number>`(select count(*) from items p where p.shop_id = ${shop.id} and p.folder_id = ${outerId} and p.type = ${ItemType.product})::int`,
        })
        .from(items)
        .where(and(ownItem, eq(items.type, ItemType.folder)))
        .orderBy(asc(items.sort), asc(items.id));
      const children = new Map<number, typeof all>();
      for (const row of all) children.set(row.folderId, [...(children.get(row.folderId) ?? []), row]);
      const out: (typeof all[number] & { depth: number })[] = [];
      const walk = (parent: number, depth: number) => {
        for (const row of children.get(parent) ?? []) {
          out.push({ ...row, depth });
          walk(row.id, depth + 1);
        }
      };
      walk(folderId, 0);
      return out;
    },

    /** Every item of the shop (any type) with `hasOptions` and its search text folded as `list` folds it: the read cache's rows. */
    async allRows(): Promise<(ListedItemRow & { searchable: string })[]> {
      const rows = await db.select({ ...listed, searchable: sql<string>`${searchable}` }).from(items).where(ownItem);
      return rows.map((row) => ({ ...row.item, hasOptions: row.hasOptions, searchable: row.searchable }));
    },

    /** Every option of the shop's items, by step, sort and id. */
    async allOptions() {
      return db.select().from(itemOptions).where(eq(itemOptions.shopId, shop.id)).orderBy(asc(itemOptions.step), asc(itemOptions.sort), asc(itemOptions.id));
    },

    /** Units sold and visits of every product (the best_selling order), by product id. */
    async popularity(): Promise<Map<number, { sold: number; visits: number }>> {
      const rows = await db.select({ id: items.id, sold, visits }).from(items).where(products);
      return new Map(rows.map((row) => [row.id, { sold: row.sold, visits: row.visits }]));
    },

    /** Marks or unmarks a favorite of a user of this shop's root; returns the new list. */
    async toggleFavorite(userId: number, itemId: number): Promise<number[]> {
      const rootId = shop.rootId ?? shop.id;
      return db.transaction(async (tx) => {
        const [user] = await tx.select({ favorites: users.favorites }).from(users).where(and(eq(users.id, userId), eq(users.rootId, rootId))).for('update');
        const current = user?.favorites ?? [];
        const next = current.includes(itemId) ? current.filter((id) => id !== itemId) : [...current, itemId];
        await tx.update(users).set({ favorites: next }).where(and(eq(users.id, userId), eq(users.rootId, rootId)));
        return next;
      });
    },
  };
}
