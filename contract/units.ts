import { UNITS, type Unit } from './entities/catalog';
import type { Currency, Language } from './enums';
import { formatMoney } from './money';
import { formatNumber } from './numbers';

const labels: Record<Unit, Record<Language, string>> = {
  number: { fa: 'عدد', en: 'piece' },
  skewer: { fa: 'سیخ', en: 'skewer' },
  kg: { fa: 'کیلوگرم', en: 'kg' },
  g: { fa: 'گرم', en: 'g' },
  portion: { fa: 'پرس', en: 'portion' },
  cm: { fa: 'سانتی‌متر', en: 'cm' },
};

/** The word for the unit an item is sold in ('per kg' is written by the view). */
export const unitLabel = (unit: Unit, language: Language): string => labels[unit][language];

/** How an item is counted: its unit and how many units one count is (an item's `unit_step`, else 1). */
export interface Measure {
  unit: Unit;
  step: number;
}

const stepOf = (value: unknown): number => (typeof value === 'number' && Number.isInteger(value) && value > 1 ? value : 1);

/** Whether a unit is counted in pieces (pieces, skewers, portions) rather than measured (weight, length). */
export const countedInPieces = (unit: Unit): boolean => unit === 'number' || unit === 'skewer' || unit === 'portion';

/** An item's measure. */
export const measureOf = (item: { unit: Unit; unit_step?: number }): Measure => ({ unit: item.unit, step: stepOf(item.unit_step) });

/** A cart line's measure, from the unit and step the server stored with the line (item_data). */
export function lineMeasure(itemData: Record<string, unknown>): Measure {
  const unit = (UNITS as readonly unknown[]).includes(itemData.unit) ? (itemData.unit as Unit) : 'number';
  return { unit, step: stepOf(itemData.unit_step) };
}

/** The amount a price is for: 'کیلوگرم', '۱۰۰ گرم', '100 g'; null for pieces (a price is per piece). */
export function pricedPer({ unit, step }: Measure, language: Language): string | null {
  if (unit === 'number' && step === 1) return null;
  return step === 1 ? unitLabel(unit, language) : `${formatNumber(step, language)} ${unitLabel(unit, language)}`;
}

/** How much `count` counts are: '۲۰۰ گرم', '1 kg', '۳ سیخ'; pieces are the bare number. */
export function quantityText(count: number, { unit, step }: Measure, language: Language): string {
  const amount = formatNumber(count * step, language);
  return unit === 'number' ? amount : `${amount} ${unitLabel(unit, language)}`;
}

/** A price as the storefront writes it: the amount in the shop's currency, and '/ کیلوگرم' when the measure is not a piece. */
export function priceWithUnit(rial: number, currency: Currency, language: Language, measure: Measure | null): string {
  const per = measure && measure.unit !== 'number' ? pricedPer(measure, language) : null;
  return `${formatMoney(rial, currency, language)}${per ? ` / ${per}` : ''}`;
}
