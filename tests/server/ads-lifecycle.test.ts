import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { AD_ACTIONS, AD_STATUSES, adTransitionFor, type AdAction, type AdStatus } from '@contract/rules/ad-lifecycle';
import { ads, adEvents, jobs, liveEvents, type ShopRow } from '../../server/db/schema';
import { createRepositories } from '../../server/repositories';
import { changeAd } from '../../server/services/ads/ad-change';
import { AD_EXPIRE } from '../../server/services/ads/ad-job-keys';
import { customerAudience, staffAudience } from '../../server/services/live/audiences';
import { shopOf } from './helpers/chat';
import { staffLogin } from './helpers/console-client';
import { createTestApp, type TestApp } from './helpers/create-test-app';
import { adCustomer, adObject, footprint, HOST, moderator, submit, type AdCustomer } from './helpers/ads';

/*
 * The ad's lifecycle through the server (docs/classifieds.md): the table test of status × action × actor (allowed
 * changes move the ad and write one event, refused ones answer 409 ad_change_refused and write nothing), the
 * moderation's roles, the live events, and the expiry job with renewals.
 */

let t: TestApp;
let realestate: ShopRow;
let now = new Date('2026-03-01T08:00:00Z');
const DAY = 86_400_000;
beforeAll(async () => {
  t = await createTestApp({ clock: () => now });
  realestate = await shopOf(t.db, 'realestate');
});
afterAll(() => t.close());

/** An ad of `publisher` put in `status` as the table's starting point (set directly: the path there is another test's). */
async function adIn(publisher: AdCustomer, status: AdStatus) {
  const ad = await submit(publisher);
  await t.db.update(ads).set({ status, reason: status === 'rejected' ? 'قبلی' : null }).where(eq(ads.id, ad.id));
  return ad.id;
}

const PUBLISHER_CODES: Partial<Record<AdAction, (customer: AdCustomer, adId: number) => Promise<{ statusCode: number; body: { result: string } }>>> = {
  edit: (customer, adId) => customer.api.post({ code: 'update_ad_ty', ad_id: String(adId), ad_object: JSON.stringify(adObject({ title: `ویرایش ${adId} آگهی` })) }),
  renew: (customer, adId) => customer.api.post({ code: 'ty_ad_action', ad_id: String(adId), action: 'renew' }),
  close: (customer, adId) => customer.api.post({ code: 'ty_ad_action', ad_id: String(adId), action: 'close' }),
  delete: (customer, adId) => customer.api.post({ code: 'ty_ad_action', ad_id: String(adId), action: 'delete' }),
};
const MODERATOR_ACTIONS = ['approve', 'reject', 'ask_edit'] as const;

describe('the lifecycle table through the server', () => {
  it('Scenario: every status × action × actor: what the table allows changes the ad and writes one event; the rest is 409 with nothing written', async () => {
    const { api: console } = await moderator(t);
    const seen: string[] = [];
    for (const status of AD_STATUSES) {
      const publisher = await adCustomer(t);
      const cases: { action: AdAction; actor: 'publisher' | 'moderator' | 'system'; run: (adId: number) => Promise<{ statusCode: number; result: string }> }[] = [
        ...Object.entries(PUBLISHER_CODES).map(([action, call]) => ({
          action: action as AdAction,
          actor: 'publisher' as const,
          run: async (adId: number) => {
            const answer = await call!(publisher, adId);
            return { statusCode: answer.statusCode, result: answer.body.result };
          },
        })),
        ...MODERATOR_ACTIONS.map((action) => ({
          action,
          actor: 'moderator' as const,
          run: async (adId: number) => {
            const answer = await console.post({ code: 'ad_moderate', ad_id: String(adId), action, reason: 'دلیل روشن برای آگهی‌دهنده' });
            return { statusCode: answer.statusCode, result: answer.body.result };
          },
        })),
        // The server's own changes have no code: the service every path goes through.
        ...(['expire', 'hold'] as const).map((action) => ({
          action,
          actor: 'system' as const,
          run: async (adId: number) => {
            try {
              await createRepositories(t.db, realestate).transaction((tx) => changeAd(tx, realestate, { adId, action, actor: 'system' }, now, 'fa'));
              return { statusCode: 200, result: 'ok' };
            } catch (error) {
              return { statusCode: (error as { statusCode: number }).statusCode, result: (error as { result: string }).result };
            }
          },
        })),
      ];
      for (const { action, actor, run } of cases) {
        const adId = await adIn(publisher, status);
        const before = await footprint(t.db, adId);
        const answer = await run(adId);
        const allowed = adTransitionFor(status, action, actor);
        const after = await footprint(t.db, adId);
        seen.push(`${status}:${action}:${actor}`);
        if (allowed) {
          expect(answer.statusCode, `${status} ${action} ${actor}`).toBe(200);
          expect(after.ad.status, `${status} ${action} ${actor}`).toBe(allowed.to);
          expect(after.events).toBe(before.events + 1);
          const [event] = await t.db.select().from(adEvents).where(eq(adEvents.adId, adId)).orderBy(adEvents.id).offset(before.events);
          expect(event).toMatchObject({ action, fromStatus: status, toStatus: allowed.to, actor });
        } else {
          expect(answer, `${status} ${action} ${actor}`).toEqual({ statusCode: 409, result: 'ad_change_refused' });
          expect(after).toEqual(before);
        }
      }
    }
    // Every action of the table was tried by every actor that has a way to ask for it, in every status.
    expect(seen).toHaveLength(AD_STATUSES.length * (Object.keys(PUBLISHER_CODES).length + MODERATOR_ACTIONS.length + 2));
    expect(new Set(seen.map((entry) => entry.split(':')[1]))).toEqual(new Set(AD_ACTIONS));
  });

  it('Scenario: a rejection or an edit request without a reason is refused (400), nothing written; the publisher hears of each decision live', async () => {
    const publisher = await adCustomer(t);
    const { api: console } = await moderator(t);
    const ad = await submit(publisher);
    const before = await footprint(t.db, ad.id);
    const bare = await console.post({ code: 'ad_moderate', ad_id: String(ad.id), action: 'reject', reason: '  ' });
    expect(bare.statusCode).toBe(400);
    expect(bare.body).toMatchObject({ result: 'ad_reason_required', message: 'Write the reason in at least 3 characters for the publisher to see.' });
    expect(await footprint(t.db, ad.id)).toEqual(before);
    const asked = await console.call('ad_moderate', { ad_id: String(ad.id), action: 'ask_edit', reason: 'متراژ را درست بنویسید' });
    expect(asked).toMatchObject({ ad: { id: ad.id, status: 'edit_request', reason: 'متراژ را درست بنویسید' }, publisher_id: publisher.userId, actions: [] });
    expect(asked.history.at(-1)).toMatchObject({ action: 'ask_edit', by: 'moderator', staff_name: 'مدیر فروشگاه', reason: 'متراژ را درست بنویسید' });
    const told = await t.db.select().from(liveEvents).where(and(eq(liveEvents.audience, customerAudience(realestate.id, publisher.userId)), eq(liveEvents.type, 'ad_status'))).orderBy(liveEvents.id);
    expect(told.map((event) => event.payload)).toEqual([{ ad_id: ad.id, title: ad.title, status: 'edit_request', reason: 'متراژ را درست بنویسید' }]);
    // Through the customer's live channel as the contract's event.
    const poll = await publisher.api.call('longpull', { count: String(told[0].id - 1), wait: '0' });
    expect(poll.events).toContainEqual({ id: told[0].id, type: 'ad_status', ad_id: ad.id, title: ad.title, status: 'edit_request', reason: 'متراژ را درست بنویسید' });
  });

  it("Scenario: the queue is the staff's of a classifieds shop: another shop's staff get 404 not_classifieds, another shop's cookie 401; the staff's poll counts the queue and hears ad_queued", async () => {
    const kebab = await staffLogin(t.app, 'kebab.localhost');
    const refused = await kebab.api.post({ code: 'ads_queue' });
    expect(refused.statusCode).toBe(404);
    expect(refused.body).toMatchObject({ result: 'not_classifieds', message: 'This shop has no classified ads.' });
    expect((await kebab.api.post({ code: 'ad_moderate', ad_id: '1', action: 'approve' })).statusCode).toBe(404);
    const { consoleClient } = await import('./helpers/console-client');
    expect((await consoleClient(t.app, HOST, kebab.cookie).post({ code: 'ads_queue' })).statusCode).toBe(401);

    const { api: console } = await moderator(t);
    const first = await console.call('staff_longpull', { count: '0', wait: '0' });
    const queued = first.queued_ads_count!;
    const publisher = await adCustomer(t);
    const ad = await submit(publisher);
    const next = await console.call('staff_longpull', { count: String(first.count), wait: '0' });
    expect(next.events).toContainEqual({ id: expect.any(Number), type: 'ad_queued', ad_id: ad.id });
    expect(next.queued_ads_count).toBe(queued + 1);
    const queue = await console.call('ads_queue', { length: '50' });
    expect(queue.total).toBe(queued + 1);
    // Oldest first.
    expect(queue.ads.map((entry) => entry.ad.status).every((status) => status === 'awaiting' || status === 'uncertain')).toBe(true);
    expect((await kebab.api.post({ code: 'staff_longpull', count: '0', wait: '0' })).body.data).not.toHaveProperty('queued_ads_count');

    // Decided (by this console or another): every console hears it, with the lower count, so badges and open queues follow.
    await console.call('ad_moderate', { ad_id: String(ad.id), action: 'approve' });
    const decided = await console.call('staff_longpull', { count: String(next.count), wait: '0' });
    expect(decided.events).toEqual([{ id: expect.any(Number), type: 'ad_decided', ad_id: ad.id }]);
    expect(decided.queued_ads_count).toBe(queued);
    // A publisher's own change out of the queue (a delete) is heard too; one within the queue (an edit of an awaiting ad) is not.
    const other = await submit(publisher, { title: 'آپارتمان دوم برای حذف' });
    const before = await console.call('staff_longpull', { count: String(decided.count), wait: '0' });
    await publisher.api.call('ty_ad_action', { ad_id: String(other.id), action: 'delete' });
    const deleted = await console.call('staff_longpull', { count: String(before.count), wait: '0' });
    expect(deleted.events).toEqual([{ id: expect.any(Number), type: 'ad_decided', ad_id: other.id }]);
    expect(deleted.queued_ads_count).toBe(queued);
    expect(staffAudience(realestate.id)).toBe(`shop:${realestate.id}:staff`);
  });
});

describe('expiry', () => {
  it("Scenario: an approved ad expires at the shop's ad_expiry_days by its job; renewed, it is published again and the old job does nothing; re-approved, the first job finds it not due", async () => {
    const publisher = await adCustomer(t);
    // The staff's session lives by the app's clock: logged in again after each jump.
    const console = { call: async (...args: Parameters<Awaited<ReturnType<typeof moderator>>['api']['call']>) => (await moderator(t)).api.call(...args) };
    const start = now;
    try {
      const ad = await submit(publisher);
      await console.call('ad_moderate', { ad_id: String(ad.id), action: 'approve' });
      const approved = await publisher.api.call('get_ad_ty', { id: String(ad.id) });
      expect(approved.expires_at).toBe(new Date(start.getTime() + realestate.adExpiryDays * DAY).toISOString());
      expect(await t.db.select({ kind: jobs.kind }).from(jobs).where(eq(jobs.key, `${AD_EXPIRE}:${ad.id}:${start.getTime() + realestate.adExpiryDays * DAY}`))).toEqual([{ kind: AD_EXPIRE }]);

      now = new Date(start.getTime() + realestate.adExpiryDays * DAY - 1000);
      await t.app.jobs.runDue();
      expect((await publisher.api.call('get_ad_ty', { id: String(ad.id) })).status).toBe('approved');
      now = new Date(start.getTime() + realestate.adExpiryDays * DAY + 1000);
      await t.app.jobs.runDue();
      const expired = await publisher.api.call('get_ad_ty', { id: String(ad.id) });
      expect(expired).toMatchObject({ status: 'expired', actions: ['edit', 'renew', 'delete'] });
      const told = await t.db.select().from(liveEvents).where(and(eq(liveEvents.audience, customerAudience(realestate.id, publisher.userId)), eq(liveEvents.type, 'ad_status'))).orderBy(liveEvents.id);
      expect(told.at(-1)!.payload).toMatchObject({ ad_id: ad.id, status: 'expired' });

      const renewed = await publisher.api.call('ty_ad_action', { ad_id: String(ad.id), action: 'renew' });
      expect(renewed).toMatchObject({ status: 'approved', expires_at: new Date(now.getTime() + realestate.adExpiryDays * DAY).toISOString() });

      // Edited and approved again: the earlier expiry job finds it not due.
      const other = await submit(publisher);
      await console.call('ad_moderate', { ad_id: String(other.id), action: 'approve' });
      now = new Date(now.getTime() + DAY);
      await publisher.api.call('update_ad_ty', { ad_id: String(other.id), ad_object: JSON.stringify(adObject({ title: other.title })) });
      await console.call('ad_moderate', { ad_id: String(other.id), action: 'approve' });
      now = new Date(now.getTime() + realestate.adExpiryDays * DAY - DAY / 2);
      await t.app.jobs.runDue();
      expect((await publisher.api.call('get_ad_ty', { id: String(other.id) })).status).toBe('approved');
      now = new Date(now.getTime() + DAY);
      await t.app.jobs.runDue();
      expect((await publisher.api.call('get_ad_ty', { id: String(other.id) })).status).toBe('expired');
    } finally {
      now = start;
    }
  });
});
