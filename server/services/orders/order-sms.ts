import { normalizeMobile } from '@contract/phone';
import { SHOP_TIME_ZONE } from '@contract/rules/delivery-time';
import type { OrderAction } from '@contract/rules/order-lifecycle';
import type { ShopRow } from '../../db/schema';
import { translate } from '../../i18n/messages';
import type { Repositories } from '../../repositories';
import type { NewJob } from '../../repositories/jobs-repository';
import { newOrderSmsJob, smsSendJob } from '../sms/sms-job-keys';
import type { SmsMessage } from '../sms/sms-provider';

/** A confirm's "ready at" in the SMS: the Tehran day and time in the Persian calendar ('۱۷ آذر ساعت ۱۲:۳۰'). */
const smsWhen = (at: Date): string =>
  new Intl.DateTimeFormat('fa-IR-u-ca-persian', { timeZone: SHOP_TIME_ZONE, month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

/**
 * The customer's SMS of a change (docs/orders.md): on confirm and on send, when the shop sends them (`order_sms`); null
 * for any other. A confirm with minutes says them (order_confirmed); one "ready for the scheduled time" says that day
 * and time (order_confirmed_for): minutes counted to a pre-order days away would read as nonsense. Scheduled as a job
 * in the change's transaction, so it leaves only if the change commits, and a provider that fails changes nothing (the
 * job tries again; the customer sees the change live anyway). In Persian, the spec's language: the customer's own
 * language is not kept on the account.
 */
export function orderSmsJob(
  shop: ShopRow,
  change: { orderId: number; action: OrderAction; mobile: string | null; trackingCode: string; readyIn: number | null; readyAt?: Date | null },
  now: Date,
): NewJob | null {
  if (!shop.orderSms || !change.mobile || (change.action !== 'confirm' && change.action !== 'send')) return null;
  const values = { code: change.trackingCode, shop: shop.name };
  const message = ((): Pick<SmsMessage, 'template' | 'text' | 'params'> => {
    if (change.action === 'send') return { template: 'order_sent', text: translate('fa', 'order_sms_sent', values), params: { CODE: values.code, SHOP: shop.name } };
    if (change.readyIn === null && change.readyAt) {
      const time = smsWhen(change.readyAt);
      return { template: 'order_confirmed_for', text: translate('fa', 'order_sms_confirmed_for', { ...values, time }), params: { CODE: values.code, TIME: time, SHOP: shop.name } };
    }
    const minutes = change.readyIn ?? 0;
    return { template: 'order_confirmed', text: translate('fa', 'order_sms_confirmed', { ...values, minutes }), params: { CODE: values.code, MINUTES: String(minutes), SHOP: shop.name } };
  })();
  return smsSendJob(`order:${change.orderId}:${change.action}`, { to: change.mobile, ...message }, now);
}

/** The owner's SMS of a new order placed at `shop`, when its phone is a mobile (sms-jobs.ts sends it where a template is set). */
export async function scheduleNewOrderSms(repos: Repositories, shop: ShopRow, orderId: number, now: Date): Promise<void> {
  if (normalizeMobile(shop.phone) === null) return;
  await repos.jobs.schedule(newOrderSmsJob({ shopId: shop.id, orderId }, now));
}
