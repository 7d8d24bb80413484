import type { Language } from '@contract/enums';

const formatters = {
  fa: new Intl.NumberFormat('fa-IR'),
  en: new Intl.NumberFormat('en-US'),
} satisfies Record<Language, Intl.NumberFormat>;

/** A number in the language's digits: Persian digits in fa (spec §1). */
export function formatNumber(value: number, language: Language): string {
  return formatters[language].format(value);
}

/** A localised field: the *_en variant in English when it is filled, else the Persian one. */
export function localized(language: Language, fa: string, en: string | null | undefined): string {
  return language === 'en' && en ? en : fa;
}
