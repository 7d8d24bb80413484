/**
 * Characters folded for search: Arabic yeh/alef maksura to Persian yeh, Arabic
 * kaf to Persian kaf, teh marbuta and heh with yeh to heh, Persian and Arabic
 * digits to Western ones. Characters of SEARCH_FOLD_FROM beyond the length of
 * SEARCH_FOLD_TO (zero-width non-joiner, tatweel) are dropped — the rule of
 * SQL translate(), so the server folds stored text with the same two strings.
 */
export const SEARCH_FOLD_FROM = 'يىكةۀ۰۱۲۳۴۵۶۷۸۹٠١٢٣٤٥٦٧٨٩\u200cـ';
export const SEARCH_FOLD_TO = 'ییکهه01234567890123456789';

const fold = new Map<string, string>([...SEARCH_FOLD_FROM].map((character, index) => [character, SEARCH_FOLD_TO[index] ?? '']));

/** A search text folded like the stored text: lower case, Persian letters, Western digits, no ZWNJ. */
export function normalizeSearchText(text: string): string {
  return [...text.toLowerCase()].map((character) => fold.get(character) ?? character).join('');
}

/** The words of a query, each folded; empty words are dropped. */
export const searchWords = (query: string): string[] => normalizeSearchText(query).split(/\s+/).filter((word) => word !== '');
