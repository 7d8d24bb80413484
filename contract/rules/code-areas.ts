import type { Code } from '../api';
import type { CodeArea } from './shop-access';

/*
 * Which area each code serves (shop-access.ts says what an area's rules are). Apart from the
 * rules, so the rules import no endpoint: contract/api.ts reaches them through rules/chat.ts.
 */

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

  // Classifieds (issue 31): finding ads is the catalog's area; the publisher's own ads, bookmarks, reports and chat the account's.
  get_all_ads_ty: 'catalog',
  filter_all_ads_ty: 'catalog',
  ty_ad_counts: 'catalog',
  get_ads_by_location: 'catalog',
  get_ad_ty: 'catalog',
  create_new_ty_ad: 'account',
  update_ad_ty: 'account',
  ty_ad_action: 'account',
  ty_my_ads: 'account',
  ty_list_bookmarks: 'account',
  ty_add_bookmark: 'account',
  ty_remove_bookmark: 'account',
  ty_report_ad: 'account',
  ty_contact_publisher: 'account',
  ty_save_search: 'account',
  ty_saved_searches: 'account',
  ty_remove_saved_search: 'account',

  get_form: 'forms',
  submit_form: 'forms',
  get_survey: 'forms',
  submit_survey: 'forms',
};
