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

type Built<T extends keyof RepositoryBuilders> = ReturnType<RepositoryBuilders[T]>;

interface RepositoryBuilders {
  branches: typeof createBranchRepository;
  carts: typeof createCartRepository;
  catalog: typeof createCatalogRepository;
  checkout: typeof createCheckoutRepository;
  content: typeof createContentRepository;
  contentExtra: typeof createContentExtraRepository;
  forms: typeof createFormRepository;
  uploads: typeof createUploadRepository;
  users: typeof createUserRepository;
  wallet: typeof createWalletRepository;
}

/**
 * Every repository of one shop, each built on first use: a request touches one or two of them.
 * A class, so that making one per request allocates one object and no closures (the getters live
 * on the prototype).
 */
class ShopRepositories {
  #branches?: Built<'branches'>;
  #carts?: Built<'carts'>;
  #catalog?: Built<'catalog'>;
  #checkout?: Built<'checkout'>;
  #content?: Built<'content'>;
  #contentExtra?: Built<'contentExtra'>;
  #forms?: Built<'forms'>;
  #uploads?: Built<'uploads'>;
  #users?: Built<'users'>;
  #wallet?: Built<'wallet'>;
  #source: SnapshotSource | null | undefined;

  constructor(
    private readonly db: Database,
    private readonly shop: ShopRow,
    private readonly cache: ReadCache | null,
  ) {}

  /** The snapshot getter the cached repositories read through; null without a cache. */
  get #snapshots(): SnapshotSource | null {
    if (this.#source === undefined) {
      const { cache, shop } = this;
      this.#source = cache ? () => cache.snapshot(shop) : null;
    }
    return this.#source;
  }

  /** `sql` as it is, or read through the shop's snapshot by `cached` when there is a read cache. */
  #readThrough<R>(sql: R, cached: (sql: R, source: SnapshotSource) => R): R {
    const source = this.#snapshots;
    return source ? cached(sql, source) : sql;
  }

  get branches() {
    return (this.#branches ??= this.#readThrough(createBranchRepository(this.db, this.shop), cachedBranches));
  }
  get carts() {
    return (this.#carts ??= createCartRepository(this.db, this.shop));
  }
  get catalog() {
    return (this.#catalog ??= this.#readThrough(createCatalogRepository(this.db, this.shop), cachedCatalog));
  }
  get checkout() {
    return (this.#checkout ??= createCheckoutRepository(this.db, this.shop));
  }
  get content() {
    return (this.#content ??= this.#readThrough(createContentRepository(this.db, this.shop), cachedContent));
  }
  get contentExtra() {
    return (this.#contentExtra ??= this.#readThrough(createContentExtraRepository(this.db, this.shop), cachedContentExtra));
  }
  get forms() {
    return (this.#forms ??= createFormRepository(this.db, this.shop));
  }
  get uploads() {
    return (this.#uploads ??= createUploadRepository(this.db, this.shop));
  }
  get users() {
    return (this.#users ??= createUserRepository(this.db, this.shop));
  }
  get wallet() {
    return (this.#wallet ??= createWalletRepository(this.db, this.shop));
  }
}

/**
 * Every repository, built for one shop: an unscoped query cannot be written through these.
 * With `cache` (read-only requests; never inside a transaction) the shop's catalog, content and
 * branch reads come from the read cache's snapshot, each falling back to SQL when the cache cannot serve.
 */
export function createRepositories(db: Database, shop: ShopRow, cache?: ReadCache | null): Repositories {
  return new ShopRepositories(db, shop, cache ?? null);
}

/** The repositories of one shop (createRepositories). */
export type Repositories = Pick<ShopRepositories, keyof ShopRepositories>;
