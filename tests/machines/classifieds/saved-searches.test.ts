import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AdCounts, AdList, AdMap } from '@contract/entities/ad';
import type { AdFiltersInput, SavedSearch } from '@contract/endpoints/ads';
import { draftFromQuery } from '@machines/classifieds/ad-filters';
import { adFinderMachine, savedSearchOf, saveSearchFailure, type MapBounds } from '@machines/classifieds/ad-finder-machine';
import { savedSearchesMachine, savedSearchItems } from '@machines/classifieds/saved-searches-machine';
import { SYSTEM_IDS } from '@machines/system';
import { firstAnswer, startLiveChannel } from '../chat-fixtures';
import { adCard, adPage } from './ad-fixtures';

/*
 * Saved searches in the SPA (issue 31): the list saves its applied filters (a guest is asked to log in), the
 * profile lists the searches as links to the list with their filters and removes one, and the live channel's
 * ad_matched is told once, naming the search, with the way to the ad.
 */

const search = (id: number, name: string, filters: SavedSearch['filters']): SavedSearch => ({ id, name, filters, created_at: '2026-11-27T10:00:00.000Z' });

function finder({ loggedIn = true, refuse = false }: { loggedIn?: boolean; refuse?: boolean } = {}) {
  const saves: { filters: AdFiltersInput; name: string }[] = [];
  const askedLogin = vi.fn();
  const machine = adFinderMachine.provide({
    actors: {
      'load ads': fromPromise<AdList, { filters: AdFiltersInput; offset: number; length: number }>(async () => adPage(30, 1)),
      'load counts': fromPromise<AdCounts, { filters: AdFiltersInput }>(async () => ({ request: {}, type: {} })),
      'load map': fromPromise<AdMap, { filters: AdFiltersInput; bounds: MapBounds }>(async () => ({ total: 0, points: [], clusters: [] })),
      'save search': fromPromise<SavedSearch, { filters: AdFiltersInput; name: string }>(async ({ input }) => {
        saves.push(input);
        if (refuse) throw { result: 'saved_search_limit', message: 'بیش از ۱۰ جستجو نمی‌توانید ذخیره کنید' };
        return search(7, input.name || 'اجاره · تهران', { request: 'rent', city: 'تهران' });
      }),
    },
    actions: { 'ask to log in': askedLogin },
  });
  const actor = createActor(machine, { input: { draft: draftFromQuery('?request=rent&city=تهران&sort=price_asc'), currency: 'IRT', loggedIn } }).start();
  return { actor, saves, askedLogin };
}

describe('"save this search" on the list', () => {
  it('Scenario: a customer names the applied filters and saves them; what was saved is shown until the filters change', async () => {
    const { actor, saves } = finder();
    expect(actor.getSnapshot().can({ type: 'finder.saveSearchConfirm' })).toBe(false);
    actor.send({ type: 'finder.saveSearch' });
    actor.send({ type: 'finder.searchName', text: 'اجاره‌های تهران' });
    actor.send({ type: 'finder.saveSearchConfirm' });
    await waitFor(actor, (snapshot) => savedSearchOf(snapshot) !== null);
    expect(saves).toEqual([{ filters: { request: 'rent', city: 'تهران', sort: 'price_asc' }, name: 'اجاره‌های تهران' }]);
    expect(savedSearchOf(actor.getSnapshot())?.name).toBe('اجاره‌های تهران');
    // Saved once: the button does not save it again until the filters change.
    expect(actor.getSnapshot().can({ type: 'finder.saveSearch' })).toBe(false);
    actor.send({ type: 'finder.open' });
    actor.send({ type: 'finder.choose', patch: { request: 'sale' } });
    actor.send({ type: 'finder.apply' });
    expect(savedSearchOf(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().can({ type: 'finder.saveSearch' })).toBe(true);
  });

  it("Scenario: a guest is asked to log in and nothing is sent; a refusal is shown in the server's words and the name is kept", async () => {
    const guest = finder({ loggedIn: false });
    guest.actor.send({ type: 'finder.saveSearch' });
    expect(guest.askedLogin).toHaveBeenCalledTimes(1);
    expect(guest.actor.getSnapshot().can({ type: 'finder.saveSearchConfirm' })).toBe(false);
    expect(guest.saves).toEqual([]);

    const { actor } = finder({ refuse: true });
    actor.send({ type: 'finder.saveSearch' });
    actor.send({ type: 'finder.searchName', text: 'یکی دیگر' });
    actor.send({ type: 'finder.saveSearchConfirm' });
    await waitFor(actor, (snapshot) => saveSearchFailure(snapshot) !== null);
    expect(saveSearchFailure(actor.getSnapshot())?.message).toBe('بیش از ۱۰ جستجو نمی‌توانید ذخیره کنید');
    expect(actor.getSnapshot().context.searchName).toBe('یکی دیگر');
    expect(actor.getSnapshot().can({ type: 'finder.saveSearchConfirm' })).toBe(true);
  });
});

describe('the saved searches of the profile', () => {
  it('Scenario: each search opens the list with its filters (amounts in the shop currency), and one is removed once the server has removed it', async () => {
    const removals: number[] = [];
    let refuse = false;
    const machine = savedSearchesMachine.provide({
      actors: {
        'load searches': fromPromise(async () => ({ searches: [search(2, 'ارزان', { request: 'rent', monthly_rent: { max: 150_000_000 }, meterage: { min: 60 } }), search(1, 'همه آگهی‌ها', {})] })),
        'remove search': fromPromise<{ search_id: number; removed: true }, { id: number }>(async ({ input }) => {
          removals.push(input.id);
          if (refuse) throw { result: 'saved_search_not_found', message: 'این جستجوی ذخیره‌شده پیدا نشد.' };
          return { search_id: input.id, removed: true };
        }),
      },
    });
    const actor = createActor(machine, { input: { currency: 'IRT' } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'shown' }));
    expect(savedSearchItems(actor.getSnapshot())).toEqual([
      { id: 2, name: 'ارزان', path: '/home-4?request=rent&monthly_rent_max=15000000&meterage_min=60', removing: false, refusal: null },
      { id: 1, name: 'همه آگهی‌ها', path: '/home-4', removing: false, refusal: null },
    ]);
    actor.send({ type: 'savedSearches.remove', id: 2 });
    expect(savedSearchItems(actor.getSnapshot())[0].removing).toBe(true);
    await waitFor(actor, (snapshot) => snapshot.context.searches.length === 1);
    refuse = true;
    actor.send({ type: 'savedSearches.remove', id: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches({ removal: 'idle' }));
    expect(savedSearchItems(actor.getSnapshot())).toEqual([{ id: 1, name: 'همه آگهی‌ها', path: '/home-4', removing: false, refusal: 'این جستجوی ذخیره‌شده پیدا نشد.' }]);
    expect(removals).toEqual([2, 1]);
  });
});

describe('the live channel tells an ad_matched once', () => {
  it('Scenario: the customer is told which search a new ad matched, with the way to the ad', async () => {
    const { answer, notices } = startLiveChannel([SYSTEM_IDS.app]);
    await answer(firstAnswer);
    const matched = { id: 11, type: 'ad_matched' as const, ad_id: 31, title: 'آپارتمان ونک', search_id: 4, search_name: 'اجاره ونک', ad: adCard(31) };
    await answer({ count: 11, events: [matched], unread: { support: 0, public: 0, conversations: 0 } });
    await answer({ count: 11, events: [], unread: { support: 0, public: 0, conversations: 0 } });
    expect(notices).toEqual([{ tone: 'info', id: 'ad matches a saved search', values: { search: 'اجاره ونک', title: 'آپارتمان ونک' }, link: '/home-4/detail/31' }]);
  });
});
