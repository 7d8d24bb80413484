import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ADS_PER_DAY, AD_POSITION_BLUR_METERS } from '@contract/rules/ads';
import { adEvents, ads, adPictures as adPictureRows, liveEvents, users, type ShopRow } from '../../server/db/schema';
import { metersBetween } from '../../server/services/ads/ad-position';
import { shopOf } from './helpers/chat';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { adCount, adCustomer, adObject, adPictures, footprint, moderator, published, submit, visitor } from './helpers/ads';

/*
 * Publishing classified ads (issue 31, docs/classifieds.md): create_new_ty_ad, update_ad_ty, ty_ad_action, ty_my_ads,
 * with their refusals: the required-box message naming the field, pictures not the user's, the daily limit, the
 * duplicate, another user's ad, a deleted ad, a shop that is not a classifieds one.
 */

let t: TestApp;
let realestate: ShopRow;
let now = new Date();
beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  realestate = await shopOf(t.db, 'realestate');
});
afterAll(() => t.close());

describe('create_new_ty_ad', () => {
  it('Scenario: an ad with two pictures waits for review; its publisher sees it whole and exact, the list does not show it yet', async () => {
    const publisher = await adCustomer(t);
    const pictures = await adPictures(t.db, realestate, publisher.userId, 2);
    const ad = await submit(publisher, { picture_ids: [pictures[1], pictures[0]] });
    expect(ad).toMatchObject({ status: 'awaiting', mine: true, request: 'rent', deposit: 2_000_000_000, monthly_rent: 150_000_000, total_price: null, location: { lat: 35.7319, lng: 51.4093 }, actions: ['edit', 'delete'], reason: null });
    expect(ad.code).toMatch(/^A-\d+$/);
    // Kept in the order sent: the first is the cover.
    expect(ad.pictures.map((picture) => picture.id)).toEqual([pictures[1], pictures[0]]);
    expect(ad.cover).toEqual({ id: pictures[1], url: `/media/upload/${pictures[1]}`, thumbnail_url: `/media/upload/${pictures[1]}/thumb` });
    const [row] = await t.db.select().from(ads).where(eq(ads.id, ad.id));
    // The point others see is moved once, within the ring.
    const moved = metersBetween({ lat: row.lat, lng: row.lng }, { lat: row.shownLat, lng: row.shownLng });
    expect(moved).toBeGreaterThanOrEqual(AD_POSITION_BLUR_METERS.min - 1);
    expect(moved).toBeLessThanOrEqual(AD_POSITION_BLUR_METERS.max + 1);
    expect(await t.db.select({ action: adEvents.action, to: adEvents.toStatus, by: adEvents.actor }).from(adEvents).where(eq(adEvents.adId, ad.id))).toEqual([{ action: 'submit', to: 'awaiting', by: 'publisher' }]);
    // The staff hear of it; a visitor cannot open it.
    const [queued] = await t.db.select().from(liveEvents).where(and(eq(liveEvents.type, 'ad_queued'), eq(liveEvents.shopId, realestate.id))).orderBy(liveEvents.id).limit(1).offset(0);
    expect(queued).toBeDefined();
    expect((await visitor(t).post({ code: 'get_ad_ty', id: String(ad.id) })).body.result).toBe('ad_not_found');
  });

  it('Scenario: Persian digits in the ad object are read; a sale keeps no rent fields; a consultant publishes as one', async () => {
    const publisher = await adCustomer(t, 'مشاور');
    await t.db.update(users).set({ data: { ty_city: null, ty_town: null, ty_user_type: 'consultant', consultant_code: 'C-7' } as never }).where(eq(users.id, publisher.userId));
    const body = { ...adObject({ request: 'sale' }), meterage: '۱۲۰', total_price: '۱۵۰۰۰۰۰۰۰۰۰', deposit: 5 };
    const ad = await publisher.api.call('create_new_ty_ad', { ad_object: JSON.stringify(body) });
    expect(ad).toMatchObject({ meterage: 120, total_price: 15_000_000_000, deposit: null, monthly_rent: null, publisher: { kind: 'consultant', consultant_code: 'C-7', deleted: false, name: 'مشاور' } });
  });

  it('Scenario: a missing field is refused with the required-box message naming it, in fa and en; nothing is written', async () => {
    const publisher = await adCustomer(t);
    const before = await adCount(t.db);
    const fa = await publisher.api.post({ code: 'create_new_ty_ad', ad_object: JSON.stringify(adObject({ monthly_rent: null })) });
    expect(fa.statusCode).toBe(400);
    expect(fa.body).toMatchObject({ result: 'ad_field_required', message: 'لطفا کادر «اجاره ماهانه» را پر کنید.', data: { field: 'monthly_rent' } });
    const en = await publisher.api.post({ code: 'create_new_ty_ad', language: 'en', ad_object: JSON.stringify(adObject({ location: null })) });
    expect(en.body).toMatchObject({ result: 'ad_field_required', message: 'Please fill in the "Location on the map" box.' });
    // A rent of 0 and 0 is not a rent.
    expect((await publisher.api.post({ code: 'create_new_ty_ad', ad_object: JSON.stringify(adObject({ deposit: 0, monthly_rent: 0 })) })).body.data).toEqual({ field: 'monthly_rent' });
    expect((await publisher.api.post({ code: 'create_new_ty_ad', ad_object: JSON.stringify(adObject({ type: 'shop' })) })).body.data).toEqual({ field: 'business_class' });
    expect((await publisher.api.post({ code: 'create_new_ty_ad', ad_object: '{not json' })).statusCode).toBe(400);
    expect(await adCount(t.db)).toBe(before);
  });

  it("Scenario: another user's pictures, or a support picture, are refused; nothing is written", async () => {
    const publisher = await adCustomer(t);
    const other = await adCustomer(t);
    const [theirs] = await adPictures(t.db, realestate, other.userId, 1);
    const [support] = await adPictures(t.db, realestate, publisher.userId, 1, 'media_message');
    const before = await adCount(t.db);
    for (const id of [theirs, support]) {
      const answer = await publisher.api.post({ code: 'create_new_ty_ad', language: 'en', ad_object: JSON.stringify(adObject({ picture_ids: [id] })) });
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toMatchObject({ result: 'ad_picture_not_yours', message: 'A chosen picture is not one of your ad pictures; upload it again.' });
    }
    expect(await adCount(t.db)).toBe(before);
  });

  it('Scenario: the same title at the same place twice is refused (409 ad_duplicate); elsewhere, or once the first is deleted, it is taken', async () => {
    const publisher = await adCustomer(t);
    const first = await submit(publisher, { title: 'آپارتمان نوساز یوسف‌آباد' });
    const before = await adCount(t.db);
    const again = await publisher.api.post({ code: 'create_new_ty_ad', ad_object: JSON.stringify(adObject({ title: 'آپارتمان نوساز یوسف‌آباد' })) });
    expect(again.statusCode).toBe(409);
    expect(again.body).toMatchObject({ result: 'ad_duplicate', message: 'آگهی دیگری از شما با همین عنوان در همین محله هست.' });
    expect(await adCount(t.db)).toBe(before);
    await submit(publisher, { title: 'آپارتمان نوساز یوسف‌آباد', neighborhood: 'ونک' });
    // Another publisher may use the title.
    await submit(await adCustomer(t), { title: 'آپارتمان نوساز یوسف‌آباد' });
    await publisher.api.call('ty_ad_action', { ad_id: String(first.id), action: 'delete' });
    await submit(publisher, { title: 'آپارتمان نوساز یوسف‌آباد' });
  });

  it(`Scenario: the ${ADS_PER_DAY + 1}th submission of a day (new ads and edits) is 429 ad_daily_limit; a day later it is taken`, async () => {
    const publisher = await adCustomer(t);
    const first = await submit(publisher);
    for (let index = 1; index < ADS_PER_DAY - 1; index += 1) await submit(publisher);
    await publisher.api.call('update_ad_ty', { ad_id: String(first.id), ad_object: JSON.stringify(adObject({ title: 'ویرایش شده عنوان' })) });
    const before = await adCount(t.db);
    const refused = await publisher.api.post({ code: 'create_new_ty_ad', language: 'en', ad_object: JSON.stringify(adObject()) });
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toMatchObject({ result: 'ad_daily_limit', message: `You have submitted ${ADS_PER_DAY} ads today; try again tomorrow.` });
    expect(await adCount(t.db)).toBe(before);
    now = new Date(now.getTime() + 86_400_000 + 1000);
    try {
      await submit(publisher);
    } finally {
      now = new Date();
    }
  });

  it('Scenario: at a shop that is not a classifieds one every ad code is 404 not_classifieds', async () => {
    const customer = await adCustomer(t, 'x', 'kebab');
    for (const [code, fields] of [
      ['get_all_ads_ty', {}],
      ['filter_all_ads_ty', {}],
      ['get_ad_ty', { id: '1' }],
      ['create_new_ty_ad', { ad_object: JSON.stringify(adObject()) }],
      ['ty_my_ads', {}],
      ['ty_add_bookmark', { ad_id: '1' }],
    ] as const) {
      const answer = await customer.api.post({ code, language: 'en', ...fields });
      expect(answer.statusCode, code).toBe(404);
      expect(answer.body).toMatchObject({ result: 'not_classifieds', message: 'This shop has no classified ads.' });
    }
  });
});

describe('update_ad_ty, ty_ad_action, ty_my_ads', () => {
  it('Scenario: an edit of a published ad goes back to review with its new content; the shown point stays unless the point moved', async () => {
    const publisher = await adCustomer(t);
    const ad = await published(t, publisher);
    const [before] = await t.db.select().from(ads).where(eq(ads.id, ad.id));
    const pictures = await adPictures(t.db, realestate, publisher.userId, 2);
    const edited = await publisher.api.call('update_ad_ty', { ad_id: String(ad.id), ad_object: JSON.stringify(adObject({ title: 'عنوان تازه آگهی', monthly_rent: 170_000_000, picture_ids: pictures })) });
    expect(edited).toMatchObject({ status: 'awaiting', title: 'عنوان تازه آگهی', monthly_rent: 170_000_000, picture_ids: pictures });
    const [after] = await t.db.select().from(ads).where(eq(ads.id, ad.id));
    expect([after.shownLat, after.shownLng]).toEqual([before.shownLat, before.shownLng]);
    await publisher.api.call('update_ad_ty', { ad_id: String(ad.id), ad_object: JSON.stringify(adObject({ title: 'عنوان تازه آگهی', location: { lat: 35.75, lng: 51.41 }, picture_ids: [pictures[1]] })) });
    const [moved] = await t.db.select().from(ads).where(eq(ads.id, ad.id));
    expect(moved.shownLat).not.toBe(before.shownLat);
    expect(await t.db.select({ position: adPictureRows.position, id: adPictureRows.uploadId }).from(adPictureRows).where(eq(adPictureRows.adId, ad.id))).toEqual([{ position: 0, id: pictures[1] }]);
  });

  it("Scenario: another user's ad is 404 for edit and actions; a deleted ad is 409; nothing is written", async () => {
    const publisher = await adCustomer(t);
    const stranger = await adCustomer(t);
    const ad = await submit(publisher);
    const before = await footprint(t.db, ad.id);
    const edit = await stranger.api.post({ code: 'update_ad_ty', ad_id: String(ad.id), ad_object: JSON.stringify(adObject()) });
    expect(edit.statusCode).toBe(404);
    expect(edit.body).toMatchObject({ result: 'ad_not_found', message: 'این آگهی پیدا نشد.' });
    expect((await stranger.api.post({ code: 'ty_ad_action', ad_id: String(ad.id), action: 'delete' })).statusCode).toBe(404);
    expect((await stranger.api.post({ code: 'get_ad_ty', id: String(ad.id) })).statusCode).toBe(404);
    expect(await footprint(t.db, ad.id)).toEqual(before);
    await publisher.api.call('ty_ad_action', { ad_id: String(ad.id), action: 'delete' });
    const deleted = await footprint(t.db, ad.id);
    const again = await publisher.api.post({ code: 'update_ad_ty', language: 'en', ad_id: String(ad.id), ad_object: JSON.stringify(adObject()) });
    expect(again.statusCode).toBe(409);
    expect(again.body).toMatchObject({ result: 'ad_change_refused', message: 'This change is not possible in the ad’s current status.' });
    expect((await publisher.api.post({ code: 'ty_ad_action', ad_id: String(ad.id), action: 'renew' })).statusCode).toBe(409);
    expect(await footprint(t.db, ad.id)).toEqual(deleted);
  });

  it('Scenario: my ads lists every status but deleted, newest first, with the reason and the actions each allows; a rejected ad shows its reason', async () => {
    const publisher = await adCustomer(t);
    const { api: console } = await moderator(t);
    const rejected = await submit(publisher);
    await console.call('ad_moderate', { ad_id: String(rejected.id), action: 'reject', reason: 'عکس‌ها مربوط به این ملک نیست' });
    const approved = await published(t, publisher);
    const gone = await submit(publisher);
    await publisher.api.call('ty_ad_action', { ad_id: String(gone.id), action: 'delete' });
    const mine = await publisher.api.call('ty_my_ads');
    expect(mine.ads.map((ad) => [ad.id, ad.status, ad.reason, ad.actions])).toEqual([
      [approved.id, 'approved', null, ['edit', 'close', 'delete']],
      [rejected.id, 'rejected', 'عکس‌ها مربوط به این ملک نیست', ['edit', 'delete']],
    ]);
    expect(mine.ads[0].expires_at).not.toBeNull();
    expect(mine.next_offset).toBeNull();
    expect((await publisher.api.call('ty_my_ads', { offset: '1', length: '1' })).ads.map((ad) => ad.id)).toEqual([rejected.id]);
    expect((await publisher.api.call('ty_my_ads', { offset: '5' })).ads).toEqual([]);
    expect((await visitor(t).post({ code: 'ty_my_ads' })).statusCode).toBe(401);
  });
});
