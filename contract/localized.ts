import type { Language } from './enums';

/** A localised field: the *_en variant in English when it is filled, else the Persian one. */
export function localized(language: Language, fa: string, en: string | null | undefined): string {
  return language === 'en' && en ? en : fa;
}
