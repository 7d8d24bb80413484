import { useSelector } from '@xstate/react';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Currency, Language } from '@contract/enums';
import { formatMoney } from '@contract/money';
import type { FormProblem } from '@contract/rules/counter-forms';
import { NETWORK_ERROR, type ApiFailure } from '@machines/api-failure';
import { useSystemActor } from '@/ui/actor-system';

/*
 * What the counter's screens (access requests, wallets, team, audit log, settings) share: the console's language
 * and the shop's currency, money as the storefront shows it, and the words of a refused field.
 */

export function useConsoleLanguage(): Language {
  return useSelector(useSystemActor('console'), (snapshot) => snapshot.context.language);
}

export function useShopCurrency(): Currency {
  return useSelector(useSystemActor('console'), (snapshot) => snapshot.context.shop?.currency ?? 'IRT');
}

/** A rial amount in the shop's currency, in the language's digits ('۱۲۰٬۰۰۰ تومان', '120,000 toman'). */
export const money = (rial: number, currency: Currency, language: Language): string => formatMoney(rial, currency, language);

/** A field's rule problem in words; `bounds` are already in the language's digits. */
export function formProblemText(problem: FormProblem | undefined, i18n: I18n, bounds: { min?: string; max?: string } = {}): string {
  switch (problem) {
    case undefined:
      return '';
    case 'required':
      return i18n._(msg`This field is required.`);
    case 'too_long':
      return i18n._(msg`This is too long.`);
    case 'too_short':
      return i18n._(msg`At least ${bounds.min ?? ''} characters.`);
    case 'not_whole':
      return i18n._(msg`Enter a whole number.`);
    case 'out_of_range':
      return i18n._(msg`Between ${bounds.min ?? ''} and ${bounds.max ?? ''}.`);
  }
}

/** The server's refusal in its words, or the network's when it never answered. */
export function failureText(failure: ApiFailure | null, i18n: I18n): string {
  if (!failure) return '';
  if (failure.result === NETWORK_ERROR || failure.result === 'network' || failure.result === 'timeout' || !failure.message) {
    return i18n._(msg`The server could not be reached; check the connection and try again.`);
  }
  return failure.message;
}
