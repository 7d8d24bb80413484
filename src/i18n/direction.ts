import type { Language } from '@contract/enums';

/** Text direction of a language: fa is right-to-left. (Its own module: the console uses it without the storefront's API client.) */
export const directionOf = (language: Language): 'rtl' | 'ltr' => (language === 'fa' ? 'rtl' : 'ltr');
