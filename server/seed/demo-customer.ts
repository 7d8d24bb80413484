import { eq } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { shops, users, walletTransactions } from '../db/schema';

/** The demo customer of the grocery shop (README, demo section): logs in by SMS like anyone else. */
export const DEMO_CUSTOMER = { shopSlug: 'grocery', phone: '09129990001', name: 'مشتری نمونه', walletRial: 3_000_000, giftRial: 500_000 } as const;

/** Seeds the demo customer with wallet credit and a discount bag, so a checkout can pay part of an order from either. */
export async function seedDemoCustomer(tx: Database): Promise<void> {
  const [shop] = await tx.select({ id: shops.id, rootId: shops.rootId }).from(shops).where(eq(shops.slug, DEMO_CUSTOMER.shopSlug));
  if (!shop) return;
  const rootId = shop.rootId ?? shop.id;
  const [user] = await tx.insert(users).values({ rootId, mobile: DEMO_CUSTOMER.phone, name: DEMO_CUSTOMER.name }).returning({ id: users.id });
  // An 'admin' credit: the ledger row is the balance (wallet_transactions sums to it).
  await tx.insert(walletTransactions).values({ rootId, userId: user.id, operation: 'admin', amount: DEMO_CUSTOMER.walletRial });
  await tx.insert(walletTransactions).values({ rootId, userId: user.id, operation: 'admin', amount: DEMO_CUSTOMER.giftRial, kind: 'gift' });
}
