import { eq, sql } from 'drizzle-orm';
import type { AdRequest, AdType, BusinessClass } from '@contract/rules/ads';
import type { AdStatus } from '@contract/rules/ad-lifecycle';
import type { Database } from '../db/connection';
import { adBookmarks, adEvents, adPictures, adReports, ads, consultantCodes, jobs, media, shops, uploads, users } from '../db/schema';
import { createConversationRepository } from '../repositories/conversation-repository';
import { AD_EXPIRE } from '../services/ads/ad-job-keys';
import { SEEDED_PICTURE_PREFIX } from '../services/ads/ad-mappers';
import { blurredPoint } from '../services/ads/ad-position';
import { pictureSvg } from './svg';

/*
 * The real-estate demo's classifieds (issue 31, docs/classifieds.md): 64 ads across Tehran's neighborhoods at
 * plausible points, of every request and several statuses (awaiting, rejected and asked to edit with a reason,
 * expired, closed, held after reports, one by a deleted account), published by people and a consultant, with
 * pictures drawn at seed time, customers' bookmarks and a conversation with a publisher. Written in a few batched
 * statements: the seed runs for every test database and at every e2e start.
 */

/** A neighborhood of Tehran and a point inside it. */
const NEIGHBORHOODS: readonly [name: string, lat: number, lng: number][] = [
  ['سعادت‌آباد', 35.781, 51.375],
  ['یوسف‌آباد', 35.73, 51.408],
  ['نارمک', 35.739, 51.505],
  ['پونک', 35.763, 51.33],
  ['تجریش', 35.804, 51.427],
  ['زعفرانیه', 35.8, 51.412],
  ['ونک', 35.757, 51.41],
  ['جردن', 35.77, 51.414],
  ['پاسداران', 35.771, 51.46],
  ['شهرک غرب', 35.758, 51.373],
  ['تهرانپارس', 35.738, 51.54],
  ['ستارخان', 35.714, 51.343],
  ['اکباتان', 35.706, 51.304],
  ['پیروزی', 35.688, 51.47],
  ['شهران', 35.777, 51.294],
  ['نیاوران', 35.812, 51.47],
  ['گیشا', 35.733, 51.385],
  ['امیرآباد', 35.737, 51.39],
  ['نازی‌آباد', 35.637, 51.397],
  ['مرزداران', 35.732, 51.353],
  ['الهیه', 35.792, 51.426],
  ['دروس', 35.776, 51.445],
  ['شهر زیبا', 35.747, 51.298],
  ['جنت‌آباد', 35.75, 51.309],
];

/** A small deterministic generator: the demo is the same at every seed. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  return { next, pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)], between: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

const toPersian = (value: number) => value.toLocaleString('fa-IR', { useGrouping: false });
const DAY = 86_400_000;

/** The demo's accounts at the real-estate shop; they log in by SMS as anyone (outside production the code is in the log). */
export const CLASSIFIEDS_DEMO = {
  consultant: { mobile: '09120004001', name: 'مشاور املاک نیک‌پور', code: 'M-1402' },
  publishers: [
    { mobile: '09120004002', name: 'رضا کاظمی' },
    { mobile: '09120004003', name: 'مریم صالحی' },
    { mobile: '09120004004', name: 'حسین مرادی' },
    { mobile: '09120004005', name: 'نرگس توکلی' },
  ],
  customers: [
    { mobile: '09120004010', name: 'سارا رحیمی' },
    { mobile: '09120004011', name: 'امید فرهادی' },
  ],
} as const;

interface SeedAd {
  userIndex: number | null;
  status: AdStatus;
  request: AdRequest;
  type: AdType;
  businessClass: BusinessClass | null;
  title: string;
  neighborhood: string;
  point: { lat: number; lng: number };
  meterage: number;
  rooms: number | null;
  buildYear: number | null;
  totalPrice: number | null;
  deposit: number | null;
  monthlyRent: number | null;
  partnershipFor: string | null;
  comment: string;
  reason: string | null;
  publishedDaysAgo: number;
  pictures: number;
}

/** What each of the 64 ads is: the status plan first, then its request, type and figures drawn from its place. */
function plannedAds(): SeedAd[] {
  const random = generator(31);
  // Index → status: most are published; a few of every other status, so the queue and "my ads" have something to show.
  const statusOf = (index: number): AdStatus =>
    index < 4 ? 'awaiting' : index < 6 ? 'rejected' : index < 8 ? 'edit_request' : index < 11 ? 'expired' : index === 11 ? 'closed' : index === 12 ? 'uncertain' : 'approved';
  const requests: AdRequest[] = ['sale', 'sale', 'rent', 'rent', 'rent', 'buy', 'partnership', 'sale', 'rent'];
  const planned: SeedAd[] = [];
  for (let index = 0; index < 64; index += 1) {
    const [neighborhood, lat, lng] = NEIGHBORHOODS[index % NEIGHBORHOODS.length];
    const request = requests[index % requests.length];
    const type: AdType = request === 'partnership' ? 'land' : index % 11 === 3 ? 'office' : index % 13 === 5 ? 'shop' : index % 17 === 7 ? 'house' : 'apartment';
    const meterage = type === 'land' ? random.between(250, 900) : type === 'shop' ? random.between(20, 80) : random.between(45, 220);
    const rooms = type === 'apartment' || type === 'house' ? Math.max(1, Math.min(5, Math.round(meterage / 55))) : null;
    const buildYear = type === 'land' ? null : random.between(1375, 1403);
    // Rial per square meter, dearer in the north: about 70 to 170 million toman, as Tehran's flats cost.
    const perMeter = Math.round((lat - 35.6) * 4_000_000_000 + random.between(300, 900) * 1_000_000);
    const totalPrice = request === 'sale' || request === 'buy' ? Math.round((meterage * perMeter) / 1e8) * 1e8 : null;
    const deposit = request === 'rent' ? Math.round((meterage * perMeter) / 30 / 1e8) * 1e8 : null;
    const monthlyRent = request === 'rent' ? Math.round((meterage * perMeter) / 900 / 1e6) * 1e6 : null;
    const size = `${toPersian(meterage)} متری`;
    const kind = { apartment: 'آپارتمان', house: 'خانه ویلایی', land: 'زمین', office: 'دفتر اداری', shop: 'مغازه', commercial: 'واحد تجاری', warehouse: 'انبار' }[type];
    const title =
      request === 'sale'
        ? `فروش ${kind} ${size} ${neighborhood}`
        : request === 'rent'
          ? `اجاره ${kind} ${size} ${neighborhood}`
          : request === 'buy'
            ? `خریدار ${kind} حدود ${size} در ${neighborhood}`
            : `مشارکت در ساخت ${kind} ${size} ${neighborhood}`;
    const status = statusOf(index);
    planned.push({
      // The last ad's publisher deleted their account (spec §6: "User deleted").
      userIndex: index === 63 ? null : index % 5,
      status,
      request,
      type,
      businessClass: type === 'shop' ? random.pick(['food', 'retail', 'services'] as const) : null,
      title,
      neighborhood,
      // Spread within the neighborhood (about ±600 m).
      point: { lat: lat + (random.next() - 0.5) * 0.011, lng: lng + (random.next() - 0.5) * 0.013 },
      meterage,
      rooms,
      buildYear,
      totalPrice,
      deposit,
      monthlyRent,
      partnershipFor: request === 'partnership' ? `ساخت ${toPersian(random.between(4, 12))} واحد مسکونی` : null,
      comment:
        request === 'buy'
          ? 'نقد، بدون واسطه؛ ترجیحا طبقات میانی با آسانسور.'
          : `${rooms ? `${toPersian(rooms)} خواب، ` : ''}${random.pick(['نورگیر و دنج', 'بازسازی‌شده', 'نزدیک مترو', 'دسترسی عالی به بزرگراه', 'سند تک‌برگ'])}${type === 'apartment' ? '، پارکینگ و انباری' : ''}.`,
      reason: status === 'rejected' ? 'عکس‌ها مربوط به این ملک نیست.' : status === 'edit_request' ? 'قیمت کل را به ریال و کامل بنویسید.' : null,
      publishedDaysAgo: status === 'expired' ? 35 + index : status === 'approved' || status === 'closed' || status === 'uncertain' ? index % 25 : 0,
      pictures: index === 63 ? 0 : 1 + (index % 3),
    });
  }
  return planned;
}

/** Seeds the real-estate demo's classifieds (its flats are ads, not catalog items). */
export async function seedClassifieds(tx: Database, now = new Date()): Promise<void> {
  const [shop] = await tx.select().from(shops).where(eq(shops.slug, 'realestate'));
  if (!shop) return;
  const rootId = shop.rootId ?? shop.id;
  const { consultant, publishers, customers } = CLASSIFIEDS_DEMO;
  const accounts = await tx
    .insert(users)
    .values([
      { rootId, mobile: consultant.mobile, name: consultant.name, data: { ty_city: 'تهران', ty_town: 'سعادت‌آباد', ty_user_type: 'consultant', consultant_code: consultant.code } as never },
      ...publishers.map((person) => ({ rootId, mobile: person.mobile, name: person.name, data: { ty_city: 'تهران', ty_town: null, ty_user_type: 'person' } })),
      ...customers.map((person) => ({ rootId, mobile: person.mobile, name: person.name })),
    ])
    .returning({ id: users.id });
  const publisherIds = accounts.slice(0, 1 + publishers.length).map((row) => row.id);
  // The consultant holds the code the shop gave them (spec §6); a second code waits for a customer to claim it.
  await tx.insert(consultantCodes).values([
    { rootId, code: consultant.code, label: consultant.name, userId: publisherIds[0], claimedAt: now },
    { rootId, code: 'M-1403', label: 'مشاور تازه' },
  ]);
  const customerIds = accounts.slice(1 + publishers.length).map((row) => row.id);

  const planned = plannedAds();
  const random = generator(1402);
  const rows = await tx
    .insert(ads)
    .values(
      planned.map((ad, index) => {
        const userId = ad.userIndex === null ? null : publisherIds[ad.userIndex];
        const shown = blurredPoint(ad.point, random.next);
        const publishedAt = ad.status === 'awaiting' || ad.status === 'rejected' || ad.status === 'edit_request' ? null : new Date(now.getTime() - ad.publishedDaysAgo * DAY - index * 3_600_000);
        const submittedAt = new Date((publishedAt ?? now).getTime() - (ad.status === 'awaiting' ? index * 3_600_000 : DAY));
        return {
          shopId: shop.id,
          userId,
          code: `seed-${index}`,
          status: ad.status,
          request: ad.request,
          type: ad.type,
          businessClass: ad.businessClass,
          title: ad.title,
          province: 'تهران',
          city: 'تهران',
          neighborhood: ad.neighborhood,
          meterage: ad.meterage,
          rooms: ad.rooms,
          buildYear: ad.buildYear,
          totalPrice: ad.totalPrice,
          deposit: ad.deposit,
          monthlyRent: ad.monthlyRent,
          partnershipFor: ad.partnershipFor,
          comment: ad.comment,
          lat: ad.point.lat,
          lng: ad.point.lng,
          shownLat: shown.lat,
          shownLng: shown.lng,
          publisherKind: ad.userIndex === 0 ? ('consultant' as const) : ('person' as const),
          consultantCode: ad.userIndex === 0 ? consultant.code : null,
          reason: ad.reason,
          reports: ad.status === 'uncertain' ? 3 : 0,
          publishedAt,
          expiresAt: publishedAt ? new Date(publishedAt.getTime() + shop.adExpiryDays * DAY) : null,
          statusChangedAt: publishedAt ?? submittedAt,
          createdAt: submittedAt,
          updatedAt: publishedAt ?? submittedAt,
        };
      }),
    )
    .returning({ id: ads.id, status: ads.status, userId: ads.userId, title: ads.title, createdAt: ads.createdAt, publishedAt: ads.publishedAt, expiresAt: ads.expiresAt });
  await tx.execute(sql`update ads set code = 'A-' || (1000 + id) where shop_id = ${shop.id}`);

  // Each ad's history: its submission and what moved it to its status.
  const moved: Record<AdStatus, { action: 'approve' | 'reject' | 'ask_edit' | 'expire' | 'close' | 'hold'; actor: 'moderator' | 'system' | 'publisher' }[]> = {
    awaiting: [],
    approved: [{ action: 'approve', actor: 'moderator' }],
    rejected: [{ action: 'reject', actor: 'moderator' }],
    edit_request: [{ action: 'ask_edit', actor: 'moderator' }],
    expired: [{ action: 'approve', actor: 'moderator' }, { action: 'expire', actor: 'system' }],
    closed: [{ action: 'approve', actor: 'moderator' }, { action: 'close', actor: 'publisher' }],
    uncertain: [{ action: 'approve', actor: 'moderator' }, { action: 'hold', actor: 'system' }],
    deleted: [],
  };
  const events: (typeof adEvents.$inferInsert)[] = [];
  for (const [index, row] of rows.entries()) {
    events.push({ adId: row.id, action: 'submit', fromStatus: null, toStatus: 'awaiting', actor: 'publisher', at: row.createdAt });
    let from: AdStatus = 'awaiting';
    for (const step of moved[row.status]) {
      const to: AdStatus = { approve: 'approved', reject: 'rejected', ask_edit: 'edit_request', expire: 'expired', close: 'closed', hold: 'uncertain' }[step.action] as AdStatus;
      const at = step.action === 'expire' ? row.expiresAt! : step.action === 'approve' ? row.publishedAt! : new Date(row.createdAt.getTime() + DAY / 2);
      events.push({ adId: row.id, action: step.action, fromStatus: from, toStatus: to, actor: step.actor, reason: to === row.status ? planned[index].reason : null, at });
      from = to;
    }
  }
  await tx.insert(adEvents).values(events);
  // The published ads' expiries, as an approval schedules them.
  const published = rows.filter((row) => row.status === 'approved' && row.expiresAt);
  await tx.insert(jobs).values(published.map((row) => ({ kind: AD_EXPIRE, key: `${AD_EXPIRE}:${row.id}:${row.expiresAt!.getTime()}`, payload: { shop_id: shop.id, ad_id: row.id }, runAt: row.expiresAt! })));

  // Pictures drawn now, kept in the media table (the seed has no upload storage) and recorded as the publisher's uploads.
  const wanted = rows.flatMap((row, index) => Array.from({ length: row.userId === null ? 0 : planned[index].pictures }, (_, position) => ({ row, index, position })));
  if (wanted.length > 0) {
    const stored = await tx
      .insert(media)
      .values(wanted.map(({ index, position }) => ({ shopId: rootId, contentType: 'image/svg+xml', body: pictureSvg({ title: planned[index].title, width: 800, height: 600, hue: (index * 37 + position * 71) % 360, wordless: true }) })))
      .returning({ id: media.id });
    const recorded = await tx
      .insert(uploads)
      .values(wanted.map(({ row }, at) => ({ shopId: rootId, userId: row.userId!, kind: 'ad_picture' as const, mime: 'image/png' as const, width: 800, height: 600, bytes: 0, pictureKey: `${SEEDED_PICTURE_PREFIX}${stored[at].id}`, thumbnailKey: `${SEEDED_PICTURE_PREFIX}${stored[at].id}` })))
      .returning({ id: uploads.id });
    await tx.insert(adPictures).values(wanted.map(({ row, position }, at) => ({ adId: row.id, uploadId: recorded[at].id, position })));
  }

  // The held ad's reports, the customers' bookmarks and a conversation with the consultant about one of their ads.
  const held = rows.find((row) => row.status === 'uncertain');
  if (held) await tx.insert(adReports).values(customerIds.concat(publisherIds[1]).map((userId, index) => ({ adId: held.id, userId, reason: ['قیمت غیرواقعی است.', 'ملک قبلا فروخته شده.', 'عکس‌ها تکراری است.'][index % 3] })));
  const listed = rows.filter((row) => row.status === 'approved' && row.userId !== null);
  await tx.insert(adBookmarks).values([
    ...listed.slice(0, 4).map((row, index) => ({ userId: customerIds[0], adId: row.id, createdAt: new Date(now.getTime() - index * 3_600_000) })),
    ...listed.slice(6, 8).map((row) => ({ userId: customerIds[1], adId: row.id })),
  ]);
  const consultantAd = listed.find((row) => row.userId === publisherIds[0]);
  if (consultantAd) {
    const mailbox = createConversationRepository(tx, shop, customerIds[0]);
    const conversation = await mailbox.open(publisherIds[0], consultantAd.title);
    await mailbox.insertMessage(conversation.id, 'سلام، این ملک هنوز موجود است؟ امکان بازدید فردا عصر هست؟', new Date(now.getTime() - 3 * 3_600_000));
    await createConversationRepository(tx, shop, publisherIds[0]).insertMessage(conversation.id, 'سلام، بله موجود است. فردا ساعت ۵ عصر هماهنگ می‌کنم.', new Date(now.getTime() - 2 * 3_600_000));
  }
}
