import type { Database } from '../db/connection';
import type { ShopRow } from '../db/schema';

/**
 * Moves a guest's open cart into the account's cart when the guest logs in
 * (issue 5: "an anonymous visitor fills a cart and keeps it through login").
 * Called by the login flow with the guest cookie it saw; the cart area owns the body.
 */
export async function mergeGuestCart(
  _db: Database,
  _shop: ShopRow,
  _guestToken: string | undefined,
  _userId: number,
): Promise<void> {
  // Guest carts do not exist until the cart area adds them; nothing to merge yet.
}
