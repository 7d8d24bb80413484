import { lt, sql } from 'drizzle-orm';
import type { Unread } from '@contract/entities/chat';
import type { Database } from '../db/connection';
import { liveEvents, sessions, type ShopRow } from '../db/schema';
import type { LiveEventNotice } from '../services/events/topics';
import { compiledStatement } from '../db/compiled-statement';
import { inLane, type StatementLane } from '../db/statement-lanes';
import { rowsOf } from './rows-of';
import { unreadColumns } from './unread-repository';

/** Any constant: with the shop's id, the advisory lock that keeps a shop's event ids committing in order. */
const LIVE_EVENTS_LOCK = 7_270_013;

/** The most events one long-poll answer carries; more follow on the next poll, at once. */
export const LIVE_EVENTS_PER_ANSWER = 100;

export interface NewLiveEvent {
  audience: string;
  type: string;
  payload: Record<string, unknown>;
}

export interface StoredLiveEvent {
  id: number;
  type: string;
  payload: Record<string, unknown>;
}

/** One read of a long-poll: its audiences' events after the cursor, the shop's newest event id, and the customer's unread totals. */
export interface LiveRead {
  events: StoredLiveEvent[];
  /** the shop's newest committed event id (0 when it has none): the cursor of a first connection */
  head: number;
  unread: Unread;
}

/** A customer's read, with whether the session polling is still live (a logout's notice can be lost on the bus). */
export interface CustomerLiveRead extends LiveRead {
  sessionLive: boolean;
}

type CustomerReadRow = { session_live: boolean; head: number | string; support: number | string; public: number | string; conversations: number | string; id: number | string | null; type: string | null; payload: unknown };

const storedEvents = (rows: { id: number | string | null; type: string | null; payload: unknown }[]): StoredLiveEvent[] =>
  rows
    .filter((row) => row.id !== null)
    .map((row) => ({ id: Number(row.id), type: String(row.type), payload: (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Record<string, unknown> }));

/**
 * A customer's long-poll read (their own audience and the shop's public one, and whether their session is still
 * live), compiled once: every held poll runs it when it starts and when an event wakes it.
 */
const customerRead = (() => {
  const unread = unreadColumns(sql.placeholder('shopId'), sql.placeholder('userId'));
  return compiledStatement<{ shopId: number; audience1: string; audience2: string; after: number; userId: number; session: string; limit: number }, CustomerReadRow>(sql`
    select totals.session_live, totals.head, totals.support, totals.public, totals.conversations, event.id, event.type, event.payload
    from (
      select exists (select 1 from ${sessions} where ${sessions.id} = ${sql.placeholder('session')} and ${sessions.expiresAt} > now()) as session_live,
             (select coalesce(max(${liveEvents.id}), 0) from ${liveEvents} where ${liveEvents.shopId} = ${sql.placeholder('shopId')}) as head,
             ${unread.support} as support, ${unread.public} as public, ${unread.conversations} as conversations
    ) as totals
    left join lateral (
      select ${liveEvents.id} as id, ${liveEvents.type} as type, ${liveEvents.payload} as payload from ${liveEvents}
      where ${liveEvents.shopId} = ${sql.placeholder('shopId')} and ${liveEvents.audience} in (${sql.placeholder('audience1')}, ${sql.placeholder('audience2')})
        and ${liveEvents.id} > ${sql.placeholder('after')}
      order by ${liveEvents.id} limit ${sql.placeholder('limit')}
    ) as event on true
    order by event.id`);
})();

/** The live event log of one shop. */
export function createLiveRepository(db: Database, shop: ShopRow) {
  return {
    /**
     * Appends events; call it inside the transaction of the write they announce, as its last
     * statements. The shop's advisory lock is held until commit, so its ids become visible in
     * order and a reader's cursor never passes an id that commits later.
     */
    async append(events: readonly NewLiveEvent[]): Promise<LiveEventNotice[]> {
      if (events.length === 0) return [];
      await db.execute(sql`select pg_advisory_xact_lock(${LIVE_EVENTS_LOCK}, ${shop.id})`);
      const rows = await db
        .insert(liveEvents)
        .values(events.map((event) => ({ shopId: shop.id, audience: event.audience, type: event.type, payload: event.payload })))
        .returning({ id: liveEvents.id, audience: liveEvents.audience });
      return rows.map((row) => ({ audience: row.audience, id: Number(row.id) }));
    },

    /**
     * One statement: the audiences' events after `after` (oldest first), the shop's head, `userId`'s unread totals,
     * and whether `session` (sessions.id) is still live; in `lane` on the embedded database (db/statement-lanes.ts).
     */
    async read(audiences: readonly [string, string], after: number, userId: number, session: string, lane: StatementLane = 'foreground'): Promise<CustomerLiveRead> {
      const rows = await customerRead(inLane(db, lane), { shopId: shop.id, audience1: audiences[0], audience2: audiences[1], after, userId, session, limit: LIVE_EVENTS_PER_ANSWER });
      const [first] = rows;
      return {
        sessionLive: first.session_live === true,
        head: Number(first.head),
        unread: { support: Number(first.support), public: Number(first.public), conversations: Number(first.conversations) },
        events: storedEvents(rows),
      };
    },

    /** One audience's events after `after` (oldest first) and the shop's head: the staff's long-poll (no customer's unread). */
    async readAudience(audience: string, after: number, lane: StatementLane = 'foreground'): Promise<Omit<LiveRead, 'unread'>> {
      const result = await inLane(db, lane).execute(sql`
        select head.head, event.id, event.type, event.payload
        from (select coalesce(max(${liveEvents.id}), 0) as head from ${liveEvents} where ${liveEvents.shopId} = ${shop.id}) as head
        left join lateral (
          select ${liveEvents.id} as id, ${liveEvents.type} as type, ${liveEvents.payload} as payload from ${liveEvents}
          where ${liveEvents.shopId} = ${shop.id} and ${liveEvents.audience} = ${audience} and ${liveEvents.id} > ${after}
          order by ${liveEvents.id} limit ${LIVE_EVENTS_PER_ANSWER}
        ) as event on true
        order by event.id`);
      type Row = { head: number | string; id: number | string | null; type: string | null; payload: unknown };
      const rows = rowsOf<Row>(result);
      return {
        head: Number(rows[0].head),
        events: storedEvents(rows),
      };
    },
  };
}

/**
 * Deletes events older than `before`, of every shop: a maintenance task (services/live/pruning.ts),
 * the one unscoped write of the log. A client whose cursor is older has reloaded its lists long since.
 */
export async function pruneLiveEvents(db: Database, before: Date): Promise<void> {
  await db.delete(liveEvents).where(lt(liveEvents.createdAt, before));
}
