import { i18n } from '@lingui/core';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@contract/enums';
import { directionOf } from '@/i18n/direction';
import { messages as en } from './locales/en.po';
import { messages as fa } from './locales/fa.po';
import { setConsoleApiLanguage } from './api';

/** localStorage key of the operator's language (the storefront's choice is the customer's, kept apart). */
export const CONSOLE_LANGUAGE_KEY = 'console.language';

// The console's catalogs are a few dozen messages: both ship with its entry, so a switch is instant.
i18n.load({ fa, en });

const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/** The stored choice, else Persian (the default, right-to-left). */
export function readConsoleLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(CONSOLE_LANGUAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** Activates a language everywhere: Lingui, <html lang dir> and the API's Accept-Language. */
export function applyConsoleLanguage(language: Language): void {
  i18n.activate(language);
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
  setConsoleApiLanguage(language);
}

/** Remembers the choice for the next visit and applies it. */
export function persistConsoleLanguage(language: Language): void {
  try {
    window.localStorage.setItem(CONSOLE_LANGUAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts for this page.
  }
  applyConsoleLanguage(language);
}

export { i18n };
