import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { DeliveryMethod, type DeliveryMethodValue } from '@contract/enums';
import { OrderStatus, type OrderStatusValue, type PaymentType } from '@contract/entities/order';

/** The status names of spec §4, by the contract's numbers. */
export const statusNames: Record<OrderStatusValue, MessageDescriptor> = {
  [OrderStatus.choosingProduct]: msg`Choosing a product`,
  [OrderStatus.awaitingLocationAndPayment]: msg`Waiting for location and payment method`,
  [OrderStatus.pending]: msg`Pending`,
  [OrderStatus.confirmedByStore]: msg`Confirmed by the store`,
  [OrderStatus.sent]: msg`Sent`,
  [OrderStatus.completed]: msg`Completed`,
  [OrderStatus.canceled]: msg`Canceled`,
};

/** Payment methods of spec §9. */
export const paymentNames: Record<PaymentType, MessageDescriptor> = {
  cash: msg`Cash`,
  card_reader: msg`Card reader`,
  online: msg`Online payment`,
  money_transfer: msg`Money transfer`,
  wallet: msg`Wallet`,
};

/** Delivery method names by value (contract/enums.ts). */
export const deliveryNames: Record<DeliveryMethodValue, MessageDescriptor> = {
  [DeliveryMethod.pickup]: msg`Pickup at the store`,
  [DeliveryMethod.courier]: msg`Courier`,
  [DeliveryMethod.otherCity]: msg`Send to another city`,
};

/** The status name of a number, or the number itself when the contract does not know it. */
export const statusName = (status: number): MessageDescriptor | null => statusNames[status as OrderStatusValue] ?? null;
