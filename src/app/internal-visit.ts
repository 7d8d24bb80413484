/**
 * The tab's in-store visit (/splash?internal_order=1): kept in sessionStorage, so a reload in the
 * shop still places internal orders, while a new tab or a later visit from home does not.
 */
const INTERNAL_VISIT_KEY = 'storefront.internal-order';

export function rememberInternalVisit(): void {
  try {
    sessionStorage.setItem(INTERNAL_VISIT_KEY, '1');
  } catch {
    // Storage refused (private mode): the tag holds until the page is reloaded.
  }
}

export function wasInternalVisit(): boolean {
  try {
    return sessionStorage.getItem(INTERNAL_VISIT_KEY) === '1';
  } catch {
    return false;
  }
}
