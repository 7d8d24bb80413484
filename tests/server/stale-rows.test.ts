import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loginRequests, rateEvents, shops } from '../../server/db/schema';
import { deleteStaleRows, LOGIN_REQUEST_RETENTION_MS, RATE_EVENT_RETENTION_MS } from '../../server/services/stale-rows';
import { createTestApp, type TestApp } from './helpers/create-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const now = new Date('2026-03-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

describe('rate events past every window and old login requests are deleted, a bounded batch at a time', () => {
  it('Scenario: 5 stale rows of each table go over three runs of 2; the rows still counted stay', async () => {
    const [kebab] = await t.db.select().from(shops).where(eq(shops.slug, 'kebab'));
    const rootId = kebab.rootId ?? kebab.id;
    await t.db.delete(rateEvents);
    await t.db.delete(loginRequests);
    const stale = ago(RATE_EVENT_RETENTION_MS + 60_000);
    const fresh = ago(RATE_EVENT_RETENTION_MS - 60_000);
    await t.db.insert(rateEvents).values([
      ...Array.from({ length: 5 }, (_, index) => ({ rootId, kind: 'sms', subject: `phone:0912000000${index}`, createdAt: stale })),
      { rootId, kind: 'visit', subject: 'ip:203.0.113.9', createdAt: fresh },
    ]);
    const request = (id: string, expiresAt: Date) => ({ id, rootId, mobile: '09120000000', codeHash: 'x', createdAt: ago(LOGIN_REQUEST_RETENTION_MS * 2), expiresAt });
    await t.db.insert(loginRequests).values([
      ...Array.from({ length: 5 }, (_, index) => request(`old-${index}`, ago(LOGIN_REQUEST_RETENTION_MS + 60_000))),
      request('recent', ago(LOGIN_REQUEST_RETENTION_MS - 60_000)),
      request('live', new Date(now.getTime() + 120_000)),
    ]);

    const runs = [];
    for (let run = 0; run < 4; run += 1) runs.push(await deleteStaleRows(t.db, now, 2));
    expect(runs).toEqual([
      { rateEvents: 2, loginRequests: 2 },
      { rateEvents: 2, loginRequests: 2 },
      { rateEvents: 1, loginRequests: 1 },
      { rateEvents: 0, loginRequests: 0 },
    ]);
    expect((await t.db.select().from(rateEvents)).map((row) => row.subject)).toEqual(['ip:203.0.113.9']);
    expect((await t.db.select().from(loginRequests)).map((row) => row.id).sort()).toEqual(['live', 'recent']);
  });
});
