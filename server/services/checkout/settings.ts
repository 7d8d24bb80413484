import type { CheckoutSettingsRow } from '../../db/schema';
import type { PaymentGateways } from '../payments';
import { PAYMENT_TYPES, type PaymentType } from '@contract/entities/order';

export interface CheckoutSettings {
  minOrder: number;
  freeFirstShipping: boolean;
  onlineDiscountPercent: number;
  taxPercent: number;
  packagingCost: number;
  paymentTypes: PaymentType[];
}

/** A shop without a checkout_settings row: no minimum, no promos, every payment type. */
export const defaultCheckoutSettings: CheckoutSettings = {
  minOrder: 0,
  freeFirstShipping: false,
  onlineDiscountPercent: 0,
  taxPercent: 0,
  packagingCost: 0,
  paymentTypes: [...PAYMENT_TYPES],
};

/** The settings a row stores, or the defaults. */
export function toCheckoutSettings(row: CheckoutSettingsRow | null | undefined): CheckoutSettings {
  if (!row) return defaultCheckoutSettings;
  return {
    minOrder: row.minOrder,
    freeFirstShipping: row.freeFirstShipping === 1,
    onlineDiscountPercent: row.onlineDiscountPercent,
    taxPercent: row.taxPercent,
    packagingCost: row.packagingCost,
    paymentTypes: row.paymentTypes.filter((type): type is PaymentType => (PAYMENT_TYPES as readonly string[]).includes(type)),
  };
}

/** The payment types a customer is offered: the shop's, without online when the server runs no gateway (production's default). */
export const offeredPaymentTypes = (settings: CheckoutSettings, gateways: PaymentGateways): PaymentType[] =>
  gateways.offered === null ? settings.paymentTypes.filter((type) => type !== 'online') : settings.paymentTypes;
