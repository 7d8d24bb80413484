import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { ApiFailure } from '@machines/api-failure';

// Guard refusals carry no server text: the view names them (docs/checkout.md, cartMachine).
const refusals = {
  count_invalid: msg`That count is not allowed.`,
  line_not_found: msg`That line is no longer in the cart.`,
  empty_cart: msg`The basket is empty`,
} as const;

/** The text of a cart failure: the server's localised message, or the view's own text for a guard refusal. */
export function cartFailureText(i18n: I18n, failure: ApiFailure | null): string | null {
  if (!failure) return null;
  if (failure.message) return failure.message;
  const known = refusals[failure.result as keyof typeof refusals];
  return known ? i18n._(known) : i18n._(msg`An error occurred`);
}
