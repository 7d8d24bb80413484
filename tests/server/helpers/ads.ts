import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { AdObjectInput } from '@contract/endpoints/ads';
import { adEvents, ads, liveEvents, uploads, type ShopRow } from '../../../server/db/schema';
import type { Database } from '../../../server/db/connection';
import { chatClient } from './chat';
import { staffLogin } from './console-client';
import type { TestApp } from './create-test-app';

/*
 * The classifieds' tests' helpers (tests/server/ads-*.test.ts): customers of the real-estate demo, an ad object the
 * wizard could send, pictures as the upload pipeline leaves them, and the moderator's console.
 */

export const HOST = 'realestate.localhost';

let ipSeq = 1;
/** A signed-in customer of a shop (the real-estate demo by default) and their API. */
export async function adCustomer(t: TestApp, name = 'آگهی‌دهنده', slug = 'realestate') {
  const { userId, cookie } = await t.signIn(slug, { name });
  return { userId, cookie, api: chatClient(t.app, `${slug}.localhost`, cookie, `10.31.${Math.floor(ipSeq / 250)}.${ipSeq++ % 250}`) };
}
export type AdCustomer = Awaited<ReturnType<typeof adCustomer>>;

/** A visitor without an account. */
export const visitor = (t: TestApp, slug = 'realestate') => chatClient(t.app, `${slug}.localhost`, '', `10.32.0.${ipSeq++ % 250}`);

/** A rent ad in a place of the test's own (its city keeps other ads out of the test's filters). */
export function adObject(overrides: Partial<AdObjectInput> = {}): AdObjectInput {
  return {
    request: 'rent',
    type: 'apartment',
    title: `آپارتمان ${randomBytes(3).toString('hex')}`,
    province: 'تهران',
    city: 'تست‌آباد',
    neighborhood: 'یوسف‌آباد',
    meterage: 85,
    rooms: 2,
    build_year: 1398,
    deposit: 2_000_000_000,
    monthly_rent: 150_000_000,
    comment: 'نزدیک مترو',
    picture_ids: [],
    location: { lat: 35.7319, lng: 51.4093 },
    ...overrides,
  };
}

/** Ad pictures as the upload pipeline records them, owned by `userId` (their bytes are not read by these tests). */
export async function adPictures(db: Database, shop: ShopRow, userId: number, howMany: number, kind: 'ad_picture' | 'media_message' = 'ad_picture'): Promise<number[]> {
  const rows = await db
    .insert(uploads)
    .values(Array.from({ length: howMany }, () => ({ shopId: shop.rootId ?? shop.id, userId, kind, mime: 'image/jpeg' as const, width: 800, height: 600, bytes: 1000, pictureKey: `ab/ab${randomBytes(15).toString('hex')}.jpg`, thumbnailKey: `ab/ab${randomBytes(15).toString('hex')}.jpg` })))
    .returning({ id: uploads.id });
  return rows.map((row) => row.id);
}

/** Submits an ad; answers its detail. */
export async function submit(customer: AdCustomer, overrides: Partial<AdObjectInput> = {}) {
  return customer.api.call('create_new_ty_ad', { ad_object: JSON.stringify(adObject(overrides)) });
}

/** The real-estate demo's owner in the console. */
export const moderator = (t: TestApp) => staffLogin(t.app, HOST);

/** Submits an ad and has the moderator approve it. */
export async function published(t: TestApp, customer: AdCustomer, overrides: Partial<AdObjectInput> = {}) {
  const ad = await submit(customer, overrides);
  const { api } = await moderator(t);
  await api.call('ad_moderate', { ad_id: String(ad.id), action: 'approve' });
  return ad;
}

/** What a refused write must leave as it was: the ad's row, its history and the live log. */
export async function footprint(db: Database, adId: number) {
  const [ad] = await db.select().from(ads).where(eq(ads.id, adId));
  const [events] = await db.select({ total: count() }).from(adEvents).where(eq(adEvents.adId, adId));
  const [live] = await db.select({ total: count() }).from(liveEvents);
  return { ad, events: events.total, live: live.total };
}

export async function adCount(db: Database) {
  const [row] = await db.select({ total: count() }).from(ads);
  return row.total;
}
