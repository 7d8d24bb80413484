import { pantryFolder } from '../catalog-extras';
import type { SeedShop } from '../types';

export const grocery: SeedShop = {
  slug: 'grocery',
  name: 'هایپرمارکت سبد سبز',
  nameEn: 'Green Basket Hypermarket',
  description: 'لبنیات، نان، میوه و سبزی تازه و کالاهای اساسی با ارسال در همان روز.',
  descriptionEn: 'Dairy, bread, fresh fruit and vegetables and staples, delivered the same day.',
  interfaceId: 3,
  settings: {
    currency: 'IRR',
    agreementPage: 1,
    phone: '021-44556677',
    address: 'تهران، شهرک غرب، بلوار دادمان، پلاک ۴۰',
    addressEn: '40 Dadman Blvd, Shahrak-e Gharb, Tehran',
    lat: 35.7590,
    lng: 51.3660,
    radiusService: 7,
  },
  texts: {
    fa: {
      agreement_text:
        'با ثبت سفارش می‌پذیرید که قیمت کالاهای وزنی پس از توزین نهایی می‌شود، کالای فاسدشدنی تنها هنگام تحویل قابل مرجوعی است و هزینه ارسال پس از تأیید فروشگاه قطعی می‌شود.',
    },
    en: {
      agreement_text:
        'By placing an order you accept that prices of goods sold by weight are final after weighing, perishables can only be returned on delivery, and the delivery cost is final once the shop confirms.',
    },
  },
  folders: [
    {
      name: 'لبنیات',
      nameEn: 'Dairy',
      items: [
        { name: 'شیر کم‌چرب ۱ لیتری', nameEn: 'Low-fat milk 1 L', description: 'شیر پاستوریزه ۱.۵٪ چربی.', descriptionEn: 'Pasteurised milk, 1.5% fat.', price: 420_000 },
        { name: 'ماست پرچرب ۹۰۰ گرمی', nameEn: 'Full-fat yoghurt 900 g', price: 780_000 },
        { name: 'پنیر لیقوان', nameEn: 'Lighvan cheese', description: 'پنیر سنتی گوسفندی.', descriptionEn: 'Traditional sheep cheese.', price: 2_900_000, unit: 'kg' },
      ],
    },
    {
      name: 'نان و غلات',
      nameEn: 'Bread and grains',
      items: [
        { name: 'برنج هاشمی ۱۰ کیلویی', nameEn: 'Hashemi rice 10 kg', description: 'برنج ایرانی درجه یک گیلان.', descriptionEn: 'Premium Iranian rice from Gilan.', price: 18_500_000 },
        { name: 'نان سنگک', nameEn: 'Sangak bread', price: 150_000 },
      ],
    },
    {
      name: 'میوه و سبزی',
      nameEn: 'Fruit and vegetables',
      items: [
        { name: 'سیب قرمز دماوند', nameEn: 'Damavand red apple', price: 650_000, unit: 'kg' },
        { name: 'گوجه فرنگی', nameEn: 'Tomato', price: 380_000, unit: 'kg' },
        { name: 'سبزی خوردن', nameEn: 'Fresh herbs', price: 250_000, unit: 'number' },
      ],
    },
    { name: 'نوشیدنی', nameEn: 'Beverages', items: [{ name: 'آب معدنی ۱.۵ لیتری', nameEn: 'Mineral water 1.5 L', price: 120_000 }] },
    pantryFolder,
  ],
  slides: [
    { title: 'ارسال رایگان خرید بالای ۵ میلیون ریال', titleEn: 'Free delivery over 5,000,000 rial' },
    { title: 'میوه تازه هر صبح', titleEn: 'Fresh fruit every morning' },
    { title: 'لبنیات با تخفیف', titleEn: 'Dairy on offer' },
  ],
  banners: [
    { title: 'سبد هفتگی خانواده', titleEn: 'The weekly family basket' },
    { title: 'برنج ایرانی درجه یک', titleEn: 'Premium Iranian rice' },
  ],
};

export const skincare: SeedShop = {
  slug: 'skincare',
  name: 'پوست‌نو',
  nameEn: 'PoostNo Skincare',
  description: 'محصولات مراقبت از پوست اصل با مشاوره رایگان و ارسال به سراسر کشور.',
  descriptionEn: 'Genuine skincare products with free advice and nationwide delivery.',
  interfaceId: 100,
  splash: true,
  settings: { currency: 'IRT', addressPageType: 2, phone: '021-22334455', address: 'تهران، خیابان شریعتی، پلاک ۸۸', addressEn: '88 Shariati St, Tehran' },
  folders: [
    {
      name: 'مراقبت از پوست',
      nameEn: 'Skin care',
      folders: [
        {
          name: 'پاک‌کننده‌ها',
          nameEn: 'Cleansers',
          items: [
            {
              name: 'ژل شستشوی صورت',
              nameEn: 'Facial cleansing gel',
              description: 'مناسب پوست چرب و مختلط، ۲۰۰ میلی‌لیتر.',
              descriptionEn: 'For oily and combination skin, 200 ml.',
              price: 2_450_000,
              data: {
                features: [{ name: 'پوست چرب', name_en: 'Oily skin' }, { name: 'پوست مختلط', name_en: 'Combination skin' }],
                code: 'SKC-1021',
                texture_types: [{ name: 'ژل', name_en: 'Gel' }],
                packaging_types: [{ name: 'بطری پمپ‌دار', name_en: 'Pump bottle' }],
              },
            },
          ],
        },
        {
          name: 'مرطوب‌کننده‌ها',
          nameEn: 'Moisturisers',
          items: [
            {
              name: 'کرم آبرسان هیالورونیک',
              nameEn: 'Hyaluronic moisturising cream',
              description: '۵۰ میلی‌لیتر.',
              descriptionEn: '50 ml.',
              price: 3_800_000,
              data: { code: 'SKC-2040', texture_types: [{ name: 'کرم', name_en: 'Cream' }], packaging_types: [{ name: 'قوطی', name_en: 'Jar' }, { name: 'تیوپ', name_en: 'Tube' }] },
            },
          ],
        },
      ],
    },
    {
      name: 'ضد آفتاب',
      nameEn: 'Sunscreen',
      items: [
        {
          name: 'کرم ضد آفتاب رنگی SPF50',
          nameEn: 'Tinted sunscreen SPF50',
          description: 'ضد آب، ۴۰ میلی‌لیتر.',
          descriptionEn: 'Water resistant, 40 ml.',
          price: 2_950_000,
          data: {
            colors: [
              { name: 'بژ روشن', name_en: 'Light beige', hex: '#e9c9a8' },
              { name: 'بژ طبیعی', name_en: 'Natural beige', hex: '#d4a67c' },
            ],
          },
        },
      ],
    },
    { name: 'آرایشی', nameEn: 'Makeup', items: [{ name: 'رژ لب مات', nameEn: 'Matte lipstick', price: 1_650_000, data: { colors: [{ name: 'قرمز', name_en: 'Red', hex: '#b3122e' }, { name: 'نود', name_en: 'Nude', hex: '#c58f7a' }] } }] },
  ],
  slides: [
    { title: 'روتین پوستی خود را بسازید', titleEn: 'Build your skincare routine' },
    { title: 'ضد آفتاب تابستانه', titleEn: 'Summer sunscreen' },
    { title: 'مشاوره رایگان پوست', titleEn: 'Free skin consultation' },
  ],
  banners: [
    { title: 'ارسال رایگان به سراسر کشور', titleEn: 'Free nationwide delivery' },
    { title: 'محصولات اصل با ضمانت', titleEn: 'Genuine products, guaranteed' },
    // The routine finder (contract/forms/skincare-routine.ts, stored as form 2 by seed/forms.ts).
    { title: 'روتین پوستی مناسب خود را پیدا کنید', titleEn: 'Find your skincare routine', link: '/form/2' },
  ],
};

export const nuts: SeedShop = {
  slug: 'nuts',
  name: 'آجیل و خشکبار برادران',
  nameEn: 'Baradaran Nuts and Dried Fruit',
  description: 'پسته، بادام، گردو و خشکبار تازه به صورت کیلویی و گرمی.',
  descriptionEn: 'Fresh pistachios, almonds, walnuts and dried fruit by the kilo and by the gram.',
  interfaceId: 101,
  settings: { currency: 'IRT', phone: '031-32221100', address: 'اصفهان، بازار بزرگ، راسته آجیل‌فروشان', addressEn: 'Nut sellers row, Grand Bazaar, Isfahan' },
  folders: [
    {
      name: 'آجیل',
      nameEn: 'Nuts',
      folders: [
        {
          name: 'پسته',
          nameEn: 'Pistachios',
          items: [
            {
              name: 'پسته اکبری شور',
              nameEn: 'Salted Akbari pistachio',
              description: 'پسته درشت رفسنجان، قیمت هر کیلو.',
              descriptionEn: 'Large Rafsanjan pistachio, price per kilo.',
              price: 14_500_000,
              unit: 'kg',
              data: {
                sizes: [
                  { name: '۲۵۰ گرم', name_en: '250 g', price: 3_700_000 },
                  { name: '۵۰۰ گرم', name_en: '500 g', price: 7_300_000 },
                  { name: '۱ کیلو', name_en: '1 kg', price: 14_500_000 },
                ],
                code: 'NUT-110',
                texture_types: [{ name: 'بو داده', name_en: 'Roasted' }],
                packaging_types: [{ name: 'کیسه وکیوم', name_en: 'Vacuum bag' }, { name: 'جعبه هدیه', name_en: 'Gift box' }],
              },
            },
            { name: 'پسته احمدآقایی خام', nameEn: 'Raw Ahmad-Aghaei pistachio', price: 12_800_000, unit: 'kg' },
          ],
        },
        { name: 'بادام و گردو', nameEn: 'Almonds and walnuts', items: [{ name: 'بادام درختی', nameEn: 'Almonds', price: 950_000, unit: 'g', data: { unit_step: 100 }, description: 'قیمت هر ۱۰۰ گرم.', descriptionEn: 'Price per 100 g.' }, { name: 'مغز گردو', nameEn: 'Walnut kernels', price: 9_800_000, unit: 'kg' }] },
      ],
    },
    {
      name: 'خشکبار',
      nameEn: 'Dried fruit',
      items: [
        { name: 'توت خشک', nameEn: 'Dried mulberries', price: 420_000, unit: 'g', data: { unit_step: 100 }, description: 'قیمت هر ۱۰۰ گرم.', descriptionEn: 'Price per 100 g.' },
        { name: 'انجیر خشک استهبان', nameEn: 'Estahban dried figs', price: 6_400_000, unit: 'kg' },
      ],
    },
  ],
  slides: [
    { title: 'آجیل شب یلدا', titleEn: 'Yalda night nuts' },
    { title: 'پسته تازه رفسنجان', titleEn: 'Fresh Rafsanjan pistachios' },
    { title: 'خرید گرمی و کیلویی', titleEn: 'Buy by the gram or the kilo' },
  ],
  banners: [
    { title: 'خشکبار سالم و بدون شکر', titleEn: 'Healthy dried fruit, no added sugar' },
    { title: 'بسته‌بندی هدیه', titleEn: 'Gift packaging' },
  ],
};
