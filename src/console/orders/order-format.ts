import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { WalletOperation } from '@contract/entities/account';
import type { Language } from '@contract/enums';
import { DeliveryMethod } from '@contract/enums';
import { OrderStatus, type PAYMENT_TYPES } from '@contract/entities/order';
import { formatNumber } from '@contract/numbers';
import { CANCEL_REASON_MAX, READY_IN_MINUTES, type OrderAction } from '@contract/rules/order-lifecycle';
import { scheduledFor, SHOP_TIME_ZONE } from '@contract/rules/delivery-time';
import { NETWORK_ERROR } from '@machines/api-failure';
import type { DetailProblem } from '@machines/console/order-detail-machine';

export const STATUS_NAMES: Record<number, MessageDescriptor> = {
  [OrderStatus.pending]: msg`Awaiting confirmation`,
  [OrderStatus.confirmedByStore]: msg`Confirmed`,
  [OrderStatus.sent]: msg`Sent`,
  [OrderStatus.completed]: msg`Completed`,
  [OrderStatus.canceled]: msg`Canceled`,
};

export const DELIVERY_NAMES: Record<number, MessageDescriptor> = {
  [DeliveryMethod.pickup]: msg`Pickup`,
  [DeliveryMethod.courier]: msg`Courier`,
  [DeliveryMethod.otherCity]: msg`Other city`,
};

export const PAYMENT_NAMES: Record<(typeof PAYMENT_TYPES)[number], MessageDescriptor> = {
  cash: msg`Cash`,
  card_reader: msg`Card reader`,
  online: msg`Online`,
  money_transfer: msg`Money transfer`,
  wallet: msg`Wallet`,
};

export const PAYMENT_STATUS_NAMES: Record<'requested' | 'paid' | 'canceled' | 'failed', MessageDescriptor> = {
  requested: msg`Requested`,
  paid: msg`Paid`,
  canceled: msg`Canceled`,
  failed: msg`Failed`,
};

export const LEDGER_NAMES: Record<WalletOperation, MessageDescriptor> = {
  charge: msg`Top-up`,
  buy: msg`Paid from the wallet`,
  refund: msg`Refund`,
  admin: msg`Staff adjustment`,
  system: msg`Reward`,
};

export const ACTION_NAMES: Record<OrderAction | 'place' | 'expire', MessageDescriptor> = {
  place: msg`Placed`,
  confirm: msg`Confirm`,
  send: msg`Send`,
  complete: msg`Complete`,
  cancel: msg`Cancel order`,
  expire: msg`Expired unpaid`,
};

/** A pickup order is not sent: it is made ready, and the customer comes for it (the action and the status alike). */
const PICKUP_READY = msg`Ready for pickup`;

/** An order's status in words, as its delivery makes it (a pickup's 'sent' is ready for pickup); its number if unknown. */
export function statusName(status: number, method: number | null, i18n: I18n): string {
  if (status === OrderStatus.sent && method === DeliveryMethod.pickup) return i18n._(PICKUP_READY);
  return STATUS_NAMES[status] ? i18n._(STATUS_NAMES[status]) : String(status);
}

/** An action in words, as the order's delivery makes it (a pickup's 'send' makes it ready for pickup). */
export function actionName(action: OrderAction | 'place' | 'expire', method: number | null, i18n: I18n): string {
  if (action === 'send' && method === DeliveryMethod.pickup) return i18n._(PICKUP_READY);
  return i18n._(ACTION_NAMES[action]);
}

const TIME_LOCALES: Record<Language, string> = { fa: 'fa-IR-u-ca-persian', en: 'en-GB' };

/** A moment in the shop's time zone: the date and time (Persian calendar and digits in fa). */
export const formatWhen = (iso: string, language: Language): string =>
  new Intl.DateTimeFormat(TIME_LOCALES[language], { timeZone: SHOP_TIME_ZONE, month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

/** Only the time of day in the shop's time zone. */
export const formatClock = (iso: string, language: Language): string =>
  new Intl.DateTimeFormat(TIME_LOCALES[language], { timeZone: SHOP_TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));


/** For a scheduled order, when it is wanted ('Wanted ۲۰ آذر، ۱۲:۳۰'); null for one wanted as soon as possible. */
export function wantedText(order: { delivery_time: string; placed_at: string }, language: Language, i18n: I18n): string | null {
  const at = scheduledFor(order.delivery_time, new Date(order.placed_at));
  if (!at) return null;
  const when = formatWhen(at.toISOString(), language);
  return i18n._(msg`Wanted ${when}`);
}

/** A change's problem in words: the contract's rule, or the server's localised refusal. */
export function detailProblemText(problem: DetailProblem | null, i18n: I18n, language: Language): string {
  if (!problem) return '';
  if (problem.kind === 'ready-in') {
    const min = formatNumber(READY_IN_MINUTES.min, language);
    const max = formatNumber(READY_IN_MINUTES.max, language);
    return i18n._(msg`Enter the minutes until the order is ready: a whole number from ${min} to ${max}.`);
  }
  if (problem.kind === 'reason') {
    const max = formatNumber(CANCEL_REASON_MAX, language);
    return i18n._(msg`Enter the reason for canceling, at most ${max} characters.`);
  }
  const { result, message } = problem.failure;
  if (result === NETWORK_ERROR || result === 'network' || result === 'timeout' || !message) return i18n._(msg`The server could not be reached; check the connection and try again.`);
  return message;
}
