import type { SeedShop } from '../types';

export const realestate: SeedShop = {
  slug: 'realestate',
  name: 'املاک خانه‌یاب',
  nameEn: 'Khaneyab Real Estate',
  description: 'آگهی خرید، فروش، اجاره و مشارکت در ساخت ملک در سراسر کشور.',
  descriptionEn: 'Ads to buy, sell, rent and partner in building property across the country.',
  interfaceId: 4,
  settings: { currency: 'IRR', phone: '021-66554433' },
  // Its flats are classified ads (seed/classifieds.ts), not catalog items.
  folders: [],
  slides: [
    { title: 'آگهی خود را رایگان ثبت کنید', titleEn: 'Post your ad for free' },
    { title: 'مشاوران املاک معتمد', titleEn: 'Trusted property consultants' },
    { title: 'جستجو روی نقشه', titleEn: 'Search on the map' },
  ],
  banners: [
    { title: 'اجاره بدون واسطه', titleEn: 'Rent without agents' },
    { title: 'املاک تجاری', titleEn: 'Commercial property' },
  ],
};

export const members: SeedShop = {
  slug: 'members',
  name: 'قنادی باشگاه اعضا',
  nameEn: 'Members Club Patisserie',
  description: 'شیرینی و کیک سفارشی فقط برای اعضای باشگاه؛ برای دیدن منو وارد شوید.',
  descriptionEn: 'Pastries and custom cakes for club members only; log in to see the menu.',
  interfaceId: 5,
  settings: { currency: 'IRT', forceLogin: 1 },
  folders: [
    { name: 'کیک', nameEn: 'Cakes', items: [{ name: 'کیک شکلاتی', nameEn: 'Chocolate cake', price: 9_500_000, unit: 'kg' }] },
    { name: 'شیرینی تر', nameEn: 'Fresh pastries', items: [{ name: 'شیرینی ناپلئونی', nameEn: 'Napoleon pastry', price: 4_200_000, unit: 'kg' }] },
  ],
  slides: [
    { title: 'ویژه اعضای باشگاه', titleEn: 'For club members' },
    { title: 'کیک تولد سفارشی', titleEn: 'Custom birthday cakes' },
    { title: 'امتیاز هر خرید', titleEn: 'Points on every order' },
  ],
  banners: [
    { title: 'شیرینی تازه هر روز', titleEn: 'Fresh pastries daily' },
    { title: 'سفارش مراسم', titleEn: 'Orders for events' },
  ],
};

export const wholesale: SeedShop = {
  slug: 'wholesale',
  name: 'پخش عمده نوشت‌افزار مهر',
  nameEn: 'Mehr Stationery Wholesale',
  // Spec §2: at an access-request shop every signed-in account proceeds (access_flag 0 or 1); only a declined request (-1) is shut out.
  description: 'فروش عمده نوشت‌افزار به فروشگاه‌ها؛ با ورود به حساب، قیمت همکار را ببینید و سفارش دهید. تنها درخواست دسترسیِ ردشده فروشگاه را می‌بندد.',
  descriptionEn: 'Wholesale stationery for retailers; sign in to see trade prices and order. Only a declined access request closes the store.',
  interfaceId: 7,
  settings: { currency: 'IRR', accessRequest: 1 },
  folders: [
    { name: 'دفتر', nameEn: 'Notebooks', items: [{ name: 'دفتر ۱۰۰ برگ (بسته ۲۰ عددی)', nameEn: '100-sheet notebook (pack of 20)', price: 21_000_000 }] },
    { name: 'نوشت‌افزار', nameEn: 'Writing', items: [{ name: 'خودکار آبی (بسته ۵۰ عددی)', nameEn: 'Blue ballpoint pen (pack of 50)', price: 9_500_000 }] },
  ],
  slides: [
    { title: 'قیمت ویژه همکاران', titleEn: 'Special prices for retailers' },
    { title: 'بازگشایی مدارس', titleEn: 'Back to school' },
    { title: 'ارسال به سراسر کشور', titleEn: 'Nationwide shipping' },
  ],
  banners: [
    { title: 'درخواست دسترسی عمده', titleEn: 'Request wholesale access' },
    { title: 'تخفیف پلکانی', titleEn: 'Volume discounts' },
  ],
};

export const soon: SeedShop = {
  slug: 'soon',
  name: 'فروشگاه به‌زودی',
  nameEn: 'Coming Soon Store',
  description: 'فروشگاه در حال آماده‌سازی است و به‌زودی افتتاح می‌شود.',
  descriptionEn: 'The store is being prepared and opens soon.',
  interfaceId: 3,
  settings: { currency: 'IRT', stateOfDevelopment: 1 },
  folders: [{ name: 'محصولات', nameEn: 'Products', items: [{ name: 'محصول نمونه', nameEn: 'Sample product', price: 1_000_000 }] }],
  slides: [
    { title: 'به‌زودی', titleEn: 'Coming soon' },
    { title: 'منتظر ما باشید', titleEn: 'Stay tuned' },
    { title: 'افتتاحیه با تخفیف', titleEn: 'Opening discounts' },
  ],
  banners: [
    { title: 'خبرنامه', titleEn: 'Newsletter' },
    { title: 'افتتاحیه', titleEn: 'Grand opening' },
  ],
};

export const menu: SeedShop = {
  slug: 'menu',
  name: 'منوی دیجیتال رستوران سنتی سرای',
  nameEn: 'Saray Traditional Restaurant Menu',
  description: 'منوی دیجیتال رستوران سنتی؛ کد QR روی میز را اسکن کنید.',
  descriptionEn: 'The digital menu of a traditional restaurant; scan the QR code on your table.',
  interfaceId: 99,
  settings: { currency: 'IRT', digitalMenuEn: 1 },
  data: { use_as_menu: 1, delivery_time_hide_flag: 1 },
  folders: [
    { name: 'غذای اصلی', nameEn: 'Main dishes', items: [{ name: 'دیزی سنگی', nameEn: 'Dizi (stone pot stew)', price: 3_600_000 }, { name: 'باقالی پلو با ماهیچه', nameEn: 'Dill rice with lamb shank', price: 5_200_000 }] },
    { name: 'دسر', nameEn: 'Desserts', items: [{ name: 'شله زرد', nameEn: 'Saffron rice pudding', price: 650_000 }] },
    { name: 'چای و دمنوش', nameEn: 'Tea and infusions', items: [{ name: 'چای سنتی با نبات', nameEn: 'Traditional tea with rock candy', price: 400_000 }] },
  ],
  slides: [
    { title: 'خوش آمدید', titleEn: 'Welcome' },
    { title: 'پیشنهاد سرآشپز', titleEn: "Chef's special" },
    { title: 'موسیقی زنده پنجشنبه‌ها', titleEn: 'Live music on Thursdays' },
  ],
  banners: [
    { title: 'دیزی سنگی', titleEn: 'Stone pot dizi' },
    { title: 'چای سنتی', titleEn: 'Traditional tea' },
  ],
};

export const cafe: SeedShop = {
  slug: 'cafe',
  name: 'کافه رازیانه',
  nameEn: 'Raziyaneh Café',
  description: 'قهوه دمی، کیک خانگی و صبحانه تمام روز.',
  descriptionEn: 'Brewed coffee, home-made cake and all-day breakfast.',
  interfaceId: 102,
  splash: true,
  data: { no_logo_in_splash: 1 },
  settings: { currency: 'IRT', phone: '021-77889900', address: 'تهران، خیابان کریمخان، پلاک ۵۵', addressEn: '55 Karimkhan St, Tehran' },
  folders: [
    {
      name: 'قهوه',
      nameEn: 'Coffee',
      items: [
        {
          name: 'لاته',
          nameEn: 'Latte',
          price: 1_400_000,
          data: { sizes: [{ name: 'کوچک', name_en: 'Small', price: 1_400_000 }, { name: 'بزرگ', name_en: 'Large', price: 1_750_000 }] },
        },
        { name: 'اسپرسو', nameEn: 'Espresso', price: 950_000 },
      ],
    },
    { name: 'کیک', nameEn: 'Cake', items: [{ name: 'چیزکیک', nameEn: 'Cheesecake', price: 1_600_000 }] },
    { name: 'صبحانه', nameEn: 'Breakfast', items: [{ name: 'املت', nameEn: 'Omelette', price: 1_300_000 }] },
  ],
  slides: [
    { title: 'قهوه تازه برشته', titleEn: 'Freshly roasted coffee' },
    { title: 'صبحانه تمام روز', titleEn: 'All-day breakfast' },
    { title: 'کیک خانگی', titleEn: 'Home-made cake' },
  ],
  banners: [
    { title: 'ساعت خوش ۴ تا ۶', titleEn: 'Happy hour 4 to 6' },
    { title: 'دانه قهوه برای خانه', titleEn: 'Coffee beans for home' },
  ],
};
