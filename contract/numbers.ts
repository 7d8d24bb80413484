import { toPersianDigits } from './digits';
import type { Language } from './enums';

const locales: Record<Language, string> = { fa: 'fa-IR', en: 'en-US' };
const cache = new Map<string, Intl.NumberFormat>();

function formatter(language: Language, options: Intl.NumberFormatOptions | undefined): Intl.NumberFormat {
  const key = `${language} ${options ? JSON.stringify(options) : ''}`;
  let found = cache.get(key);
  if (!found) {
    found = new Intl.NumberFormat(locales[language], options);
    cache.set(key, found);
  }
  return found;
}

/**
 * The one number formatter of everything shown to a person, in the SPA and in the server's
 * messages: Persian digits (and separators) in fa (spec §1), Western in en.
 */
export function formatNumber(value: number, language: Language, options?: Intl.NumberFormatOptions): string {
  return formatter(language, options).format(value);
}

/**
 * The digits of a text in the language's digits, for codes, phone numbers, times and what the
 * visitor typed (stored with Western digits: the client folds them before sending).
 */
export function localDigits(text: string, language: Language): string {
  return language === 'fa' ? toPersianDigits(text) : text;
}
