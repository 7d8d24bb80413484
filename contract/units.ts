import type { Unit } from './entities/catalog';
import type { Language } from './enums';

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
