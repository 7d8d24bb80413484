import { eq } from 'drizzle-orm';
import { Interface } from '@contract/enums';
import type { Database } from '../db/connection';
import { checkoutSettings, discountCodes, shops } from '../db/schema';

/** Checkout rules of demo shops by slug (others use the defaults: no minimum, no promos). */
const settingsBySlug: Record<string, Partial<typeof checkoutSettings.$inferInsert>> = {
  kebab: { minOrder: 1_000_000, freeFirstShipping: 1, onlineDiscountPercent: 5, taxPercent: 9, packagingCost: 150_000 },
  grocery: { minOrder: 500_000, freeFirstShipping: 1 },
  skincare: { onlineDiscountPercent: 5, paymentTypes: ['online', 'money_transfer', 'wallet'] },
  nuts: { taxPercent: 9 },
  'chain-tehran': { onlineDiscountPercent: 5, freeFirstShipping: 1 },
  'chain-isfahan': { onlineDiscountPercent: 5 },
};

/**
 * Opening hours (Tehran time) of demo shops; a shop left out keeps what its seed file says.
 * The grocery hypermarket has none: it is open around the clock, so its 'now' orders (and the checkout e2e) work at any hour.
 */
const hoursBySlug: Record<string, { opensAt: string; closesAt: string }> = {
  nuts: { opensAt: '09:00', closesAt: '21:00' },
  'chain-tehran': { opensAt: '10:00', closesAt: '02:00' },
  'chain-isfahan': { opensAt: '10:00', closesAt: '23:00' },
};

/** The demo discount codes every ordering shop gets (see docs/checkout.md). */
export const demoDiscountCodes = [
  { code: 'WELCOME10', kind: 'percent', value: 10, maxAmount: 1_000_000, minOrder: 0 },
  { code: 'FIXED50', kind: 'fixed', value: 500_000, minOrder: 5_000_000 },
  { code: 'EXPIRED20', kind: 'percent', value: 20, expiresAt: new Date('2024-01-01T00:00:00Z') },
  { code: 'LIMITED5', kind: 'percent', value: 15, totalLimit: 5 },
  { code: 'FIRST15', kind: 'percent', value: 15, firstOrderOnly: 1 },
  { code: 'ONCE20', kind: 'percent', value: 20, perUserLimit: 1 },
] as const satisfies readonly Omit<typeof discountCodes.$inferInsert, 'shopId'>[];

/** Discount codes, checkout settings and hours of the demo shops (runs inside the seed transaction). */
export async function seedCheckout(tx: Database): Promise<void> {
  const rows = await tx.select({ id: shops.id, slug: shops.slug, masterFlag: shops.masterFlag, interfaceId: shops.interfaceId }).from(shops);
  for (const shop of rows) {
    // Masters only list branches and classifieds take no orders.
    if (shop.masterFlag === 1 || shop.interfaceId === Interface.classifieds) continue;
    await tx.insert(discountCodes).values(demoDiscountCodes.map((code) => ({ ...code, shopId: shop.id })));
    const settings = settingsBySlug[shop.slug];
    if (settings) await tx.insert(checkoutSettings).values({ ...settings, shopId: shop.id });
    const hours = hoursBySlug[shop.slug];
    if (hours) await tx.update(shops).set(hours).where(eq(shops.id, shop.id));
  }
}
