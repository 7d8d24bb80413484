import { i18n, type Messages } from '@lingui/core';
import type { Language } from '@contract/enums';
import { setApiLanguage } from '@/api/client';

// Each feature keeps its own catalog (lingui.config.ts); they are small, so all
// ship with the entry and switching language stays synchronous.
const catalogs = import.meta.glob<{ messages: Messages }>(
  ['../locales/*/messages.po', '../features/*/locales/*.po'],
  { eager: true },
);

/** Merges every catalog file into one message table per language. */
export function mergeCatalogs(files: Record<string, { messages: Messages }>): Record<Language, Messages> {
  const merged: Record<Language, Messages> = { fa: {}, en: {} };
  for (const [path, catalog] of Object.entries(files)) {
    const language = /\/(fa|en)(?:\/messages)?\.po$/.exec(path)?.[1] as Language | undefined;
    if (language) Object.assign(merged[language], catalog.messages);
  }
  return merged;
}

i18n.load(mergeCatalogs(catalogs));

/** Text direction of a language: fa is right-to-left. */
export const directionOf = (language: Language): 'rtl' | 'ltr' => (language === 'fa' ? 'rtl' : 'ltr');

/** Activates a language everywhere: Lingui, <html lang/dir> and the API's Accept-Language. */
export function applyLanguage(language: Language): void {
  if (i18n.locale !== language) i18n.activate(language);
  const root = document.documentElement;
  root.lang = language;
  root.dir = directionOf(language);
  setApiLanguage(language);
}

export { i18n };
