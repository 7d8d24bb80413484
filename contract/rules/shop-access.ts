/*
 * Spec §2's shop rules, once for both ends: the SPA's route guards (src/routes/guards.ts)
 * and the server's gate in front of every code (server/routes/order.ts).
 *
 * - force_login 1: an anonymous visitor must log in.
 * - access_request 1: an anonymous visitor must log in; an account with access_flag -1
 *   is denied; 0 (not yet decided) and 1 (approved) proceed.
 * - state_of_development 1: the shop is closed for maintenance.
 */

/** The shop settings the rules read (0/1 flags; the server's rows hold them as numbers). */
export interface ShopRuleFlags {
  force_login: number;
  access_request: number;
  state_of_development: number;
}

/** The visitor: null when anonymous. */
export type RuleVisitor = { access_flag: number } | null;

/** Whether the shop lets this visitor in: 'login' (log in first), 'denied' (access refused) or 'admitted'. */
export function shopAdmission(shop: Pick<ShopRuleFlags, 'force_login' | 'access_request'>, user: RuleVisitor): 'admitted' | 'login' | 'denied' {
  if (user === null) return shop.force_login === 1 || shop.access_request === 1 ? 'login' : 'admitted';
  return shop.access_request === 1 && user.access_flag === -1 ? 'denied' : 'admitted';
}

/** A shop in development shows only its maintenance page. */
export const isInDevelopment = (shop: Pick<ShopRuleFlags, 'state_of_development'>): boolean => shop.state_of_development === 1;

/**
 * What a code serves, which decides which rules apply to it:
 *
 * | area         | admission (login / access) | maintenance | why                                                      |
 * |--------------|----------------------------|-------------|----------------------------------------------------------|
 * | startup      | no                         | no          | the SPA's startup loads it for every visitor              |
 * | startup-cart | no                         | refused     | get_cart: loaded at startup, but a cart code              |
 * | account      | no                         | no          | login, profile and the access request must stay reachable |
 * | catalog      | yes                        | no          | the shop's products and content pages                     |
 * | cart         | yes                        | refused     |                                                          |
 * | checkout     | yes                        | refused     | addresses, payment, placed orders                         |
 * | forms        | no                         | no          | forms and surveys: anyone may answer, also in maintenance |
 */
export type CodeArea = 'startup' | 'startup-cart' | 'account' | 'catalog' | 'cart' | 'checkout' | 'forms';

const AREA_RULES: Record<CodeArea, { admission: boolean; maintenance: boolean }> = {
  startup: { admission: false, maintenance: false },
  'startup-cart': { admission: false, maintenance: true },
  account: { admission: false, maintenance: false },
  catalog: { admission: true, maintenance: false },
  cart: { admission: true, maintenance: true },
  checkout: { admission: true, maintenance: true },
  forms: { admission: false, maintenance: false },
};

/** Why a request is refused: 'maintenance', 'login' or 'denied'; null lets it through. */
export type ShopRefusal = 'maintenance' | 'login' | 'denied';

/** The shop rules for one request to a code (or a route) of `area`. */
export function shopRefusal(area: CodeArea, shop: ShopRuleFlags, user: RuleVisitor): ShopRefusal | null {
  const rules = AREA_RULES[area];
  if (rules.maintenance && isInDevelopment(shop)) return 'maintenance';
  if (!rules.admission) return null;
  const admission = shopAdmission(shop, user);
  return admission === 'admitted' ? null : admission;
}

/**
 * Why a shop asks an anonymous visitor to log in, so the login page can say it: 'wholesale' (an access-request shop:
 * trade prices for signed-in retailers, who may ask for access), 'members' (force_login: members only), null (no gate).
 */
export function shopGate(shop: Pick<ShopRuleFlags, 'force_login' | 'access_request'>): 'wholesale' | 'members' | null {
  if (shop.access_request === 1) return 'wholesale';
  return shop.force_login === 1 ? 'members' : null;
}
