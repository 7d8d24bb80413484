import type { OrderAction } from '@contract/rules/order-lifecycle';
import type { ShopRow } from '../../db/schema';
import { translate } from '../../i18n/messages';
import type { SmsProvider } from '../sms';

/**
 * The customer's SMS of a committed change (docs/orders.md): on confirm (with the minutes) and on send, when the shop
 * sends them (`order_sms`). Sent after the commit, so a provider that fails changes nothing: the change stands and the
 * customer still sees it live. In Persian, the spec's language: the customer's own language is not kept on the account.
 */
export async function sendOrderSms(sms: SmsProvider, shop: ShopRow, change: { action: OrderAction; mobile: string | null; trackingCode: string; readyIn: number | null }): Promise<boolean> {
  if (!shop.orderSms || !change.mobile || (change.action !== 'confirm' && change.action !== 'send')) return false;
  const text =
    change.action === 'confirm'
      ? translate('fa', 'order_sms_confirmed', { code: change.trackingCode, shop: shop.name, minutes: change.readyIn ?? 0 })
      : translate('fa', 'order_sms_sent', { code: change.trackingCode, shop: shop.name });
  try {
    await sms.send({ to: change.mobile, text });
    return true;
  } catch {
    // The provider could not take it: the order's change is committed and shown live; an SMS is a courtesy.
    return false;
  }
}
