import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AdCounts, AdMap } from '@contract/entities/ad';
import { adBookmarksMachine } from '@machines/classifieds/ad-bookmarks-machine';
import { adFinderMachine } from '@machines/classifieds/ad-finder-machine';
import { draftFromQuery } from '@machines/classifieds/ad-filters';
import type { BookmarkAnswer, BookmarkRequest } from '@machines/classifieds/bookmark';
import { adPage } from './classifieds/ad-fixtures';

/** A toggle the test answers: the finder and the bookmarks page take one at a time. */
function heldToggle() {
  let answer: () => void = () => {};
  const actor = fromPromise<BookmarkAnswer, BookmarkRequest>(({ input }) => new Promise((resolve) => (answer = () => resolve({ ad_id: input.adId, bookmarked: input.bookmarked }))));
  return { actor, answer: () => answer() };
}

describe('bookmarks: a second ad\'s toggle is offered only once the first is answered (the view asks can())', () => {
  it('Scenario: on the ad list, while one bookmark is toggled, no other ad\'s toggle is taken; after the answer, each is', async () => {
    const toggle = heldToggle();
    const machine = adFinderMachine.provide({
      actors: {
        'load ads': fromPromise(async () => adPage(30, 10)),
        'load counts': fromPromise(async (): Promise<AdCounts> => ({ request: { rent: 0, sale: 0 }, type: {} })),
        'load map': fromPromise(async (): Promise<AdMap> => ({ total: 0, points: [], clusters: [] })),
        'toggle bookmark': toggle.actor,
      },
    });
    const actor = createActor(machine, { input: { draft: draftFromQuery(''), currency: 'IRT', loggedIn: true } }).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'shown' }));
    expect(actor.getSnapshot().can({ type: 'finder.bookmark', adId: 28 })).toBe(true);
    actor.send({ type: 'finder.bookmark', adId: 29 });
    expect(actor.getSnapshot().can({ type: 'finder.bookmark', adId: 28 })).toBe(false);
    toggle.answer();
    await waitFor(actor, (snapshot) => snapshot.matches({ bookmark: 'idle' }));
    expect(actor.getSnapshot().can({ type: 'finder.bookmark', adId: 28 })).toBe(true);
  });

  it('Scenario: on the bookmarks page, while one is removed, no other removal is taken; after the answer, each is', async () => {
    const toggle = heldToggle();
    const machine = adBookmarksMachine.provide({
      actors: { 'load bookmarks': fromPromise(async () => adPage(30, 3, 3)), 'toggle bookmark': toggle.actor },
    });
    const actor = createActor(machine).start();
    await waitFor(actor, (snapshot) => snapshot.matches({ list: 'shown' }));
    actor.send({ type: 'bookmarks.remove', adId: 30 });
    expect(actor.getSnapshot().can({ type: 'bookmarks.remove', adId: 29 })).toBe(false);
    toggle.answer();
    await waitFor(actor, (snapshot) => snapshot.matches({ removal: 'idle' }));
    expect(actor.getSnapshot().can({ type: 'bookmarks.remove', adId: 29 })).toBe(true);
  });
});
