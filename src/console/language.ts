import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@contract/enums';
import { directionOf } from '@/i18n/direction';
import { setConsoleApiLanguage } from './api';

/** localStorage key of the operator's language (the storefront's choice is the customer's, kept apart). */
export const CONSOLE_LANGUAGE_KEY = 'console.language';

// Each catalog is a chunk of its own, loaded when its language is first applied: the first screen carries only
// the operator's language (both in the entry cost 2.5 KiB on the wire of the first screen's 120 KiB budget).
const catalogs: Record<Language, () => Promise<{ messages: Messages }>> = {
  fa: () => import('./locales/fa.po'),
  en: () => import('./locales/en.po'),
};
/** The texts of the screens the first one does not show (lingui.config.ts LATER_SCREENS), loaded with the first of them. */
const screenCatalogs: Record<Language, () => Promise<{ messages: Messages }>> = {
  fa: () => import('./screen-locales/fa.po'),
  en: () => import('./screen-locales/en.po'),
};
const loaded = new Set<Language>();
const screensLoaded = new Set<Language>();
/** Whether a later screen has been opened: from then on a language switch brings its texts too. */
let screensWanted = false;

async function loadScreenTexts(language: Language): Promise<void> {
  if (screensLoaded.has(language)) return;
  const { messages } = await screenCatalogs[language]();
  // Lingui adds them to the language's messages already loaded.
  i18n.load(language, messages);
  screensLoaded.add(language);
}

/** Loads the later screens' texts in the language asked for (a lazy screen's chunk waits for it). */
export function loadConsoleScreenTexts(): Promise<void> {
  screensWanted = true;
  return loadScreenTexts(wanted ?? readConsoleLanguage());
}
/** The language asked for last: a slower catalog arriving after a later switch does not win. */
let wanted: Language | undefined;

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

/** Activates a language everywhere (Lingui, <html lang dir> and the API's Accept-Language) once its catalog is loaded. */
export async function applyConsoleLanguage(language: Language): Promise<void> {
  wanted = language;
  // Replies asked for from now on come in the new language, even before its catalog arrives.
  setConsoleApiLanguage(language);
  if (!loaded.has(language)) {
    const { messages } = await catalogs[language]();
    i18n.load(language, messages);
    loaded.add(language);
  }
  if (screensWanted) await loadScreenTexts(language);
  if (wanted !== language) return;
  i18n.activate(language);
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

/** Remembers the choice for the next visit and applies it. */
export function persistConsoleLanguage(language: Language): Promise<void> {
  try {
    window.localStorage.setItem(CONSOLE_LANGUAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts for this page.
  }
  return applyConsoleLanguage(language);
}

export { i18n };
