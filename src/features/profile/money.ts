import { msg } from '@lingui/core/macro';
import type { I18n } from '@lingui/core';
import type { Currency, Language } from '@contract/enums';
import { formatNumber } from '@/ui/format';

/** Rial shown in the shop's currency: toman (rial / 10) for IRT, rial for IRR. */
export function formatMoney(i18n: I18n, rial: number, currency: Currency, language: Language): string {
  const amount = currency === 'IRT' ? Math.trunc(rial / 10) : rial;
  const unit = currency === 'IRT' ? i18n._(msg`toman`) : i18n._(msg`rial`);
  return `${formatNumber(amount, language)} ${unit}`;
}
