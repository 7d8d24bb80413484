/**
 * What the owner writes of the storefront besides the catalog (issue 32): the content pages (about, rules, privacy)
 * and the home's slides and banners. The console's machine and the server check the same bounds and link rule.
 */

/** The content pages the owner writes, each in fa and en. */
export const CONTENT_PAGES = ['about', 'rules', 'privacy'] as const;
export type ContentPage = (typeof CONTENT_PAGES)[number];

/** The home's picture rows: the slider and the banners. */
export const HOME_PICTURE_KINDS = ['slide', 'banner'] as const;
export type HomePictureKind = (typeof HOME_PICTURE_KINDS)[number];

export const SHOP_CONTENT_LIMITS = {
  /** one page in one language; 3 bytes a character still fits a multipart field (MULTIPART_FIELD_BYTES) */
  page: 5000,
  /** a slide's or banner's title */
  title: 100,
  link: 500,
  /** slides (and banners) a shop keeps: the home shows them all */
  perKind: 20,
} as const;

/** The valibot check's message of a link that is not one, explained by the server's `content_link` hint. */
export const CONTENT_LINK_INVALID = 'content_link';

/**
 * A slide's or banner's link: none (''), a path of this site ('/…', never '//…', which leaves it), or an https URL.
 * No javascript:, data: or plain http: a customer's tap must not run code or leave TLS.
 */
export function isContentLink(link: string): boolean {
  if (link === '') return true;
  if (/[\s\\]/.test(link)) return false;
  if (link.startsWith('/')) return !link.startsWith('//');
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** Why a content field is refused before sending; the console words each, the server answers in its own words. */
export type ContentProblem = 'required' | 'too_long' | 'not_a_link';

export interface HomePictureInput {
  title: string;
  title_en: string;
  picture_id: number;
  link: string;
}

/** A slide or banner has titles in both languages within bounds, a picture id and a link isContentLink takes. */
export function homePictureProblems(input: HomePictureInput): Partial<Record<keyof HomePictureInput, ContentProblem>> {
  const problems: Partial<Record<keyof HomePictureInput, ContentProblem>> = {};
  for (const field of ['title', 'title_en'] as const) {
    const value = input[field].trim();
    if (value === '') problems[field] = 'required';
    else if (value.length > SHOP_CONTENT_LIMITS.title) problems[field] = 'too_long';
  }
  if (!Number.isInteger(input.picture_id) || input.picture_id < 0) problems.picture_id = 'required';
  const link = input.link.trim();
  if (link.length > SHOP_CONTENT_LIMITS.link) problems.link = 'too_long';
  else if (!isContentLink(link)) problems.link = 'not_a_link';
  return problems;
}

/** A content page in either language over its length. */
export function contentPageProblems(input: { fa: string; en: string }): Partial<Record<'fa' | 'en', ContentProblem>> {
  const problems: Partial<Record<'fa' | 'en', ContentProblem>> = {};
  for (const language of ['fa', 'en'] as const) if (input[language].trim().length > SHOP_CONTENT_LIMITS.page) problems[language] = 'too_long';
  return problems;
}
