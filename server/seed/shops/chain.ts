import type { SeedFolder, SeedShop } from '../types';

const burgerMenu = (): SeedFolder[] => [
  {
    name: 'برگر',
    nameEn: 'Burgers',
    items: [
      { name: 'چیزبرگر کلاسیک', nameEn: 'Classic cheeseburger', description: '۱۵۰ گرم گوشت گوساله با پنیر چدار.', descriptionEn: '150 g beef patty with cheddar.', price: 2_650_000 },
      { name: 'برگر قارچ و پنیر', nameEn: 'Mushroom Swiss burger', price: 2_950_000 },
    ],
  },
  {
    name: 'سوخاری',
    nameEn: 'Fried chicken',
    items: [{ name: 'مرغ سوخاری ۳ تکه', nameEn: 'Fried chicken, 3 pieces', price: 2_400_000 }],
  },
  { name: 'نوشیدنی', nameEn: 'Drinks', items: [{ name: 'لیموناد', nameEn: 'Lemonade', price: 450_000 }] },
];

const branch = (slug: string, city: string, cityEn: string, lat: number, lng: number, radiusService: number, status: 1 | 2, street: string, streetEn: string): SeedShop => ({
  slug,
  name: `برگر زنجیره‌ای آتش - شعبه ${city}`,
  nameEn: `Atash Burger - ${cityEn} branch`,
  description: `شعبه ${city} برگر آتش.`,
  descriptionEn: `The ${cityEn} branch of Atash Burger.`,
  interfaceId: 2,
  settings: { currency: 'IRT', lat, lng, radiusService, status, address: `${city}، ${street}`, addressEn: `${streetEn}, ${cityEn}`, shiftOpen: status === 1 },
  folders: burgerMenu(),
  slides: [
    { title: `افتتاح شعبه ${city}`, titleEn: `Our ${cityEn} branch is open` },
    { title: 'برگر دوبل با تخفیف', titleEn: 'Double burger on offer' },
    { title: 'ارسال رایگان اولین سفارش', titleEn: 'Free delivery on your first order' },
  ],
  banners: [
    { title: 'منوی خانواده', titleEn: 'Family menu' },
    { title: 'سوخاری ترد', titleEn: 'Crispy fried chicken' },
  ],
});

export const chain: SeedShop = {
  slug: 'chain',
  name: 'برگر زنجیره‌ای آتش',
  nameEn: 'Atash Burger',
  description: 'برگر و سوخاری در تهران، اصفهان و شیراز؛ نزدیک‌ترین شعبه را انتخاب کنید.',
  descriptionEn: 'Burgers and fried chicken in Tehran, Isfahan and Shiraz; choose your nearest branch.',
  interfaceId: 2,
  settings: { currency: 'IRT', masterFlag: 1, branchListType: 1, phone: '021-1880' },
  data: { branch_list_detail_page: 1, start_from_branchlist_page: 1 },
  folders: burgerMenu(),
  slides: [
    { title: 'سه شهر، یک طعم', titleEn: 'Three cities, one taste' },
    { title: 'نزدیک‌ترین شعبه را پیدا کنید', titleEn: 'Find your nearest branch' },
    { title: 'برگر آتش', titleEn: 'Atash Burger' },
  ],
  banners: [
    { title: 'شعبه تهران', titleEn: 'Tehran branch' },
    { title: 'شعبه اصفهان', titleEn: 'Isfahan branch' },
  ],
  branches: [
    branch('chain-tehran', 'تهران', 'Tehran', 35.6892, 51.389, 12, 1, 'خیابان انقلاب، پلاک ۳۱۰', '310 Enghelab St'),
    branch('chain-isfahan', 'اصفهان', 'Isfahan', 32.6539, 51.666, 8, 1, 'خیابان چهارباغ عباسی، پلاک ۲۵', '25 Chaharbagh Abbasi St'),
    branch('chain-shiraz', 'شیراز', 'Shiraz', 29.5918, 52.5837, 6, 2, 'خیابان زند، پلاک ۱۴', '14 Zand St'),
  ],
};
