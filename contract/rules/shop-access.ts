import type { Code } from '../api';

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

/** Every code of the contract, classified; the type makes a new code a compile error until it is classified here. */
export const CODE_AREAS: { readonly [C in Code]: CodeArea } = {
  get_shop: 'startup',
  select_branch: 'startup',
  get_user_detail: 'startup',
  get_slides: 'startup',
  get_banners: 'startup',
  get_all_folders: 'startup',
  get_all_conversations: 'startup',
  // The live channel opens with the app for every signed-in visitor, like the conversation list.
  longpull: 'startup',
  get_cart: 'startup-cart',

  login: 'account',
  check_verify_code: 'account',
  complete_register: 'account',
  logout: 'account',
  update_profile: 'account',
  get_wallet: 'account',
  get_invite_data: 'account',
  request_access: 'account',
  // The customer's own mailbox with the shop: reachable in maintenance and after a declined access request.
  get_messages: 'account',
  send_message_web: 'account',
  read_message: 'account',
  get_conversation_messages: 'account',
  send_message_to_conversation: 'account',
  readConversation: 'account',

  get_list_item: 'catalog',
  get_item: 'catalog',
  get_items: 'catalog',
  get_tree_item: 'catalog',
  get_breadcrumb: 'catalog',
  get_options: 'catalog',
  add_visit_item: 'catalog',
  get_best_sell_items: 'catalog',
  get_new_items: 'catalog',
  get_sells_list: 'catalog',
  get_favorites: 'catalog',
  toggle_favorite: 'catalog',
  get_magazines: 'catalog',
  get_magazine_post: 'catalog',
  get_gallery: 'catalog',
  contact_us: 'catalog',

  cart_controller: 'cart',
  save_comment: 'cart',
  order_controler: 'cart',

  get_addresses: 'checkout',
  new_add_addreses: 'checkout',
  update_address: 'checkout',
  delete_address: 'checkout',
  update_address_order: 'checkout',
  get_location_data: 'checkout',
  set_last_location: 'checkout',
  randomize_geoLocation: 'checkout',
  price_controler: 'checkout',
  discount_compute: 'checkout',
  get_discount_data: 'checkout',
  use_wallet: 'checkout',
  none_use_wallet: 'checkout',
  wallet_operations: 'checkout',
  final_order: 'checkout',
  get_sep: 'checkout',
  get_factors: 'checkout',
  get_order_by_id: 'checkout',
  repeat_order: 'checkout',
  update_status_order: 'checkout',

  get_form: 'forms',
  submit_form: 'forms',
  get_survey: 'forms',
  submit_survey: 'forms',
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
