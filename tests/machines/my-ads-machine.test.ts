import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AdDetail, MyAds } from '@contract/entities/ad';
import { AD_STATUSES, adActionsFor } from '@contract/rules/ad-lifecycle';
import { askedDelete, myAdsMachine, selectMyAds, type MyAdAction } from '@machines/classifieds/my-ads-machine';
import type { Notice } from '@machines/notice';
import { SYSTEM_IDS } from '@machines/system';
import { adDetail, refusal } from './ad-wizard-fixtures';
import { firstAnswer, startLiveChannel } from './chat-fixtures';

/** "My ads" with its calls stubbed over a server-side list; what it opened and told recorded. */
function startMyAds(ads: AdDetail[], options: { act?: (input: { adId: number; action: MyAdAction }) => Promise<AdDetail> } = {}) {
  let server = ads;
  const loads: number[] = [];
  const acts: { adId: number; action: MyAdAction }[] = [];
  const edits: number[] = [];
  const notices: Notice[] = [];
  const machine = myAdsMachine.provide({
    actors: {
      'load ads': fromPromise(async (): Promise<MyAds> => {
        loads.push(1);
        return { ads: server, next_offset: null };
      }),
      'act on ad': fromPromise(async ({ input }: { input: { adId: number; action: MyAdAction } }) => {
        acts.push(input);
        if (options.act) return options.act(input);
        const status = input.action === 'renew' ? 'approved' : input.action === 'close' ? 'closed' : 'deleted';
        const changed = { ...(server.find((ad) => ad.id === input.adId) as AdDetail), status } as AdDetail;
        server = server.map((ad) => (ad.id === input.adId ? changed : ad));
        return changed;
      }),
    },
    actions: {
      'open edit': (_, { adId }) => void edits.push(adId),
      notify: (_, notice) => void notices.push(notice),
    },
  });
  const actor = createActor(machine).start();
  const setServer = (next: AdDetail[]) => (server = next);
  return { actor, loads, acts, edits, notices, setServer };
}

const ready = (actor: ReturnType<typeof startMyAds>['actor']) => waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }));

describe('"my ads" (machines/classifieds/my-ads-machine.ts)', () => {
  it('Scenario: each ad offers exactly the actions the lifecycle chart gives its publisher in its status', async () => {
    const ads = AD_STATUSES.filter((status) => status !== 'deleted').map((status, index) => adDetail({ id: index + 1, status }));
    const { actor } = startMyAds(ads);
    await ready(actor);
    for (const ad of ads) {
      const offered = (['edit', 'renew', 'close', 'delete'] as const).filter((action) =>
        actor.getSnapshot().can(action === 'edit' ? { type: 'myAds.edit', adId: ad.id } : { type: 'myAds.act', adId: ad.id, action }),
      );
      expect(offered, ad.status).toEqual(adActionsFor(ad.status, 'publisher'));
    }
    // An ad not on the list offers nothing.
    expect(actor.getSnapshot().can({ type: 'myAds.act', adId: 99, action: 'delete' })).toBe(false);
  });

  it('Scenario: renew goes at once; delete asks first, a no keeps the ad, a yes removes it; edit opens the wizard on it', async () => {
    const { actor, acts, edits, notices } = startMyAds([adDetail({ id: 1, status: 'expired' }), adDetail({ id: 2, status: 'rejected', reason: 'عکس‌ها نامربوط است' })]);
    await ready(actor);
    actor.send({ type: 'myAds.act', adId: 1, action: 'renew' });
    await ready(actor);
    expect(selectMyAds(actor.getSnapshot()).map((ad) => ad.status)).toEqual(['approved', 'rejected']);
    actor.send({ type: 'myAds.act', adId: 2, action: 'delete' });
    expect(askedDelete(actor.getSnapshot())).toBe(2);
    actor.send({ type: 'myAds.dismiss' });
    expect(askedDelete(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'myAds.act', adId: 2, action: 'delete' });
    actor.send({ type: 'myAds.confirm' });
    await ready(actor);
    expect(selectMyAds(actor.getSnapshot()).map((ad) => ad.id)).toEqual([1]);
    expect(acts).toEqual([
      { adId: 1, action: 'renew' },
      { adId: 2, action: 'delete' },
    ]);
    expect(notices).toEqual([
      { tone: 'success', id: 'ad renewed' },
      { tone: 'success', id: 'ad deleted' },
    ]);
    actor.send({ type: 'myAds.edit', adId: 1 });
    expect(edits).toEqual([1]);
  });

  it("Scenario: a refused action is told as the server's failure and the list is read again", async () => {
    const { actor, loads, notices } = startMyAds([adDetail({ id: 1, status: 'approved' })], { act: async () => Promise.reject(refusal('ad_change_refused', 'این تغییر ممکن نیست')) });
    await ready(actor);
    actor.send({ type: 'myAds.act', adId: 1, action: 'close' });
    await waitFor(actor, () => loads.length === 2);
    await ready(actor);
    expect(notices).toEqual([{ tone: 'failure', error: refusal('ad_change_refused', 'این تغییر ممکن نیست') }]);
  });

  it("Scenario: a moderator's change heard live (ads.changed) has the list read again: awaiting becomes approved", async () => {
    const { actor, setServer } = startMyAds([adDetail({ id: 1, status: 'awaiting' })]);
    await ready(actor);
    setServer([adDetail({ id: 1, status: 'approved' })]);
    actor.send({ type: 'ads.changed', adId: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches({ ready: 'idle' }) && snapshot.context.ads[0].status === 'approved');
    expect(actor.getSnapshot().can({ type: 'myAds.act', adId: 1, action: 'close' })).toBe(true);
  });
});

describe('the live channel hands an ad_status to "my ads" and tells the publisher', () => {
  it('Scenario: approved and rejected (with the reason) reach my ads and are told once each; the publisher hears of an approval wherever they are', async () => {
    const { answer, received, notices } = startLiveChannel([SYSTEM_IDS.app, SYSTEM_IDS.myAds]);
    await answer(firstAnswer);
    await answer({
      count: 12,
      events: [
        { id: 11, type: 'ad_status', ad_id: 31, title: 'آپارتمان ونک', status: 'approved', reason: null },
        { id: 12, type: 'ad_status', ad_id: 32, title: 'مغازه تجریش', status: 'rejected', reason: 'عکس‌ها نامربوط است' },
      ],
      unread: { support: 0, public: 0, conversations: 0 },
    });
    expect(received[SYSTEM_IDS.myAds]).toEqual([
      { type: 'ads.changed', adId: 31 },
      { type: 'ads.changed', adId: 32 },
    ]);
    expect(notices).toEqual([
      { tone: 'success', id: 'ad approved', values: { title: 'آپارتمان ونک' } },
      { tone: 'info', id: 'ad rejected, reason', values: { title: 'مغازه تجریش', reason: 'عکس‌ها نامربوط است' } },
    ]);
  });
});
