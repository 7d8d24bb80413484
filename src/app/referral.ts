/*
 * A friend's share link (?ref=CODE) is kept in localStorage with an expiry, so the code survives the other tabs the
 * visitor opens and the login in any of them (sessionStorage kept it in the link's tab only); the server credits as
 * before, at registration.
 */

const REF_KEY = 'storefront.ref';
/** How long a share link's code waits for its registration. */
export const REFERRAL_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/** The code of this page's ?ref= (kept from now), else the one kept before and not expired. */
export function rememberedRef(search: string, now: number): string | null {
  const fromUrl = new URLSearchParams(search).get('ref');
  try {
    if (fromUrl) localStorage.setItem(REF_KEY, JSON.stringify({ code: fromUrl, until: now + REFERRAL_KEEP_MS }));
    const kept = JSON.parse(localStorage.getItem(REF_KEY) ?? 'null') as { code?: unknown; until?: unknown } | null;
    if (!kept || typeof kept.code !== 'string' || typeof kept.until !== 'number') return fromUrl;
    if (kept.until <= now) {
      localStorage.removeItem(REF_KEY);
      return fromUrl;
    }
    return kept.code;
  } catch {
    // Storage refused (private mode): the link's own tab still has it.
    return fromUrl;
  }
}

/** The code is spent (an account exists now). */
export function forgetRef(): void {
  try {
    localStorage.removeItem(REF_KEY);
  } catch {
    // nothing kept
  }
}
