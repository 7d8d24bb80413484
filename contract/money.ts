import type { Currency, Language } from './enums';
import { formatNumber } from './numbers';
import { moneyUnit, wholeUnits } from './rules/money';

const currencyNames: Record<Currency, Record<Language, string>> = {
  IRT: { fa: 'تومان', en: 'toman' },
  IRR: { fa: 'ریال', en: 'rial' },
};

/**
 * The amount shown for a rial amount: toman for IRT shops, rial for IRR; a fraction of a toman is
 * dropped exactly as the bill drops it (contract/rules/money.ts `wholeUnits`), so a screen never shows
 * another figure than the one the server charges or refunds.
 */
export function displayAmount(rial: number, currency: Currency): number {
  return wholeUnits(rial, currency) / moneyUnit(currency);
}

/** A rial amount as the shop shows it: '۴۴۰٬۰۰۰ تومان' in fa, '440,000 toman' in en. */
export function formatMoney(rial: number, currency: Currency, language: Language): string {
  return `${formatNumber(displayAmount(rial, currency), language, { maximumFractionDigits: 0 })} ${currencyNames[currency][language]}`;
}

/** The currency word alone ('تومان', 'rial' …), for labels such as price filters. */
export const currencyName = (currency: Currency, language: Language): string => currencyNames[currency][language];

/** A price typed by the visitor in the shop's currency, back to rial. */
export function toRial(amount: number, currency: Currency): number {
  return currency === 'IRT' ? amount * 10 : amount;
}
