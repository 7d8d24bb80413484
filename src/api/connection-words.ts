import type { Language } from '@contract/enums';

/*
 * What a call that got no answer says, in the request's language: the transport's failure carries these words as a
 * refusal carries the server's, so every chart and toast shows them as they are (the browser's own text, such as
 * "Failed to fetch", is English whatever the page's language).
 */

export type Unanswered = 'network' | 'timeout';

const WORDS: Record<Language, Record<Unanswered, string>> = {
  fa: {
    network: 'اتصال به اینترنت برقرار نیست. اتصال را بررسی کنید و دوباره تلاش کنید.',
    timeout: 'پاسخ سرور بیش از حد طول کشید. دوباره تلاش کنید.',
  },
  en: {
    network: 'You are offline or the server cannot be reached. Check the connection and try again.',
    timeout: 'The server took too long to answer. Try again.',
  },
};

/** The words for a call that got no answer, in `language` (an unknown one reads Persian, the default). */
export const unansweredText = (why: Unanswered, language: string | undefined): string => (WORDS[language as Language] ?? WORDS.fa)[why];
