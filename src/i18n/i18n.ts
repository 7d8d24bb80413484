import { i18n } from '@lingui/core';
import type { Language } from '@contract/enums';
import { setApiLanguage } from '@/api/client';
import { messages as enMessages } from '@/locales/en/messages.po';
import { messages as faMessages } from '@/locales/fa/messages.po';

// Both catalogs are small, so they ship with the entry and switching stays synchronous.
i18n.load({ fa: faMessages, en: enMessages });

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
