import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AdDetail } from '@contract/entities/ad';
import { adDetailMachine, adLoadFailure, isAdNotFound, isReported } from '@machines/classifieds/ad-detail-machine';
import type { BookmarkAnswer, BookmarkRequest } from '@machines/classifieds/bookmark';
import { adDetail } from './ad-fixtures';

function start({
  ad,
  loggedIn = true,
  refuseReport = false,
  intent = [],
}: {
  ad: AdDetail | { result: string; message: string } | Error;
  loggedIn?: boolean;
  refuseReport?: boolean;
  /** the ads a guest asked to bookmark before logging in (what the composition root keeps across the login) */
  intent?: number[];
}) {
  const calls: string[] = [];
  const wanted = [...intent];
  const askedBookmarkLogin: number[] = [];
  const opened: number[] = [];
  const askedLogin = vi.fn();
  const told: unknown[] = [];
  let answer = ad;
  const machine = adDetailMachine.provide({
    actors: {
      'load ad': fromPromise<AdDetail, { id: number }>(async ({ input }) => {
        calls.push(`ad ${input.id}`);
        const current = answer;
        answer = adDetail(input.id);
        if (current instanceof Error || !('id' in current)) throw current;
        return current;
      }),
      'toggle bookmark': fromPromise<BookmarkAnswer, BookmarkRequest>(async ({ input }) => {
        calls.push(`bookmark ${input.adId} ${input.bookmarked}`);
        return { ad_id: input.adId, bookmarked: input.bookmarked };
      }),
      'report ad': fromPromise<{ ad_id: number; reported: true }, { adId: number; reason: string }>(async ({ input }) => {
        calls.push(`report ${input.adId}: ${input.reason}`);
        if (refuseReport) throw { result: 'ad_already_reported', message: 'این آگهی را پیش‌تر گزارش کرده‌اید' };
        return { ad_id: input.adId, reported: true as const };
      }),
      'contact publisher': fromPromise<{ conversation_id: number }, { adId: number }>(async ({ input }) => {
        calls.push(`contact ${input.adId}`);
        return { conversation_id: 71 };
      }),
      'take bookmark intent': fromPromise<boolean, { adId: number }>(async ({ input }) => {
        const at = wanted.indexOf(input.adId);
        if (at >= 0) wanted.splice(at, 1);
        return at >= 0;
      }),
    },
    actions: {
      'ask to log in': askedLogin,
      'ask to log in to bookmark': (_, params) => {
        askedBookmarkLogin.push(params.adId);
        wanted.push(params.adId);
      },
      'open chat': (_, params) => void opened.push(params.conversationId), 'tell failure': (_, { error }) => void told.push(error) },
  });
  const actor = createActor(machine, { input: { adId: 42, loggedIn } }).start();
  return { actor, calls, opened, askedLogin, askedBookmarkLogin, wanted, told };
}

const loaded = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (snapshot) => !snapshot.matches('loading'));

describe("an ad's detail (/home-4/detail/:id)", () => {
  it('says not found for a missing or unpublished ad, and retries any other failure', async () => {
    const missing = start({ ad: { result: 'ad_not_found', message: 'آگهی پیدا نشد' } });
    await loaded(missing.actor);
    expect(isAdNotFound(missing.actor.getSnapshot())).toBe(true);

    const offline = start({ ad: new Error('offline') });
    await loaded(offline.actor);
    expect(adLoadFailure(offline.actor.getSnapshot())?.message).toBe('offline');
    offline.actor.send({ type: 'detail.retry' });
    await waitFor(offline.actor, (snapshot) => snapshot.matches('shown'));
    expect(offline.actor.getSnapshot().context.ad?.id).toBe(42);
  });

  it('bookmarks the ad and removes the bookmark', async () => {
    const { actor, calls } = start({ ad: adDetail(42) });
    await loaded(actor);
    actor.send({ type: 'detail.bookmark' });
    await waitFor(actor, (snapshot) => snapshot.context.ad?.bookmarked === true && snapshot.matches({ shown: { bookmark: 'idle' } }));
    actor.send({ type: 'detail.bookmark' });
    await waitFor(actor, (snapshot) => snapshot.context.ad?.bookmarked === false);
    expect(calls).toEqual(['ad 42', 'bookmark 42 true', 'bookmark 42 false']);
  });

  it('reports once, with a reason the server would take', async () => {
    const { actor, calls } = start({ ad: adDetail(42) });
    await loaded(actor);
    actor.send({ type: 'detail.report' });
    actor.send({ type: 'detail.reason', text: 'نه' });
    actor.send({ type: 'detail.sendReport' });
    expect(actor.getSnapshot().context.reportProblem).toEqual({ kind: 'rule', rule: 'reason_short' });
    actor.send({ type: 'detail.reason', text: '  قیمت ساختگی است  ' });
    actor.send({ type: 'detail.sendReport' });
    await waitFor(actor, isReported);
    expect(calls).toContain('report 42: قیمت ساختگی است');
    // Once: the form does not open again.
    expect(actor.getSnapshot().can({ type: 'detail.report' })).toBe(false);
  });

  it("keeps the server's refusal of a report in its words, the form open", async () => {
    const { actor, told } = start({ ad: adDetail(42), refuseReport: true });
    await loaded(actor);
    actor.send({ type: 'detail.report' });
    actor.send({ type: 'detail.reason', text: 'آگهی تکراری' });
    actor.send({ type: 'detail.sendReport' });
    await waitFor(actor, (snapshot) => snapshot.context.reportProblem !== null);
    expect(actor.getSnapshot().context.reportProblem).toEqual({ kind: 'server', message: 'این آگهی را پیش‌تر گزارش کرده‌اید' });
    // Spec §8: the server's words are a toast too.
    expect(told).toEqual([{ result: 'ad_already_reported', message: 'این آگهی را پیش‌تر گزارش کرده‌اید' }]);
    expect(isReported(actor.getSnapshot())).toBe(false);
  });

  it('opens the conversation with the publisher; never with oneself or a deleted publisher', async () => {
    const { actor, calls, opened } = start({ ad: adDetail(42) });
    await loaded(actor);
    actor.send({ type: 'detail.contact' });
    await waitFor(actor, () => opened.length === 1);
    expect(opened).toEqual([71]);
    expect(calls).toContain('contact 42');

    const own = start({ ad: adDetail(42, { mine: true }) });
    await loaded(own.actor);
    expect(own.actor.getSnapshot().can({ type: 'detail.contact' })).toBe(false);
    const gone = start({ ad: adDetail(42, { publisher: { name: null, kind: 'person', consultant_code: null, deleted: true } }) });
    await loaded(gone.actor);
    expect(gone.actor.getSnapshot().can({ type: 'detail.contact' })).toBe(false);
  });

  it('asks a guest to log in before bookmarking, reporting or chatting', async () => {
    const { actor, calls, askedLogin, askedBookmarkLogin } = start({ ad: adDetail(42), loggedIn: false });
    await loaded(actor);
    actor.send({ type: 'detail.bookmark' });
    actor.send({ type: 'detail.report' });
    actor.send({ type: 'detail.contact' });
    expect(askedBookmarkLogin).toEqual([42]);
    expect(askedLogin).toHaveBeenCalledTimes(2);
    expect(calls).toEqual(['ad 42']);
  });

  it('bookmarks, once, the ad a guest asked to bookmark before logging in', async () => {
    const { actor, calls, wanted } = start({ ad: adDetail(42), intent: [42] });
    await waitFor(actor, (snapshot) => snapshot.context.ad?.bookmarked === true);
    expect(calls).toEqual(['ad 42', 'bookmark 42 true']);
    expect(wanted).toEqual([]);
    // Removed by hand, it stays removed: the wish was taken once.
    actor.send({ type: 'detail.bookmark' });
    await waitFor(actor, (snapshot) => snapshot.context.ad?.bookmarked === false);
    const again = start({ ad: adDetail(42, { bookmarked: false }) });
    await loaded(again.actor);
    await waitFor(again.actor, (snapshot) => snapshot.matches({ shown: { bookmark: 'idle' } }));
    expect(again.calls).toEqual(['ad 42']);
  });

  it('does not unbookmark an ad the account had bookmarked already when the wish comes back', async () => {
    const { actor, calls } = start({ ad: adDetail(42, { bookmarked: true }), intent: [42] });
    await loaded(actor);
    await waitFor(actor, (snapshot) => snapshot.matches({ shown: { bookmark: 'idle' } }));
    expect(calls).toEqual(['ad 42']);
    expect(actor.getSnapshot().context.ad?.bookmarked).toBe(true);
  });

  it('offers a guest no chat with a deleted publisher', async () => {
    const gone = start({ ad: adDetail(42, { publisher: { name: null, kind: 'person', consultant_code: null, deleted: true } }), loggedIn: false });
    await loaded(gone.actor);
    expect(gone.actor.getSnapshot().can({ type: 'detail.contact' })).toBe(false);
    gone.actor.send({ type: 'detail.contact' });
    expect(gone.askedLogin).not.toHaveBeenCalled();
  });
});
