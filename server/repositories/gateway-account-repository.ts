import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { shopGatewayAccounts, type ShopRow } from '../db/schema';

/**
 * A shop's own merchant account at a gateway (shop_gateway_accounts). Read only by the gateways' adapters, which send
 * it to the bank: no answer of any code carries it.
 */
export function createGatewayAccountRepository(db: Database, shop: ShopRow) {
  return {
    /** The shop's account at `gateway`, or null (the server's own account is used). */
    async of(gateway: string) {
      const [row] = await db
        .select({ merchantId: shopGatewayAccounts.merchantId, secretKey: shopGatewayAccounts.secretKey, webhookSecret: shopGatewayAccounts.webhookSecret })
        .from(shopGatewayAccounts)
        .where(and(eq(shopGatewayAccounts.shopId, shop.id), eq(shopGatewayAccounts.gateway, gateway)));
      return row ?? null;
    },
  };
}
