import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@contract/enums';

/** localStorage key of the visitor's language choice (spec §1: the key name is ours). */
export const LANGUAGE_STORAGE_KEY = 'storefront.language';

const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/** The persisted language, or fa when none (or storage is unavailable). */
export function readStoredLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** Persists the language choice so it survives a reload. */
export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
}
