import type { SeedShop } from '../types';

/** Step id of 'choose sauces'; the shop's data.item_steps bounds the total selected (1 to 3). */
export const SAUCE_STEP = 1;

export const kebab: SeedShop = {
  slug: 'kebab',
  name: 'کبابی شب‌های تهران',
  nameEn: 'Tehran Nights Kebab House',
  description: 'کباب کوبیده، جوجه و برگ تازه روی زغال، پیتزا و نوشیدنی‌های خنک؛ ارسال سریع در تهران.',
  descriptionEn: 'Charcoal-grilled koobideh, joojeh and barg kebabs, pizza and cold drinks; fast delivery across Tehran.',
  interfaceId: 2,
  splash: true,
  settings: {
    currency: 'IRT',
    phone: '021-88776655',
    address: 'تهران، خیابان ولیعصر، بالاتر از میدان ونک، پلاک ۱۲',
    addressEn: '12 Valiasr St, north of Vanak Sq, Tehran',
    lat: 35.7575,
    lng: 51.4098,
    radiusService: 10,
    opensAt: '11:00',
    closesAt: '23:30',
  },
  data: { item_steps: [{ id: SAUCE_STEP, name: { fa: 'انتخاب سس', en: 'Choose sauces' }, min_count: 1, max_count: 3 }] },
  folders: [
    {
      name: 'کباب‌ها',
      nameEn: 'Kebabs',
      folders: [
        {
          name: 'کباب مرغ',
          nameEn: 'Chicken kebabs',
          items: [
            {
              name: 'جوجه کباب زعفرانی',
              nameEn: 'Saffron joojeh kebab',
              description: 'سینه مرغ مزه‌دار شده با زعفران و لیمو، هر سیخ حدود ۲۵۰ گرم.',
              descriptionEn: 'Chicken breast marinated in saffron and lemon, about 250 g per skewer.',
              price: 1_850_000,
              unit: 'skewer',
            },
            {
              name: 'جوجه کباب با استخوان',
              nameEn: 'Bone-in joojeh kebab',
              description: 'ران و بال مرغ با استخوان روی زغال.',
              descriptionEn: 'Bone-in chicken thighs and wings over charcoal.',
              price: 2_100_000,
              unit: 'skewer',
            },
          ],
        },
        {
          name: 'کباب گوشت',
          nameEn: 'Beef kebabs',
          items: [
            {
              name: 'کباب کوبیده',
              nameEn: 'Koobideh kebab',
              description: 'گوشت چرخ‌کرده گوسفندی و گوساله با پیاز، هر سیخ ۱۲۰ گرم.',
              descriptionEn: 'Minced lamb and veal with onion, 120 g per skewer.',
              price: 1_450_000,
              unit: 'skewer',
              data: {
                features: [
                  { name: 'با گوجه کبابی', name_en: 'With grilled tomato' },
                  { name: 'بدون گوجه', name_en: 'Without tomato' },
                ],
              },
            },
            {
              name: 'کباب برگ',
              nameEn: 'Barg kebab',
              description: 'فیله گوسفندی نازک‌شده با زعفران و کره.',
              descriptionEn: 'Thin lamb fillet with saffron and butter.',
              price: 3_900_000,
              unit: 'skewer',
            },
          ],
        },
      ],
    },
    {
      name: 'پیتزا',
      nameEn: 'Pizza',
      items: [
        {
          name: 'پیتزا مخصوص',
          nameEn: 'Special pizza',
          description: 'ژامبون گوشت، قارچ، فلفل دلمه‌ای و پنیر موزارلا.',
          descriptionEn: 'Beef ham, mushroom, bell pepper and mozzarella.',
          price: 3_200_000,
          data: {
            sizes: [
              { name: '۲۴ سانتی‌متر', name_en: '24 cm', price: 3_200_000 },
              { name: '۳۰ سانتی‌متر', name_en: '30 cm', price: 4_400_000 },
            ],
          },
          // Ketchup starts at its minimum of 1, so it cannot be removed; the step allows 1 to 3 sauces in all.
          options: [
            { step: SAUCE_STEP, name: 'سس کچاپ', nameEn: 'Ketchup', price: 0, count: 1, minCount: 1, maxCount: 2 },
            { step: SAUCE_STEP, name: 'سس سیر', nameEn: 'Garlic sauce', price: 80_000, minCount: 0, maxCount: 2 },
            { step: SAUCE_STEP, name: 'سس تند', nameEn: 'Hot sauce', price: 80_000, minCount: 0, maxCount: 2 },
            { step: SAUCE_STEP, name: 'سس قارچ', nameEn: 'Mushroom sauce', price: 120_000, minCount: 0, maxCount: 1 },
          ],
        },
        {
          name: 'پیتزا پپرونی',
          nameEn: 'Pepperoni pizza',
          description: 'پپرونی تند، سس گوجه و پنیر موزارلا.',
          descriptionEn: 'Spicy pepperoni, tomato sauce and mozzarella.',
          price: 3_450_000,
          data: {
            sizes: [
              { name: '۲۴ سانتی‌متر', name_en: '24 cm', price: 3_450_000 },
              { name: '۳۰ سانتی‌متر', name_en: '30 cm', price: 4_700_000 },
            ],
          },
        },
      ],
    },
    {
      name: 'پیش‌غذا',
      nameEn: 'Starters',
      items: [
        {
          name: 'سیب‌زمینی سرخ‌کرده',
          nameEn: 'French fries',
          description: 'سیب‌زمینی سرخ‌کرده ترد با سس دلخواه (۱ تا ۳ سس).',
          descriptionEn: 'Crispy fries with the sauces of your choice (1 to 3).',
          price: 950_000,
          unit: 'portion',
          options: [
            { step: SAUCE_STEP, name: 'سس سیر', nameEn: 'Garlic sauce', price: 80_000, minCount: 0, maxCount: 2 },
            { step: SAUCE_STEP, name: 'سس تند', nameEn: 'Hot sauce', price: 80_000, minCount: 0, maxCount: 2 },
            { step: SAUCE_STEP, name: 'سس قارچ', nameEn: 'Mushroom sauce', price: 120_000, minCount: 0, maxCount: 1 },
            { step: SAUCE_STEP, name: 'سس کچاپ', nameEn: 'Ketchup', price: 0, count: 1, minCount: 1, maxCount: 3 },
          ],
        },
        { name: 'سالاد شیرازی', nameEn: 'Shirazi salad', description: 'خیار، گوجه، پیاز و آبغوره.', descriptionEn: 'Cucumber, tomato, onion and verjuice.', price: 450_000 },
      ],
    },
    {
      name: 'نوشیدنی‌ها',
      nameEn: 'Drinks',
      items: [
        { name: 'دوغ محلی', nameEn: 'Local doogh', description: 'دوغ گازدار با نعناع خشک.', descriptionEn: 'Sparkling yoghurt drink with dried mint.', price: 250_000 },
        {
          name: 'نوشابه',
          nameEn: 'Soft drink',
          description: 'نوشابه خنک در طعم‌های مختلف.',
          descriptionEn: 'Cold soft drink in several flavours.',
          price: 300_000,
          data: {
            features: [
              { name: 'قوطی', name_en: 'Can' },
              { name: 'شیشه', name_en: 'Bottle' },
            ],
            colors: [
              { name: 'کولا', name_en: 'Cola', hex: '#3b1f14' },
              { name: 'پرتقال', name_en: 'Orange', hex: '#f28c28' },
              { name: 'لیمو', name_en: 'Lemon', hex: '#e8e337' },
            ],
          },
        },
        { name: 'هزینه بسته‌بندی', nameEn: 'Packaging', description: 'در فهرست نمایش داده نمی‌شود.', descriptionEn: 'Never listed.', price: 150_000, type: 12 },
      ],
    },
  ],
  slides: [
    { title: 'ارسال رایگان برای اولین سفارش', titleEn: 'Free delivery on your first order' },
    { title: '۵٪ تخفیف سفارش آنلاین', titleEn: '5% off when you order online' },
    { title: 'کباب تازه روی زغال', titleEn: 'Fresh kebab on charcoal', link: '/cat-level1' },
  ],
  banners: [
    { title: 'جوجه زعفرانی، پرفروش‌ترین', titleEn: 'Saffron joojeh, our best seller' },
    { title: 'پیتزا ۳۰ سانتی برای دورهمی', titleEn: '30 cm pizza for sharing' },
    { title: 'نوشیدنی خنک کنار غذا', titleEn: 'A cold drink with your meal' },
  ],
};
