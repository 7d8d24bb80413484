import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { shopGatewayAccounts, type ShopRow } from '../db/schema';

/** A shop's own merchant account at a gateway: read by the gateway adapters only, never answered by any code. */
export function createGatewayAccountRepository(db: Database, shop: ShopRow) {
  return {
    /** The shop's account at `gateway`; null: the shop uses the server's. */
    async account(gateway: string) {
      const [row] = await db
        .select({ merchantId: shopGatewayAccounts.merchantId, secretKey: shopGatewayAccounts.secretKey, webhookSecret: shopGatewayAccounts.webhookSecret })
        .from(shopGatewayAccounts)
        .where(and(eq(shopGatewayAccounts.shopId, shop.id), eq(shopGatewayAccounts.gateway, gateway)));
      return row ?? null;
    },
  };
}
