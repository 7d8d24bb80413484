import type { Language } from '@contract/enums';

/** Numbers and digits shown in the SPA go through contract/numbers.ts (shared with the server's messages). */
export { formatNumber, localDigits } from '@contract/numbers';

/** A localised field: the *_en variant in English when it is filled, else the Persian one. */
export function localized(language: Language, fa: string, en: string | null | undefined): string {
  return language === 'en' && en ? en : fa;
}
