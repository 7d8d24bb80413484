import type { Language } from '@contract/enums';
import { shopRefusal, type CodeArea } from '@contract/rules/shop-access';
import { MENU_ONLY_RESULT, refusedAtMenuOnly } from '@contract/rules/shop-flags';
import type { ShopRow, UserRow } from '../db/schema';
import { ApiError } from '../errors';
import { translate } from '../i18n/messages';

/**
 * Applies spec §2's shop rules (contract/rules/shop-access.ts) to a request for
 * `area`: maintenance -> 403 `maintenance`, log in first -> 401 `login_required`
 * (`session_invalid` with error_code -1 when a dead cookie was sent, as the login
 * gate does), access refused -> 403 `access_denied`. Messages are the SPA's.
 */
export function enforceShopRules(area: CodeArea, shop: ShopRow, user: UserRow | null, stale: boolean, language: Language): void {
  const refusal = shopRefusal(
    area,
    { force_login: shop.forceLogin, access_request: shop.accessRequest, state_of_development: shop.stateOfDevelopment },
    user && { access_flag: user.accessFlag },
  );
  if (refusal === 'maintenance') throw new ApiError(403, 'maintenance', translate(language, 'maintenance'));
  if (refusal === 'denied') throw new ApiError(403, 'access_denied', translate(language, 'access_denied'));
  if (refusal === 'login') {
    throw stale
      ? new ApiError(401, 'session_invalid', translate(language, 'session_invalid'), -1)
      : new ApiError(401, 'login_required', translate(language, 'login_required'));
  }
}

/** A menu-only shop (the owner's use_as_menu) takes no cart and no order: 409 `menu_only`, before anything is written. */
export function enforceMenuOnly(code: string, shop: ShopRow, language: Language): void {
  if (refusedAtMenuOnly(code, shop.data.use_as_menu)) throw new ApiError(409, MENU_ONLY_RESULT, translate(language, 'menu_only'));
}
