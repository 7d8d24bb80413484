import type { Database } from '../db/connection';
import type { ShopRow } from '../db/schema';
import { createBranchRepository } from './branch-repository';
import { createCartRepository } from './cart-repository';
import { createCatalogRepository } from './catalog-repository';
import { createCheckoutRepository } from './checkout-repository';
import { createContentExtraRepository } from './content-extra-repository';
import { createContentRepository } from './content-repository';
import type { ReadCache } from './read-cache';
import { cachedBranches, cachedCatalog, cachedContent, cachedContentExtra, type SnapshotSource } from './shop-snapshot';
import { createUserRepository } from './user-repository';
import { createWalletRepository } from './wallet-repository';

/**
 * Every repository, built for one shop: an unscoped query cannot be written through these.
 * With `cache` (read-only requests; never inside a transaction) the shop's catalog, content and
 * branch reads come from the read cache's snapshot, each falling back to SQL when the cache cannot serve.
 */
export function createRepositories(db: Database, shop: ShopRow, cache?: ReadCache | null) {
  const branches = createBranchRepository(db, shop);
  const catalog = createCatalogRepository(db, shop);
  const content = createContentRepository(db, shop);
  const contentExtra = createContentExtraRepository(db, shop);
  const source: SnapshotSource | null = cache ? () => cache.snapshot(shop) : null;
  return {
    branches: source ? cachedBranches(branches, source) : branches,
    carts: createCartRepository(db, shop),
    catalog: source ? cachedCatalog(catalog, source) : catalog,
    checkout: createCheckoutRepository(db, shop),
    content: source ? cachedContent(content, source) : content,
    contentExtra: source ? cachedContentExtra(contentExtra, source) : contentExtra,
    users: createUserRepository(db, shop),
    wallet: createWalletRepository(db, shop),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
