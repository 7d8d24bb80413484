import { msg } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import type { Language } from '@contract/enums';
import { formatNumber } from '@contract/numbers';
import type { AddressRefusal } from '@machines/address-machine';
import type { ApiFailure } from '@machines/api-failure';
import type { CheckoutRefusal, TimeProblem } from '@machines/checkout-machine';

// The machine's guard refusals (docs/checkout.md); Persian texts of spec §5 and §8 where it gives them.
// A refused time is told at the time field (timeProblemText), and a wallet that does not cover the order at the
// payment choice (with what to do), not at the top of the step.
const refusals: Record<Exclude<CheckoutRefusal | AddressRefusal, 'time_invalid'>, MessageDescriptor> = {
  address_unknown: msg`Choose one of your addresses.`,
  out_of_range: msg`This address is outside the delivery area.`,
  other_city_fields: msg`Enter the city name, exact address and postal code.`,
  address_label_required: msg`Company, home or … must not be empty`,
  address_label_short: msg`The label must be longer than 3 characters.`,
  address_required: msg`Enter your exact address`,
  address_short: msg`The address must be longer than 5 characters.`,
  lat_required: msg`Latitude must not be empty`,
  lng_required: msg`Longitude must not be empty`,
  coordinates_invalid: msg`Pick a point on the map.`,
  discount_required: msg`Please enter the discount code`,
  payment_unavailable: msg`This payment type is not available.`,
  wallet_insufficient: msg`Your wallet does not cover the whole amount.`,
};

/** The refusal's localised text, or the server failure's message; null when all is well. */
export function checkoutProblem(i18n: I18n, context: { refusal: CheckoutRefusal | AddressRefusal | null; failure: ApiFailure | null }): string | null {
  if (context.refusal === 'time_invalid' || context.refusal === 'wallet_insufficient') return null;
  if (context.refusal) return i18n._(refusals[context.refusal]);
  if (context.failure) {
    if (context.failure.message) return context.failure.message;
    if (context.failure.result === 'payment_canceled') return i18n._(msg`The payment was canceled. Your cart is intact; you can pay again.`);
    if (context.failure.result === 'payment_failed') return i18n._(msg`The payment failed. Your cart is intact; you can pay again.`);
    return i18n._(msg`An error occurred`);
  }
  return null;
}

/**
 * Why the chosen time cannot be placed, for the time field; null when it can, or when the shop is closed
 * (the step says that once, above the field).
 */
export function timeProblemText(i18n: I18n, problem: TimeProblem | null, preorderDays: number, language: Language): string | null {
  if (problem === null || problem === 'store_closed' || problem === 'closed_until') return null;
  const days = formatNumber(preorderDays, language);
  const texts: Record<Exclude<TimeProblem, 'store_closed' | 'closed_until'>, MessageDescriptor> = {
    preorder_past: msg`This time has passed. Choose a later time.`,
    preorder_outside_hours: msg`This time is outside the shop's hours.`,
    preorder_too_far: msg`Pre-orders can be placed up to ${days} days ahead.`,
    preorder_invalid: msg`This time is not valid.`,
    time_required: msg`Choose a time.`,
  };
  return i18n._(texts[problem]);
}
