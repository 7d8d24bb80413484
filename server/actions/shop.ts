import type { Branch, Shop } from '@contract/entities/shop';
import { deliveryMethodsOf } from '@contract/rules/delivery-methods';
import type { Language } from '@contract/enums';
import { sortBranches, withDistances } from '@contract/rules/branch-order';
import type { Point } from '@contract/rules/distance';
import type { ShopRow } from '../db/schema';
import { shiftOf } from '../services/checkout/shift';
import { visitorPosition } from '../services/visitor-position';
import { mediaUrl, type Handlers } from './context';

const pick = (language: Language, fa: string, en: string) => (language === 'en' ? en : fa);

function toBranch(row: ShopRow, language: Language): Branch {
  return {
    id: row.id,
    name: row.name,
    name_en: row.nameEn,
    slug: row.slug,
    location: row.lat !== null && row.lng !== null ? `${row.lat},${row.lng}` : '',
    radius_service: row.radiusService,
    distance: null,
    out_of_range: false,
    status: row.status,
    address: pick(language, row.address, row.addressEn),
  };
}

/** A master's branches for a visitor at `at` (null: unknown), distance and out_of_range filled, in the contract's order. */
export const toBranches = (branches: ShopRow[], at: Point | null, language: Language): Branch[] =>
  sortBranches(withDistances(branches.map((branch) => toBranch(branch, language)), at));

/**
 * The contract's Shop for a row, with texts in `language`; never the row's `pass` (the shop's key).
 * A master's branches are measured from `at`, the visitor's position when known.
 */
export function toShop(row: ShopRow, branches: ShopRow[], language: Language, at: Point | null = null): Shop {
  const texts = row.texts[language];
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    name_en: row.nameEn,
    description: row.description,
    description_en: row.descriptionEn,
    logo: mediaUrl(row.logoMediaId),
    root_id: row.rootId ?? row.id,
    interface_id: row.interfaceId as Shop['interface_id'],
    master_flag: row.masterFlag === 1 ? 1 : 0,
    master_id: row.masterId,
    branches: toBranches(branches, at, language),
    branch_list_type: row.branchListType as Shop['branch_list_type'],
    delivery_methods: deliveryMethodsOf(row.id, row.deliveryMethods).map((method) => ({
      value: method.value,
      status: method.status,
      price: method.price,
      text: method.text[language],
      description: method.description[language],
    })),
    currency: row.currency as Shop['currency'],
    data: {
      item_steps: row.data.item_steps.map(({ id, min_count, max_count }) => ({ id, min_count, max_count })),
      message_before_address_selection: texts.message_before_address_selection,
      other_city_detail: texts.other_city_detail,
      branch_list_detail_page: row.data.branch_list_detail_page,
      use_as_menu: row.data.use_as_menu,
      delivery_time_hide_flag: row.data.delivery_time_hide_flag,
      start_from_branchlist_page: row.data.start_from_branchlist_page,
      no_logo_in_splash: row.data.no_logo_in_splash,
    },
    shift_data: shiftOf(row),
    meta: { description: texts.meta_description, keywords: texts.meta_keywords },
    access_request: row.accessRequest === 1 ? 1 : 0,
    force_login: row.forceLogin === 1 ? 1 : 0,
    digital_menu_en: row.digitalMenuEn === 1 ? 1 : 0,
    agreement_page: row.agreementPage === 1 ? 1 : 0,
    agreement_text: texts.agreement_text,
    rules_text: texts.rules_page ?? '',
    privacy_text: texts.privacy_page ?? '',
    state_of_development: row.stateOfDevelopment === 1 ? 1 : 0,
    splash_image_link: { mobile: mediaUrl(row.splashMobileMediaId), desktop: mediaUrl(row.splashDesktopMediaId) },
    address_page_type: row.addressPageType,
    phone: row.phone,
    address: pick(language, row.address, row.addressEn),
  };
}

export const shopActions: Handlers<'get_shop'> = {
  // At a master, a signed-in customer's last position (set_last_location) orders the branches.
  async get_shop(context, { language }) {
    const branches = await context.repos.branches.list();
    const at = branches.length > 0 ? await visitorPosition(context, {}) : null;
    return toShop(context.shop, branches, language, at);
  },
};
