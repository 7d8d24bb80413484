/**
 * A guest's tap on an ad's bookmark: the ad is kept in sessionStorage across the login (which may reload the page
 * or go through the verify step), and taken once back on that ad, so the bookmark is made then and only then.
 */
const BOOKMARK_INTENT_KEY = 'storefront.bookmark-after-login';

export function rememberBookmarkIntent(adId: number): void {
  try {
    sessionStorage.setItem(BOOKMARK_INTENT_KEY, String(adId));
  } catch {
    // Storage refused (private mode): the guest taps the bookmark again after logging in.
  }
}

/** Whether the guest asked to bookmark `adId` before logging in; the wish is forgotten as it is read. */
export function takeBookmarkIntent(adId: number): boolean {
  try {
    if (sessionStorage.getItem(BOOKMARK_INTENT_KEY) !== String(adId)) return false;
    sessionStorage.removeItem(BOOKMARK_INTENT_KEY);
    return true;
  } catch {
    return false;
  }
}
