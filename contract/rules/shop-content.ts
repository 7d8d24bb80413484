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
