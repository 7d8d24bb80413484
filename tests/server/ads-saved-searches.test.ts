import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import { toPersianDigits } from '@contract/digits';
import type { SavedSearch } from '@contract/endpoints/ads';
import { SAVED_SEARCHES_MAX } from '@contract/rules/ads';
import { adSavedSearches, ads, liveEvents, type ShopRow } from '../../server/db/schema';
import { customerAudience } from '../../server/services/live/audiences';
import { shopOf } from './helpers/chat';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { adCustomer, moderator, submit, visitor, type AdCustomer } from './helpers/ads';

/*
 * Saved searches (issue 31, "beyond Divar's web"; docs/classifieds.md): saving the list's filters, the limit, the
 * same filters twice, removal, and the live `ad_matched` an ad's first approval sends the searches' owners.
 */

let t: TestApp;
let realestate: ShopRow;
beforeAll(async () => {
  t = await createTestApp();
  realestate = await shopOf(t.db, 'realestate');
});
afterAll(() => t.close());

/** ty_save_search's answer as it came (a refusal too), `data` typed as the contract's search. */
const saveSearch = async (customer: AdCustomer, filters: unknown, name?: string, language: 'fa' | 'en' = 'fa') =>
  (await customer.api.post({ code: 'ty_save_search', language, filters: typeof filters === 'string' ? filters : JSON.stringify(filters), ...(name === undefined ? {} : { name }) })) as {
    statusCode: number;
    body: { result: string; message: string; data: SavedSearch };
  };

async function savedCount(userId: number) {
  const [row] = await t.db.select({ total: count() }).from(adSavedSearches).where(eq(adSavedSearches.userId, userId));
  return row.total;
}

/** The ad_matched events of an ad sent to these customers (other tests' searches of every ad hear of it too). */
const matchedEvents = async (adId: number, customers: readonly AdCustomer[]) => {
  const audiences = customers.map((customer) => customerAudience(realestate.id, customer.userId));
  return (await t.db.select().from(liveEvents).where(and(eq(liveEvents.type, 'ad_matched'), inArray(liveEvents.audience, audiences)))).filter((event) => event.payload.ad_id === adId);
};

describe('saving a search', () => {
  it('Scenario: the filters are saved under a name made from them (or the given one); the same filters again, however written, are the same search', async () => {
    const customer = await adCustomer(t, 'جوینده');
    const saved = await saveSearch(customer, { request: 'rent', type: 'apartment', city: ' تهران ', neighborhood: 'یوسف‌آباد', meterage: { min: '۸۰' }, sort: 'price_asc' });
    expect(saved.statusCode).toBe(200);
    expect(saved.body.data).toMatchObject({ name: 'اجاره · آپارتمان · یوسف‌آباد، تهران', filters: { request: 'rent', type: 'apartment', city: 'تهران', neighborhood: 'یوسف‌آباد', meterage: { min: 80 } } });
    // The order is the list's view, not part of what the search matches.
    expect(saved.body.data.filters).not.toHaveProperty('sort');
    const again = await saveSearch(customer, { neighborhood: 'یوسف‌آباد', meterage: { min: 80 }, city: 'تهران', type: 'apartment', request: 'rent' }, 'اسم دیگر');
    expect(again.body.data).toEqual(saved.body.data);
    expect(await savedCount(customer.userId)).toBe(1);

    const named = await saveSearch(customer, { request: 'sale', q: ' مترو ' }, 'خرید نزدیک مترو');
    expect(named.body.data).toMatchObject({ name: 'خرید نزدیک مترو', filters: { request: 'sale', q: 'مترو' } });
    // Made in the customer's language; no filter at all is every ad.
    expect((await saveSearch(customer, { type: 'house', city: 'Tehran', q: 'garden' }, '', 'en')).body.data.name).toBe('House · Tehran · “garden”');
    expect((await saveSearch(customer, {})).body.data.name).toBe('همه آگهی‌ها');
    const list = await customer.api.call('ty_saved_searches', {});
    expect(list.searches.map((search) => search.name).slice(2)).toEqual(['خرید نزدیک مترو', 'اجاره · آپارتمان · یوسف‌آباد، تهران']);
  });

  it('Scenario: bad filters are refused as filter_all_ads_ty refuses them (400), a guest must log in, and nothing is written', async () => {
    const customer = await adCustomer(t);
    const inverted = await saveSearch(customer, { meterage: { min: 120, max: 60 } });
    expect(inverted.statusCode).toBe(400);
    const listed = await customer.api.post({ code: 'filter_all_ads_ty', filters: JSON.stringify({ meterage: { min: 120, max: 60 } }) });
    expect(listed.statusCode).toBe(400);
    expect(inverted.body.result).toBe(listed.body.result);
    expect((await saveSearch(customer, '{broken')).statusCode).toBe(400);
    expect((await saveSearch(customer, { request: 'steal' })).statusCode).toBe(400);
    expect((await saveSearch(customer, { request: 'rent' }, 'x'.repeat(200))).statusCode).toBe(400);
    expect(await savedCount(customer.userId)).toBe(0);
    const guest = await visitor(t).post({ code: 'ty_save_search', filters: '{"request":"rent"}' });
    expect(guest.statusCode).toBe(401);
  });

  it(`Scenario: at most ${SAVED_SEARCHES_MAX} searches per account: the next is refused (409, in the customer's words), the same one again still answers`, async () => {
    const customer = await adCustomer(t);
    const first = await saveSearch(customer, { meterage: { min: 1 } });
    for (let index = 2; index <= SAVED_SEARCHES_MAX; index += 1) expect((await saveSearch(customer, { meterage: { min: index } })).statusCode).toBe(200);
    const over = await saveSearch(customer, { meterage: { min: 99 } });
    expect(over.statusCode).toBe(409);
    expect(over.body).toMatchObject({ result: 'saved_search_limit', message: `بیش از ${toPersianDigits(SAVED_SEARCHES_MAX)} جستجو نمی‌توانید ذخیره کنید؛ یکی را حذف کنید.` });
    expect(await savedCount(customer.userId)).toBe(SAVED_SEARCHES_MAX);
    expect((await saveSearch(customer, { meterage: { min: 1 } })).body.data.id).toBe(first.body.data.id);
  });

  it("Scenario: a customer removes their own search; another's is 404 and stays", async () => {
    const owner = await adCustomer(t);
    const other = await adCustomer(t);
    const saved = (await saveSearch(owner, { request: 'buy' })).body.data;
    const refused = await other.api.post({ code: 'ty_remove_saved_search', search_id: String(saved.id) });
    expect(refused.statusCode).toBe(404);
    expect(refused.body.result).toBe('saved_search_not_found');
    expect(await savedCount(owner.userId)).toBe(1);
    expect(await owner.api.call('ty_remove_saved_search', { search_id: String(saved.id) })).toEqual({ search_id: saved.id, removed: true });
    expect(await owner.api.call('ty_saved_searches', {})).toEqual({ searches: [] });
  });
});

describe('an approved ad tells the searches it matches', () => {
  it('Scenario: the first approval sends one ad_matched to each owner of a matching search (not the publisher, once per user, with the card and the search); a renewal or a re-approval tells no one again', async () => {
    const city = 'جستجوآباد';
    const publisher = await adCustomer(t, 'آگهی‌دهنده');
    const fits = await adCustomer(t, 'یک');
    const twice = await adCustomer(t, 'دو');
    const misses = await adCustomer(t, 'سه');
    const everyone = [publisher, fits, twice, misses];
    const fitting = (await saveSearch(fits, { request: 'rent', city, meterage: { min: 80, max: 90 }, monthly_rent: { max: 150_000_000 }, q: 'مترو' })).body.data;
    const firstOfTwo = (await saveSearch(twice, { city })).body.data;
    await saveSearch(twice, { city, type: 'apartment', rooms: { min: 2 } });
    await saveSearch(misses, { request: 'sale', city });
    await saveSearch(misses, { city, meterage: { min: 86 } });
    await saveSearch(misses, { city: 'جای دیگر' });
    await saveSearch(publisher, { city });

    const ad = await submit(publisher, { city, meterage: 85, monthly_rent: 150_000_000, comment: 'نزدیک مترو' });
    // Waiting for review, it tells no one.
    expect(await matchedEvents(ad.id, everyone)).toEqual([]);
    const { api: console } = await moderator(t);
    await console.call('ad_moderate', { ad_id: String(ad.id), action: 'approve' });

    const told = await matchedEvents(ad.id, everyone);
    expect(told.map((event) => event.audience).sort()).toEqual([customerAudience(realestate.id, fits.userId), customerAudience(realestate.id, twice.userId)].sort());
    const toFits = told.find((event) => event.audience === customerAudience(realestate.id, fits.userId))!;
    expect(toFits.payload).toMatchObject({ ad_id: ad.id, title: ad.title, search_id: fitting.id, search_name: fitting.name, ad: { id: ad.id, title: ad.title, status: 'approved', city } });
    expect(told.find((event) => event.audience === customerAudience(realestate.id, twice.userId))!.payload.search_id).toBe(firstOfTwo.id);
    // Through the customer's live channel, as the contract's event.
    const poll = await fits.api.call('longpull', { count: String(toFits.id - 1), wait: '0' });
    expect(poll.events).toContainEqual(expect.objectContaining({ id: toFits.id, type: 'ad_matched', ad_id: ad.id, search_id: fitting.id, search_name: fitting.name }));

    // Edited, approved again, expired and renewed: the same ad is not news again.
    await publisher.api.call('update_ad_ty', { ad_id: String(ad.id), ad_object: JSON.stringify({ request: 'rent', type: 'apartment', title: ad.title, province: 'تهران', city, neighborhood: 'یوسف‌آباد', meterage: 85, deposit: 1, monthly_rent: 1, location: { lat: 35.73, lng: 51.41 } }) });
    await console.call('ad_moderate', { ad_id: String(ad.id), action: 'approve' });
    await t.db.update(ads).set({ status: 'expired' }).where(eq(ads.id, ad.id));
    await publisher.api.call('ty_ad_action', { ad_id: String(ad.id), action: 'renew' });
    expect(await matchedEvents(ad.id, everyone)).toHaveLength(2);
  });

  it('Scenario: a removed search hears nothing', async () => {
    const city = 'حذف‌آباد';
    const publisher = await adCustomer(t);
    const customer = await adCustomer(t);
    const saved = (await saveSearch(customer, { city })).body.data;
    await customer.api.call('ty_remove_saved_search', { search_id: String(saved.id) });
    const ad = await submit(publisher, { city });
    const { api: console } = await moderator(t);
    await console.call('ad_moderate', { ad_id: String(ad.id), action: 'approve' });
    expect(await matchedEvents(ad.id, [customer])).toEqual([]);
    const rows = await t.db.select().from(adSavedSearches).where(and(eq(adSavedSearches.userId, customer.userId), inArray(adSavedSearches.shopId, [realestate.id])));
    expect(rows).toEqual([]);
  });
});
