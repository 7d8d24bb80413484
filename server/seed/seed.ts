import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/connection';
import { banners, itemOptions, items, media, shops, slides, type ShopRow, type ShopTexts, type StoredShopData } from '../db/schema';
import { announceShopChanged } from '../repositories/shop-changes';
import { shopDirectory } from '../repositories/shop-directory';
import type { EventBus } from '../services/events';
import { seedCatalogExtras } from './catalog-extras';
import { seedCheckout } from './checkout';
import { seedClassifieds } from './classifieds';
import { seedDemoChat } from './chat';
import { seedDemoCustomer } from './demo-customer';
import { seedForms } from './forms';
import { seedStaff, type SeededStaffLogin } from './staff';
import { deliveryMethods } from './delivery';
import { demoShops } from './shops';
import { hueOf, logoSvg, pictureSvg } from './svg';
import type { SeedBanner, SeedFolder, SeedItem, SeedShop } from './types';

// Any constant works: it only keeps two servers starting together from seeding twice.
const SEED_LOCK = 7_270_001;

const defaultData: StoredShopData = {
  item_steps: [],
  branch_list_detail_page: 0,
  use_as_menu: 0,
  delivery_time_hide_flag: 0,
  start_from_branchlist_page: 0,
  no_logo_in_splash: 0,
};

function textsOf(shop: SeedShop): { fa: ShopTexts; en: ShopTexts } {
  const fa: ShopTexts = {
    agreement_text: '',
    message_before_address_selection: 'لطفا آدرس دقیق را همراه با پلاک و واحد وارد کنید.',
    other_city_detail: 'سفارش‌های شهرهای دیگر پس از پرداخت با پست پیشتاز ارسال می‌شوند.',
    meta_description: shop.description,
    meta_keywords: `${shop.name}، سفارش آنلاین`,
  };
  const en: ShopTexts = {
    agreement_text: '',
    message_before_address_selection: 'Please enter your exact address with the building number and unit.',
    other_city_detail: 'Orders to other cities are sent by express post after payment.',
    meta_description: shop.descriptionEn,
    meta_keywords: `${shop.nameEn}, online ordering`,
  };
  return { fa: { ...fa, ...shop.texts?.fa }, en: { ...en, ...shop.texts?.en } };
}

type Tx = Database;

async function storePicture(tx: Tx, shopId: number, svg: string): Promise<number> {
  const [row] = await tx.insert(media).values({ shopId, contentType: 'image/svg+xml', body: svg }).returning({ id: media.id });
  return row.id;
}

async function insertItem(tx: Tx, shopId: number, folderId: number, item: SeedItem, sort: number) {
  const pictureMediaId = await storePicture(tx, shopId, pictureSvg({ title: item.name, wordless: true }));
  const [row] = await tx
    .insert(items)
    .values({
      shopId,
      folderId,
      type: item.type ?? 1,
      name: item.name,
      nameEn: item.nameEn,
      description: item.description ?? '',
      descriptionEn: item.descriptionEn ?? '',
      pictureMediaId,
      multipictures: [pictureMediaId],
      unit: item.unit ?? 'number',
      price: item.price,
      data: { features: [], colors: [], sizes: [], ...item.data },
      sort,
    })
    .returning({ id: items.id });
  if (item.options?.length) {
    await tx.insert(itemOptions).values(
      item.options.map((option, index) => ({
        shopId,
        itemId: row.id,
        step: option.step,
        name: option.name,
        nameEn: option.nameEn,
        price: option.price,
        count: option.count ?? 0,
        minCount: option.minCount,
        maxCount: option.maxCount,
        sort: index + 1,
      })),
    );
  }
}

async function insertFolder(tx: Tx, shopId: number, parentId: number, folder: SeedFolder, sort: number) {
  const hue = hueOf(folder.nameEn);
  const pictureMediaId = await storePicture(tx, shopId, pictureSvg({ title: folder.name, width: 400, height: 400, hue, wordless: true }));
  const [row] = await tx
    .insert(items)
    .values({
      shopId,
      folderId: parentId,
      type: 2,
      name: folder.name,
      nameEn: folder.nameEn,
      pictureMediaId,
      bgColor: folder.bgColor ?? `hsl(${hue}, 60%, 92%)`,
      sort,
    })
    .returning({ id: items.id });
  for (const [index, child] of (folder.folders ?? []).entries()) await insertFolder(tx, shopId, row.id, child, index + 1);
  for (const [index, item] of (folder.items ?? []).entries()) await insertItem(tx, shopId, row.id, item, index + 1);
}

async function insertPictured(tx: Tx, shopId: number, entries: SeedBanner[], table: 'slides' | 'banners') {
  for (const [index, entry] of entries.entries()) {
    const wide = table === 'slides';
    const pictureMediaId = await storePicture(tx, shopId, pictureSvg({ title: entry.title, subtitle: entry.titleEn, width: wide ? 1200 : 800, height: wide ? 500 : 300 }));
    const common = { shopId, title: entry.title, titleEn: entry.titleEn, pictureMediaId, link: entry.link ?? null };
    if (table === 'slides') await tx.insert(slides).values({ ...common, sort: index + 1 });
    else await tx.insert(banners).values({ ...common, position: index + 1 });
  }
}

async function insertShop(tx: Tx, shop: SeedShop, master: ShopRow | null): Promise<void> {
  const [row] = await tx
    .insert(shops)
    .values({
      slug: shop.slug,
      name: shop.name,
      nameEn: shop.nameEn,
      description: shop.description,
      descriptionEn: shop.descriptionEn,
      interfaceId: shop.interfaceId,
      masterId: master?.id ?? null,
      pass: randomBytes(12).toString('hex'),
      data: { ...defaultData, ...shop.data },
      texts: textsOf(shop),
      deliveryMethods: shop.deliveryMethods ?? deliveryMethods(),
      ...shop.settings,
    })
    .returning();
  const logoMediaId = await storePicture(tx, row.id, logoSvg(shop.name));
  const splash = shop.splash
    ? {
        splashMobileMediaId: await storePicture(tx, row.id, pictureSvg({ title: shop.name, subtitle: shop.nameEn, width: 720, height: 1280 })),
        splashDesktopMediaId: await storePicture(tx, row.id, pictureSvg({ title: shop.name, subtitle: shop.nameEn, width: 1920, height: 1080 })),
      }
    : {};
  const [stored] = await tx
    .update(shops)
    .set({ rootId: master?.id ?? row.id, logoMediaId, ...splash })
    .where(eq(shops.id, row.id))
    .returning();
  for (const [index, folder] of shop.folders.entries()) await insertFolder(tx, row.id, 0, folder, index + 1);
  await insertPictured(tx, row.id, shop.slides, 'slides');
  await insertPictured(tx, row.id, shop.banners, 'banners');
  for (const branch of shop.branches ?? []) await insertShop(tx, branch, stored);
}

/**
 * Seeds the demo shops when the database has none; a database that already
 * has shops is left alone, so a restart keeps every row. With `events`, the
 * seeded shops are announced (SHOP_CHANGED) once the seed has committed. Each root shop gets a
 * console login (seed/staff.ts): the README's demo password, or with `production` a random one,
 * returned in `staffLogins` (main.ts prints them once). A public server (`production`) gets no demo
 * customer: its wallet credit and chats would be anyone's who can receive that phone's code.
 */
export async function seedDemoShops(
  db: Database,
  options: { events?: EventBus; production?: boolean } = {},
): Promise<{ seeded: boolean; staffLogins: SeededStaffLogin[] }> {
  const staffPasswords = options.production ? 'random' : 'demo';
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    // Already seeded: only shops without staff (a database older than the console) get their owner.
    if ((await shopDirectory.count(tx)) > 0) return { seeded: false, staffLogins: await seedStaff(tx, staffPasswords) };
    for (const shop of demoShops) await insertShop(tx, shop, null);
    await seedCheckout(tx);
    await seedCatalogExtras(tx);
    if (!options.production) await seedDemoCustomer(tx);
    await seedDemoChat(tx);
    await seedClassifieds(tx);
    await seedForms(tx);
    const staffLogins = await seedStaff(tx, staffPasswords);
    return { seeded: true, staffLogins };
  });
  if (result.seeded && options.events) await announceShopChanged(db, options.events, await shopDirectory.ids(db));
  return result;
}
