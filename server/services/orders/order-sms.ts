import { normalizeMobile } from '@contract/phone';
import type { OrderAction } from '@contract/rules/order-lifecycle';
import type { ShopRow } from '../../db/schema';
import { translate } from '../../i18n/messages';
import type { Repositories } from '../../repositories';
import type { NewJob } from '../../repositories/jobs-repository';
import { newOrderSmsJob, smsSendJob } from '../sms/sms-job-keys';
import type { SmsMessage } from '../sms/sms-provider';

/**
 * The customer's SMS of a change (docs/orders.md): on confirm (with the minutes) and on send, when the shop sends them
 * (`order_sms`); null for any other. Scheduled as a job in the change's transaction, so it leaves only if the change
 * commits, and a provider that fails changes nothing (the job tries again; the customer sees the change live anyway).
 * In Persian, the spec's language: the customer's own language is not kept on the account.
 */
export function orderSmsJob(
  shop: ShopRow,
  change: { orderId: number; action: OrderAction; mobile: string | null; trackingCode: string; readyIn: number | null },
  now: Date,
): NewJob | null {
  if (!shop.orderSms || !change.mobile || (change.action !== 'confirm' && change.action !== 'send')) return null;
  const values = { code: change.trackingCode, shop: shop.name, minutes: change.readyIn ?? 0 };
  const message: Pick<SmsMessage, 'template' | 'text' | 'params'> =
    change.action === 'confirm'
      ? {
          template: 'order_confirmed',
          text: translate('fa', 'order_sms_confirmed', values),
          params: { CODE: values.code, MINUTES: String(values.minutes), SHOP: shop.name },
        }
      : { template: 'order_sent', text: translate('fa', 'order_sms_sent', values), params: { CODE: values.code, SHOP: shop.name } };
  return smsSendJob(`order:${change.orderId}:${change.action}`, { to: change.mobile, ...message }, now);
}

/** The owner's SMS of a new order placed at `shop`, when its phone is a mobile (sms-jobs.ts sends it where a template is set). */
export async function scheduleNewOrderSms(repos: Repositories, shop: ShopRow, orderId: number, now: Date): Promise<void> {
  if (normalizeMobile(shop.phone) === null) return;
  await repos.jobs.schedule(newOrderSmsJob({ shopId: shop.id, orderId }, now));
}
