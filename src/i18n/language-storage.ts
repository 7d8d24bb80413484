import { LANGUAGE_COOKIE } from '@contract/boot';
import { LANGUAGES, type Language } from '@contract/enums';

/** localStorage key of the visitor's language choice (spec §1: the key name is ours). */
export const LANGUAGE_STORAGE_KEY = 'storefront.language';

const isLanguage = (value: unknown): value is Language => (LANGUAGES as readonly unknown[]).includes(value);

/** The persisted language choice, or null when the visitor never chose (or storage is unavailable). */
export function readStoredLanguage(): Language | null {
  try {
    const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** Tells the server the visitor's language (the `lang` cookie), so the next index.html's boot data is in it. */
export function shareLanguage(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
}

/** Persists the language choice so it survives a reload, and shares it with the server. */
export function storeLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Private mode without storage: the choice lasts for this page (and the cookie).
  }
  shareLanguage(language);
}
