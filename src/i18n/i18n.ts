import { i18n, type Messages } from '@lingui/core';
import type { Language } from '@contract/enums';
import { setApiLanguage } from '@/api/client';
import { directionOf } from './direction';

// Each language's catalogs are one chunk (catalogs/fa.ts, catalogs/en.ts): the first screen
// loads the visitor's (the server preloads it), a language switch loads the other one.
const catalogLoaders: Record<Language, () => Promise<{ messages: Messages }>> = {
  fa: () => import('./catalogs/fa'),
  en: () => import('./catalogs/en'),
};
const loading = new Map<Language, Promise<void>>();
const loaded = new Set<Language>();

/** Loads a language's messages into Lingui (once). */
export function loadLanguage(language: Language): Promise<void> {
  let load = loading.get(language);
  if (!load) {
    load = catalogLoaders[language]().then(({ messages }) => {
      i18n.load(language, messages);
      loaded.add(language);
    });
    loading.set(language, load);
  }
  return load;
}

let wanted: Language | null = null;

export { directionOf };

/** Activates a language everywhere: Lingui, <html lang/dir> and the API's Accept-Language. */
export function applyLanguage(language: Language): void {
  wanted = language;
  // Activated at once when its messages are in, else once they are; a later choice wins a race.
  if (i18n.locale !== language && loaded.has(language)) i18n.activate(language);
  else if (i18n.locale !== language) void loadLanguage(language).then(() => wanted === language && i18n.activate(language));
  const root = document.documentElement;
  root.lang = language;
  root.dir = directionOf(language);
  setApiLanguage(language);
}

export { i18n };
