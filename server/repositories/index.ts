import type { Database } from '../db/connection';
import type { ShopRow } from '../db/schema';
import { createBranchRepository } from './branch-repository';
import { createCartRepository } from './cart-repository';
import { createCatalogRepository } from './catalog-repository';
import { createCheckoutRepository } from './checkout-repository';
import { createContentExtraRepository } from './content-extra-repository';
import { createContentRepository } from './content-repository';
import { createUserRepository } from './user-repository';
import { createWalletRepository } from './wallet-repository';

/** Every repository, built for one shop: an unscoped query cannot be written through these. */
export function createRepositories(db: Database, shop: ShopRow) {
  return {
    branches: createBranchRepository(db, shop),
    carts: createCartRepository(db, shop),
    catalog: createCatalogRepository(db, shop),
    checkout: createCheckoutRepository(db, shop),
    content: createContentRepository(db, shop),
    contentExtra: createContentExtraRepository(db, shop),
    users: createUserRepository(db, shop),
    wallet: createWalletRepository(db, shop),
  };
}
export type Repositories = ReturnType<typeof createRepositories>;
