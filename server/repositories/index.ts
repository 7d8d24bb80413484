import type { Database } from '../db/connection';
import type { ShopRow } from '../db/schema';
import { createBranchRepository } from './branch-repository';
import { createCartRepository } from './cart-repository';
import { createCatalogRepository } from './catalog-repository';
import { createCheckoutRepository } from './checkout-repository';
import { createContentExtraRepository } from './content-extra-repository';
import { createContentRepository } from './content-repository';
import { createFormRepository } from './form-repository';
import type { ReadCache } from './read-cache';
import { cachedBranches, cachedCatalog, cachedContent, cachedContentExtra, type SnapshotSource } from './shop-snapshot';
import { createUploadRepository } from './upload-repository';
import { createUserRepository } from './user-repository';
import { createWalletRepository } from './wallet-repository';

/**
 * Every repository, built for one shop: an unscoped query cannot be written through these.
 * With `cache` (read-only requests; never inside a transaction) the shop's catalog, content and
 * branch reads come from the read cache's snapshot, each falling back to SQL when the cache cannot serve.
 * Each repository is built on first use: a request touches one or two of them.
 */
export function createRepositories(db: Database, shop: ShopRow, cache?: ReadCache | null) {
  const source: SnapshotSource | null = cache ? () => cache.snapshot(shop) : null;
  const once = <T>(build: () => T) => {
    let built: T | undefined;
    return () => (built ??= build());
  };
  const branches = once(() => (source ? cachedBranches(createBranchRepository(db, shop), source) : createBranchRepository(db, shop)));
  const carts = once(() => createCartRepository(db, shop));
  const catalog = once(() => (source ? cachedCatalog(createCatalogRepository(db, shop), source) : createCatalogRepository(db, shop)));
  const checkout = once(() => createCheckoutRepository(db, shop));
  const content = once(() => (source ? cachedContent(createContentRepository(db, shop), source) : createContentRepository(db, shop)));
  const contentExtra = once(() => (source ? cachedContentExtra(createContentExtraRepository(db, shop), source) : createContentExtraRepository(db, shop)));
  const forms = once(() => createFormRepository(db, shop));
  const uploads = once(() => createUploadRepository(db, shop));
  const users = once(() => createUserRepository(db, shop));
  const wallet = once(() => createWalletRepository(db, shop));
  return {
    get branches() {
      return branches();
    },
    get carts() {
      return carts();
    },
    get catalog() {
      return catalog();
    },
    get checkout() {
      return checkout();
    },
    get content() {
      return content();
    },
    get contentExtra() {
      return contentExtra();
    },
    get forms() {
      return forms();
    },
    get uploads() {
      return uploads();
    },
    get users() {
      return users();
    },
    get wallet() {
      return wallet();
    },
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
