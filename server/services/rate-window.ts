import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import { rateEvents } from '../db/schema';
import type { Executor } from '../repositories/wallet-repository';

export interface Window {
  /** the shop root the events belong to */
  rootId: number;
  kind: string;
  /** who is counted, e.g. 'ip:1.2.3.4' */
  subject: string;
  limit: number;
  windowSeconds: number;
  now: Date;
}

/**
 * Takes one of `limit` slots of a sliding window in `rate_events`: records an
 * event and returns its id, or — when the window is full — records nothing and
 * returns the seconds until its oldest counted event leaves. Holds an advisory
 * lock on the subject until the transaction ends, so instances count the same
 * events; events that left the window are deleted, so a subject keeps at most `limit` rows.
 */
export async function takeSlot(tx: Executor, { rootId, kind, subject, limit, windowSeconds, now }: Window): Promise<{ eventId: number } | { waitSeconds: number }> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${rootId}:${kind}:${subject}`}))`);
  const since = new Date(now.getTime() - windowSeconds * 1000);
  const mine = and(eq(rateEvents.rootId, rootId), eq(rateEvents.kind, kind), eq(rateEvents.subject, subject));
  await tx.delete(rateEvents).where(and(mine, lte(rateEvents.createdAt, since)));
  const times = (await tx.select({ at: rateEvents.createdAt }).from(rateEvents).where(and(mine, gt(rateEvents.createdAt, since))).orderBy(asc(rateEvents.createdAt))).map(
    (row) => row.at,
  );
  if (times.length >= limit) return { waitSeconds: windowSeconds - (now.getTime() - times[times.length - limit].getTime()) / 1000 };
  const [event] = await tx.insert(rateEvents).values({ rootId, kind, subject, createdAt: now }).returning({ id: rateEvents.id });
  return { eventId: event.id };
}

/** Gives a slot back (the write it was taken for did not happen). */
export async function releaseSlot(tx: Executor, eventId: number): Promise<void> {
  await tx.delete(rateEvents).where(eq(rateEvents.id, eventId));
}

/** Forgets every event of a subject (a staff login forgets the username's earlier typos). */
export async function clearSlots(tx: Executor, { rootId, kind, subject }: Pick<Window, 'rootId' | 'kind' | 'subject'>): Promise<void> {
  await tx.delete(rateEvents).where(and(eq(rateEvents.rootId, rootId), eq(rateEvents.kind, kind), eq(rateEvents.subject, subject)));
}

/** Seconds to wait as the whole number a reply shows (at least 1). */
export const waitSeconds = (seconds: number): number => Math.max(1, Math.ceil(seconds));
