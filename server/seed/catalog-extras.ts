import { eq } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { galleryPictures, magazinePosts, media, shops } from '../db/schema';
import { pictureSvg } from './svg';
import type { SeedFolder } from './types';

/** 26 pantry products for the grocery: enough for two pages of 20, with prices spread for filters. */
export const pantryFolder: SeedFolder = {
  name: 'خواربار',
  nameEn: 'Pantry',
  items: (
    [
      ['روغن آفتابگردان ۱.۵ لیتری', 'Sunflower oil 1.5 L', 1_650_000],
      ['شکر سفید ۱ کیلویی', 'White sugar 1 kg', 520_000],
      ['نمک یددار ۱ کیلویی', 'Iodised salt 1 kg', 95_000],
      ['چای سیاه ایرانی ۵۰۰ گرمی', 'Iranian black tea 500 g', 2_400_000],
      ['عدس ۹۰۰ گرمی', 'Lentils 900 g', 780_000],
      ['لوبیا چیتی ۹۰۰ گرمی', 'Pinto beans 900 g', 990_000],
      ['نخود ۹۰۰ گرمی', 'Chickpeas 900 g', 860_000],
      ['ماکارونی ۷۰۰ گرمی', 'Spaghetti 700 g', 350_000],
      ['رب گوجه فرنگی ۸۰۰ گرمی', 'Tomato paste 800 g', 690_000],
      ['تن ماهی ۱۸۰ گرمی', 'Canned tuna 180 g', 1_150_000],
      ['زعفران نیم مثقالی', 'Saffron 2.3 g', 3_900_000],
      ['زردچوبه ۲۵۰ گرمی', 'Turmeric 250 g', 420_000],
      ['آرد گندم ۱ کیلویی', 'Wheat flour 1 kg', 310_000],
      ['عسل طبیعی ۵۰۰ گرمی', 'Natural honey 500 g', 2_750_000],
      ['مربای آلبالو ۳۰۰ گرمی', 'Sour cherry jam 300 g', 560_000],
      ['خرمای مضافتی ۷۰۰ گرمی', 'Mazafati dates 700 g', 1_250_000],
      ['قهوه فوری ۱۰۰ گرمی', 'Instant coffee 100 g', 1_980_000],
      ['بیسکویت ساقه‌طلایی', 'Wheat biscuits', 180_000],
      ['کنسرو لوبیا ۴۰۰ گرمی', 'Baked beans 400 g', 470_000],
      ['سرکه سیب ۵۰۰ میلی‌لیتری', 'Apple vinegar 500 ml', 290_000],
      ['رشته آش ۵۰۰ گرمی', 'Ash noodles 500 g', 330_000],
      ['کشک ۵۰۰ گرمی', 'Kashk 500 g', 640_000],
      ['پودر کاکائو ۲۰۰ گرمی', 'Cocoa powder 200 g', 1_350_000],
      ['ارده کنجد ۴۵۰ گرمی', 'Sesame tahini 450 g', 1_480_000],
      ['زیتون سبز ۶۵۰ گرمی', 'Green olives 650 g', 1_120_000],
      ['آبلیمو ۱ لیتری', 'Lemon juice 1 L', 380_000],
    ] as const
  ).map(([name, nameEn, price]) => ({ name, nameEn, price, description: 'کالای اساسی آشپزخانه.', descriptionEn: 'A kitchen staple.' })),
};

type Bilingual = readonly [fa: string, en: string];
interface SeedPost {
  category: number;
  title: Bilingual;
  summary: Bilingual;
  body: Bilingual;
}

const kebabPosts: SeedPost[] = [
  {
    category: 1,
    title: ['راز کباب کوبیده آبدار', 'The secret of a juicy koobideh'],
    summary: ['نسبت چربی، پیاز رنده‌شده و ورز دادن؛ سه نکته‌ای که کوبیده را از سیخ نمی‌اندازد.', 'Fat ratio, grated onion and kneading: three things that keep koobideh on the skewer.'],
    body: [
      'کوبیده خوب با گوشت گوسفندی با حدود بیست درصد چربی شروع می‌شود. پیاز را رنده کنید و آبش را کامل بگیرید، سپس گوشت را دست‌کم ده دقیقه ورز دهید تا چسبناک شود. زغال باید سرخ و بدون شعله باشد.',
      'A good koobideh starts with lamb of about twenty percent fat. Grate the onion and squeeze out all its juice, then knead the meat for at least ten minutes until it turns sticky. The charcoal should glow red with no flame.',
    ],
  },
  {
    category: 1,
    title: ['زعفران اصل را چطور بشناسیم', 'How to tell real saffron'],
    summary: ['رنگ، بو و آزمون آب سرد.', 'Colour, smell and the cold water test.'],
    body: ['زعفران اصل در آب سرد به آرامی رنگ پس می‌دهد و رشته‌هایش سالم می‌ماند. بوی آن تلخ و گرم است، نه شیرین.', 'Real saffron colours cold water slowly and its threads stay whole. It smells bitter and warm, not sweet.'],
  },
  {
    category: 2,
    title: ['شعبه جدید در ونک افتتاح شد', 'Our new branch in Vanak is open'],
    summary: ['از این هفته سفارش‌های شمال تهران سریع‌تر می‌رسند.', 'From this week orders in north Tehran arrive faster.'],
    body: ['شعبه ونک با ظرفیت شصت نفر و پارکینگ اختصاصی از ساعت ۱۱ تا ۲۳:۳۰ پذیرای شماست.', 'The Vanak branch seats sixty, has its own parking, and is open from 11:00 to 23:30.'],
  },
  {
    category: 1,
    title: ['دوغ محلی و کباب؛ ترکیبی کلاسیک', 'Doogh and kebab, a classic pair'],
    summary: ['چرا دوغ گازدار کنار غذای چرب می‌نشیند.', 'Why sparkling doogh goes with rich food.'],
    body: ['اسید لاکتیک دوغ چربی را سبک‌تر حس می‌کند و نعناع خشک طعم زغال را کامل می‌کند.', 'The lactic acid of doogh makes fat feel lighter and dried mint completes the charcoal flavour.'],
  },
  {
    category: 2,
    title: ['ارسال رایگان برای اولین سفارش', 'Free delivery on your first order'],
    summary: ['اولین سفارش آنلاین شما بدون هزینه ارسال است.', 'Your first online order ships free.'],
    body: ['کافی است با شماره موبایل وارد شوید و سفارش دهید؛ هزینه ارسال اولین سفارش حذف می‌شود.', 'Log in with your mobile number and order; the first order has no delivery cost.'],
  },
  {
    category: 1,
    title: ['جوجه کباب بدون خشک شدن', 'Joojeh kebab that stays moist'],
    summary: ['ماست، لیمو و زمان استراحت.', 'Yoghurt, lemon and resting time.'],
    body: ['مرغ را دست‌کم شش ساعت در ماست، لیمو و زعفران بخوابانید و روی حرارت متوسط بپزید.', 'Marinate the chicken in yoghurt, lemon and saffron for at least six hours and cook it over medium heat.'],
  },
  {
    category: 2,
    title: ['منوی پاییزی رسید', 'The autumn menu is here'],
    summary: ['پیتزا با سس قارچ و سالاد فصل.', 'Pizza with mushroom sauce and a seasonal salad.'],
    body: ['از اول مهر پیتزای مخصوص با سس قارچ خانگی و سالاد انار به منو اضافه شده است.', 'From the start of autumn the special pizza with home-made mushroom sauce and a pomegranate salad join the menu.'],
  },
];

const galleries: Record<string, Bilingual[]> = {
  kebab: [
    ['سالن اصلی', 'The main hall'],
    ['منقل زغالی', 'The charcoal grill'],
    ['کباب برگ آماده سرو', 'Barg kebab ready to serve'],
    ['حیاط تابستانی', 'The summer courtyard'],
    ['پیتزای مخصوص', 'The special pizza'],
    ['آشپزخانه باز', 'The open kitchen'],
  ],
  skincare: [
    ['ویترین محصولات', 'Product shelves'],
    ['اتاق مشاوره پوست', 'The skin consultation room'],
    ['بسته‌بندی هدیه', 'Gift packaging'],
  ],
  cafe: [
    ['بار قهوه', 'The coffee bar'],
    ['کیک‌های خانگی', 'Home-made cakes'],
    ['میزهای کنار پنجره', 'Tables by the window'],
    ['صبحانه تمام روز', 'All-day breakfast'],
  ],
};

/** Magazine posts for the kebab shop, galleries for three shops; runs inside the seed transaction. */
export async function seedCatalogExtras(tx: Database): Promise<void> {
  const shopId = async (slug: string) => (await tx.select({ id: shops.id }).from(shops).where(eq(shops.slug, slug)))[0]?.id;
  const picture = async (owner: number, title: Bilingual, width: number, height: number) => {
    const [row] = await tx
      .insert(media)
      .values({ shopId: owner, contentType: 'image/svg+xml', body: pictureSvg({ title: title[0], subtitle: title[1], width, height }) })
      .returning({ id: media.id });
    return row.id;
  };

  const kebab = await shopId('kebab');
  if (kebab !== undefined) {
    const now = Date.now();
    for (const [index, post] of kebabPosts.entries()) {
      await tx.insert(magazinePosts).values({
        shopId: kebab,
        categoryId: post.category,
        title: post.title[0],
        titleEn: post.title[1],
        summary: post.summary[0],
        summaryEn: post.summary[1],
        body: post.body[0],
        bodyEn: post.body[1],
        pictureMediaId: await picture(kebab, post.title, 800, 450),
        // One post a week, the first one oldest.
        createdAt: new Date(now - (kebabPosts.length - index) * 7 * 86_400_000),
      });
    }
  }

  for (const [slug, titles] of Object.entries(galleries)) {
    const owner = await shopId(slug);
    if (owner === undefined) continue;
    for (const [index, title] of titles.entries()) {
      const [width, height] = index % 3 === 1 ? [600, 800] : [800, 600];
      await tx.insert(galleryPictures).values({ shopId: owner, title: title[0], titleEn: title[1], pictureMediaId: await picture(owner, title, width, height), width, height, sort: index + 1 });
    }
  }
}
