import * as v from 'valibot';
import {
  BannerSchema,
  CartSchema,
  ConversationListSchema,
  FolderSchema,
  ShopSchema,
  SlideSchema,
  UserSchema,
} from '@contract/index';
import type { Banner, Cart, ConversationList, Folder, Shop, Slide, User } from '@contract/index';

// Fixtures go through the contract schemas so a schema change breaks them loudly.

/** A plain interface-2 shop with one branch, open to everyone. */
export const shopFixture: Shop = v.parse(ShopSchema, {
  id: 11,
  slug: 'kebab',
  name: 'کبابی نمونه',
  name_en: 'Sample Kebab',
  description: 'کباب تازه',
  description_en: 'Fresh kebab',
  logo: null,
  root_id: 11,
  interface_id: 2,
  master_flag: 0,
  master_id: null,
  branches: [
    {
      id: 11,
      name: 'تهران',
      name_en: 'Tehran',
      slug: 'kebab',
      location: '35.6997,51.3380',
      radius_service: 8,
      distance: null,
      out_of_range: false,
      status: 1,
      address: 'تهران، خیابان آزادی',
    },
  ],
  branch_list_type: 1,
  delivery_methods: [{ value: 1, status: 1, text: 'تحویل حضوری', price: 0, description: '' }],
  currency: 'IRT',
  data: {
    item_steps: [],
    message_before_address_selection: '',
    other_city_detail: '',
    branch_list_detail_page: 0,
    use_as_menu: 0,
    delivery_time_hide_flag: 0,
    start_from_branchlist_page: 0,
    no_logo_in_splash: 0,
  },
  shift_data: { open: true, opens_at: '10:00', closes_at: '23:00', preorder_days: 7 },
  meta: { description: 'kebab', keywords: 'kebab' },
  access_request: 0,
  force_login: 0,
  digital_menu_en: 0,
  agreement_page: 0,
  agreement_text: '',
  state_of_development: 0,
  splash_image_link: { mobile: null, desktop: null },
  address_page_type: 1,
  phone: '02100000000',
  address: 'تهران',
});

/** The same shop while it is being built (spec §2: maintenance page). */
export const shopInDevelopmentFixture: Shop = { ...shopFixture, state_of_development: 1 };

/** A second branch, for shops that have more than one. */
export const secondBranchFixture: Shop['branches'][number] = {
  ...shopFixture.branches[0],
  id: 12,
  name: 'اصفهان',
  name_en: 'Isfahan',
  slug: 'kebab-isfahan',
  location: '32.6546,51.6680',
};

export const userFixture: User = v.parse(UserSchema, {
  id: 501,
  name: 'سارا احمدی',
  mobile: '09120000000',
  gender: 2,
  b_year: null,
  b_month: null,
  b_day: null,
  m_year: null,
  m_month: null,
  m_day: null,
  favorites: [],
  access_flag: 1,
  account_type: 'normal',
  data: { ty_city: null, ty_town: null, ty_user_type: null, consultant_code: null },
});

export const conversationsFixture: ConversationList = v.parse(ConversationListSchema, {
  conversations: [{ id: 1, title: 'پشتیبانی', unread_count: 2, last_message: 'سلام', updated_at: '2024-01-01T10:00:00Z', peer_user_id: null }],
  num_results: 1,
  unread_count: 2,
  next_offset: null,
});

export const emptyCartFixture: Cart = v.parse(CartSchema, {
  order: null,
  lines: [],
  summary: { pure_price: 0, discount_items: 0, first_order: 0, permanent_discount: 0, discount: 0, price: 0 },
});

export const filledCartFixture: Cart = v.parse(CartSchema, {
  order: { id: 90, user_id: 501, comment: '', amount_wallet_gift: 0 },
  lines: [
    {
      order_item_id: 1,
      item_id: 40,
      name: 'کباب کوبیده',
      name_en: 'Koobideh',
      item_count: 2,
      price: 1_200_000,
      feature: null,
      color: null,
      size: null,
      comment: [],
      item_data: {},
    },
  ],
  summary: { pure_price: 2_400_000, discount_items: 0, first_order: 0, permanent_discount: 0, discount: 0, price: 2_400_000 },
});

export const slidesFixture: Slide[] = v.parse(v.array(SlideSchema), [
  { id: 1, title: 'ارسال رایگان', title_en: 'Free shipping', picture: '/media/slide-1.svg', link: null },
]);

export const foldersFixture: Folder[] = v.parse(v.array(FolderSchema), [
  { item_id: 2, folder_id: 0, type: 2, name: 'کباب‌ها', name_en: 'Kebabs', picture: null, picture_id: null, bg_color: null, sort: 1 },
  { item_id: 3, folder_id: 2, type: 2, name: 'کباب مرغ', name_en: 'Chicken kebab', picture: null, picture_id: null, bg_color: null, sort: 2 },
]);

export const bannersFixture: Banner[] = v.parse(v.array(BannerSchema), [
  { id: 1, title: '۵٪ تخفیف', title_en: '5% off', picture: '/media/banner-1.svg', link: null, position: 1 },
  { id: 2, title: 'پیتزا', title_en: 'Pizza', picture: '/media/banner-2.svg', link: '/cat/3/pizza', position: 2 },
]);
