import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AdList } from '@contract/entities/ad';
import { adBookmarksMachine, noBookmarks } from '@machines/classifieds/ad-bookmarks-machine';
import type { BookmarkAnswer, BookmarkRequest } from '@machines/classifieds/bookmark';
import { adPage } from './ad-fixtures';

function start(pages: AdList[], refuse = false) {
  const calls: string[] = [];
  const machine = adBookmarksMachine.provide({
    actors: {
      'load bookmarks': fromPromise<AdList, { offset: number; length: number }>(async ({ input }) => {
        calls.push(`list@${input.offset}`);
        return pages.shift() ?? adPage(0, 0, 0);
      }),
      'toggle bookmark': fromPromise<BookmarkAnswer, BookmarkRequest>(async ({ input }) => {
        calls.push(`bookmark ${input.adId} ${input.bookmarked}`);
        if (refuse) throw { result: 'network_error', message: 'اتصال برقرار نشد' };
        return { ad_id: input.adId, bookmarked: input.bookmarked };
      }),
    },
  });
  return { actor: createActor(machine).start(), calls };
}

describe('the bookmarked ads (/home-4/tejari/profile/bookmark-ads)', () => {
  it('lists the bookmarks page by page and removes one once the server has', async () => {
    const { actor, calls } = start([adPage(30, 10), adPage(20, 2)]);
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'shown' }));
    actor.send({ type: 'bookmarks.more' });
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'shown' }) && snapshot.context.ads.length === 12);
    actor.send({ type: 'bookmarks.remove', adId: 29 });
    await waitFor(actor, (snapshot) => snapshot.matches({ removal: 'idle' }) && snapshot.context.ads.length === 11);
    expect(actor.getSnapshot().context.ads.some((ad) => ad.id === 29)).toBe(false);
    expect(calls).toEqual(['list@0', 'list@10', 'bookmark 29 false']);
  });

  it('keeps a refused removal beside its ad, the ad still listed; an empty list says so', async () => {
    const { actor } = start([adPage(30, 1, 1)], true);
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'shown' }));
    actor.send({ type: 'bookmarks.remove', adId: 30 });
    await waitFor(actor, (snapshot) => snapshot.context.refusal !== null);
    expect(actor.getSnapshot().context.refusal).toEqual({ adId: 30, message: 'اتصال برقرار نشد' });
    expect(actor.getSnapshot().context.ads).toHaveLength(1);

    const empty = start([adPage(0, 0, 0)]);
    await waitFor(empty.actor, (snapshot) => snapshot.matches({ list: 'shown' }));
    expect(noBookmarks(empty.actor.getSnapshot())).toBe(true);
  });
});
