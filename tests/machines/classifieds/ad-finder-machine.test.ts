import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AdCounts, AdList, AdMap } from '@contract/entities/ad';
import type { AdFiltersInput } from '@contract/endpoints/ads';
import { adFinderMachine, adsFailure, isSheetOpen, MAP_MOVE_PAUSE_MS, noAdsFound, type MapBounds } from '@machines/classifieds/ad-finder-machine';
import type { BookmarkAnswer, BookmarkRequest } from '@machines/classifieds/bookmark';
import { draftFromQuery, emptyDraft } from '@machines/classifieds/ad-filters';
import { adPage } from './ad-fixtures';

const bounds: MapBounds = { north: 35.8, south: 35.7, east: 51.5, west: 51.3 };

function start({ pages, loggedIn = true, query = '', refuse = false }: { pages: (AdList | Error)[]; loggedIn?: boolean; query?: string; refuse?: boolean }) {
  const calls: string[] = [];
  const shown: string[] = [];
  const askedLogin = vi.fn();
  const machine = adFinderMachine.provide({
    actors: {
      'load ads': fromPromise<AdList, { filters: AdFiltersInput; offset: number; length: number }>(async ({ input }) => {
        calls.push(`ads ${JSON.stringify(input.filters)}@${input.offset}`);
        const page = pages.shift();
        if (!page || page instanceof Error) throw page ?? new Error('no page');
        return page;
      }),
      'load counts': fromPromise<AdCounts, { filters: AdFiltersInput }>(async ({ input }) => {
        calls.push(`counts ${JSON.stringify(input.filters)}`);
        return { request: { rent: 7, sale: 3 }, type: { apartment: 9 } };
      }),
      'load map': fromPromise<AdMap, { filters: AdFiltersInput; bounds: MapBounds }>(async ({ input }) => {
        calls.push(`map ${input.bounds.north}`);
        return { total: 1, points: [{ id: 30, lat: 35.75, lng: 51.4, title: 'آپارتمان', request: 'rent', price: null }], clusters: [] };
      }),
      'toggle bookmark': fromPromise<BookmarkAnswer, BookmarkRequest>(async ({ input }) => {
        calls.push(`bookmark ${input.adId} ${input.bookmarked}`);
        if (refuse) throw { result: 'ad_not_found', message: 'آگهی پیدا نشد' };
        return { ad_id: input.adId, bookmarked: input.bookmarked };
      }),
    },
    actions: {
      'show query': (_, params) => void shown.push(params.query),
      'ask to log in': askedLogin,
    },
  });
  const actor = createActor(machine, { input: { draft: draftFromQuery(query), currency: 'IRT', loggedIn } }).start();
  return { actor, calls, shown, askedLogin };
}

const settledList = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (snapshot) => snapshot.matches({ list: 'shown' }) || snapshot.matches({ list: 'failed' }));

describe('the ad list (/home-4)', () => {
  it('reads the filters of the URL, pages of ten until an empty page arrives, and counts', async () => {
    const { actor, calls } = start({ pages: [adPage(30, 10), adPage(20, 10), adPage(10, 0)], query: '?request=rent&meterage_min=۶۰' });
    await settledList(actor);
    await waitFor(actor, (snapshot) => snapshot.matches({ counts: 'shown' }));
    expect(actor.getSnapshot().context.counts?.request.rent).toBe(7);
    expect(calls[0]).toBe('ads {"request":"rent","meterage":{"min":60},"sort":"newest"}@0');
    actor.send({ type: 'finder.more' });
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'shown' }) && snapshot.context.ads.length === 20);
    expect(actor.getSnapshot().can({ type: 'finder.more' })).toBe(true);
    actor.send({ type: 'finder.more' });
    await waitFor(actor, (snapshot) => snapshot.context.complete);
    // Complete: no page is asked for after the empty one.
    expect(actor.getSnapshot().can({ type: 'finder.more' })).toBe(false);
    expect(calls.filter((call) => call.startsWith('ads')).map((call) => call.split('@')[1])).toEqual(['0', '10', '20']);
  });

  it('says no ads found when the first page is empty, and shows a failure with retry', async () => {
    const { actor } = start({ pages: [new Error('offline'), adPage(0, 0, 0)] });
    await settledList(actor);
    expect(adsFailure(actor.getSnapshot())?.message).toBe('offline');
    actor.send({ type: 'finder.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'shown' }));
    expect(noAdsFound(actor.getSnapshot())).toBe(true);
  });

  it('applies the sheet: the URL query follows, the list and the counts are read again from the first page', async () => {
    const { actor, calls, shown } = start({ pages: [adPage(30, 10), adPage(5, 3, 3)] });
    await settledList(actor);
    actor.send({ type: 'finder.open' });
    actor.send({ type: 'finder.choose', patch: { request: 'sale', type: 'apartment' } });
    actor.send({ type: 'finder.range', field: 'total_price', end: 'max', text: '۲۰٬۰۰۰٬۰۰۰٬۰۰۰' });
    actor.send({ type: 'finder.apply' });
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'shown' }) && snapshot.context.ads.length === 3);
    expect(shown).toEqual(['request=sale&type=apartment&total_price_max=20000000000']);
    expect(isSheetOpen(actor.getSnapshot())).toBe(false);
    // Toman typed, rial sent.
    expect(calls).toContain('ads {"request":"sale","type":"apartment","total_price":{"max":200000000000},"sort":"newest"}@0');
    expect(calls.filter((call) => call.startsWith('counts'))).toHaveLength(2);
  });

  it('refuses an inverted range in the sheet: nothing is sent, the problem is named until it is typed again', async () => {
    const { actor, calls, shown } = start({ pages: [adPage(30, 10)] });
    await settledList(actor);
    actor.send({ type: 'finder.open' });
    actor.send({ type: 'finder.range', field: 'meterage', end: 'min', text: '۲۰۰' });
    actor.send({ type: 'finder.range', field: 'meterage', end: 'max', text: '۵۰' });
    actor.send({ type: 'finder.apply' });
    expect(actor.getSnapshot().context.problems).toEqual({ meterage: 'inverted' });
    expect(isSheetOpen(actor.getSnapshot())).toBe(true);
    expect(shown).toEqual([]);
    expect(calls.filter((call) => call.startsWith('ads'))).toHaveLength(1);
    actor.send({ type: 'finder.range', field: 'meterage', end: 'max', text: '۳۰۰' });
    expect(actor.getSnapshot().context.problems).toEqual({});
    actor.send({ type: 'finder.discard' });
    expect(actor.getSnapshot().context.draft).toEqual(emptyDraft());
    expect(isSheetOpen(actor.getSnapshot())).toBe(false);
  });

  it('asks the map for its bounds once it rests, with the list filters, and again when they change', async () => {
    vi.useFakeTimers();
    try {
      const { actor, calls } = start({ pages: [adPage(30, 10), adPage(30, 10)] });
      await vi.advanceTimersByTimeAsync(0);
      actor.send({ type: 'finder.view', view: 'map' });
      actor.send({ type: 'finder.bounds', bounds: { ...bounds, north: 35.9 } });
      await vi.advanceTimersByTimeAsync(MAP_MOVE_PAUSE_MS / 2);
      actor.send({ type: 'finder.bounds', bounds });
      await vi.advanceTimersByTimeAsync(MAP_MOVE_PAUSE_MS / 2);
      expect(calls.filter((call) => call.startsWith('map'))).toEqual([]);
      await vi.advanceTimersByTimeAsync(MAP_MOVE_PAUSE_MS);
      // One call, for where the map came to rest.
      expect(calls.filter((call) => call.startsWith('map'))).toEqual(['map 35.8']);
      expect(actor.getSnapshot().context.map?.points).toHaveLength(1);
      actor.send({ type: 'finder.select', id: 30 });
      expect(actor.getSnapshot().context.selected).toBe(30);
      actor.send({ type: 'finder.open' });
      actor.send({ type: 'finder.choose', patch: { request: 'rent' } });
      actor.send({ type: 'finder.apply' });
      await vi.advanceTimersByTimeAsync(0);
      expect(calls.filter((call) => call.startsWith('map'))).toEqual(['map 35.8', 'map 35.8']);
      expect(actor.getSnapshot().context.selected).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('toggles a bookmark for a logged-in user, keeps a refusal beside its ad, and asks a guest to log in', async () => {
    const { actor, calls } = start({ pages: [adPage(30, 10)] });
    await settledList(actor);
    actor.send({ type: 'finder.bookmark', adId: 29 });
    await waitFor(actor, (snapshot) => snapshot.matches({ bookmark: 'idle' }) && snapshot.context.ads.find((ad) => ad.id === 29)?.bookmarked === true);
    actor.send({ type: 'finder.bookmark', adId: 29 });
    await waitFor(actor, (snapshot) => snapshot.matches({ bookmark: 'idle' }) && snapshot.context.ads.find((ad) => ad.id === 29)?.bookmarked === false);
    expect(calls.filter((call) => call.startsWith('bookmark'))).toEqual(['bookmark 29 true', 'bookmark 29 false']);

    const refused = start({ pages: [adPage(30, 10)], refuse: true });
    await settledList(refused.actor);
    refused.actor.send({ type: 'finder.bookmark', adId: 28 });
    await waitFor(refused.actor, (snapshot) => snapshot.context.bookmarkRefusal !== null);
    expect(refused.actor.getSnapshot().context.bookmarkRefusal).toEqual({ adId: 28, message: 'آگهی پیدا نشد' });

    const guest = start({ pages: [adPage(30, 10)], loggedIn: false });
    await settledList(guest.actor);
    guest.actor.send({ type: 'finder.bookmark', adId: 30 });
    expect(guest.askedLogin).toHaveBeenCalledTimes(1);
    expect(guest.calls.filter((call) => call.startsWith('bookmark'))).toEqual([]);
  });
});
