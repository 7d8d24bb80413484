import { eq } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { shops, type ShopRow } from '../db/schema';

/** The counter's settings of a shop as stored (contract/rules/counter.ts bounds them). */
export type CounterSettingsRow = Pick<
  ShopRow,
  'paymentWaitMinutes' | 'referralReward' | 'orderSms' | 'staffWalletLimit' | 'staffWalletDayLimit' | 'orderTotalMax'
>;

const columns = {
  paymentWaitMinutes: shops.paymentWaitMinutes,
  referralReward: shops.referralReward,
  orderSms: shops.orderSms,
  staffWalletLimit: shops.staffWalletLimit,
  staffWalletDayLimit: shops.staffWalletDayLimit,
  orderTotalMax: shops.orderTotalMax,
};

/**
 * The counter's settings of the shop, read from its row, never from a cached shop: the owner's change holds for the
 * next request (a staff member's wallet limit), whichever instance answers it.
 */
export function createCounterSettingsRepository(db: Database, shop: ShopRow) {
  return {
    async read(): Promise<CounterSettingsRow> {
      const [row] = await db.select(columns).from(shops).where(eq(shops.id, shop.id));
      return row;
    },
    async write(values: CounterSettingsRow): Promise<CounterSettingsRow> {
      const [row] = await db.update(shops).set(values).where(eq(shops.id, shop.id)).returning(columns);
      return row;
    },
  };
}
