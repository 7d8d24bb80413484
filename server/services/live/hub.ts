import { LONGPOLL_HOLD_JITTER, LONGPOLL_HOLD_MIN_MS } from '@contract/rules/chat';
import type { EventBus } from '../events';
import { LIVE_EVENT, LIVE_SESSION_ENDED, liveEventNotice, liveSessionEnded, type LiveEventNotice } from '../events/topics';
import { POLL_BOUNDS, type PollBounds, type PollOwner } from './poll-bounds';
import { QuietAnswers } from './quiet-answers';

/**
 * Why a watch woke: an event of its audiences, the same for a crowd (an event of an audience more than
 * `BROADCAST_WATCHES` polls watch, as a shop's public messages), a gap on the bus (re-read), the time passed, the client
 * left, the hub closed, a newer poll of its session or address took its place, or its session ended.
 */
export type WakeReason = 'event' | 'broadcast' | 'gap' | 'timeout' | 'aborted' | 'closed' | 'replaced' | 'ended';

/** Past this many watches of one audience, its event wakes them as a crowd ('broadcast'): a customer's own tabs stay far under it. */
export const BROADCAST_WATCHES = 16;

/** Wakes after which a watch waits no more: every later `next` answers them at once. */
const FINAL: ReadonlySet<WakeReason> = new Set<WakeReason>(['closed', 'replaced', 'ended']);

/** Interest in some audiences, begun before the first read so no event slips between the read and the wait. */
export interface LiveWatch {
  /**
   * Resolves at the first event of the watched audiences since the watch began or since the last
   * `next` resolved (then at once), a gap, after `ms`, when `signal` aborts, or when the hub closes.
   * Costs no database query; holds a timer and a few small objects.
   */
  next(ms: number, signal?: AbortSignal): Promise<WakeReason>;
  /** Called when an event of the watched audiences comes while nobody waits in `next` (a read is under way); null: none. */
  reading: (() => void) | null;
  /** A read began after the kept wake: `next` does not answer it. */
  readSince(): void;
  /** Ends the watch; call it once the answer is known (in a finally). */
  stop(): void;
}

/**
 * The live hub of one server instance: long-polls wait on it for their audiences' events, and
 * writers announce committed events through it. Events of other instances arrive over the bus
 * (LIVE_EVENT), so a long-poll held here is answered whichever instance took the write.
 */
export interface LiveHub {
  /**
   * With `owner`, the watch counts against its session's, account's and address's bounds (poll-bounds.ts): past one, the
   * oldest watch of that session, account or address wakes 'replaced'.
   */
  watch(audiences: readonly string[], owner?: PollOwner): LiveWatch;
  /** Publishes LIVE_SESSION_ENDED: every instance wakes that session's watches with 'ended'. Never throws. */
  endSession(session: string): Promise<void>;
  /** Publishes LIVE_EVENT for events that committed (never inside their transaction). Never throws: a failure is logged and waiters still answer at their hold's end. */
  announce(notices: readonly LiveEventNotice[]): Promise<void>;
  /**
   * What these audiences' polls answer changed without an event (a customer read their messages: the unread totals):
   * their held polls read again and their quiet answers are forgotten, on every instance. Never throws.
   */
  touch(audiences: readonly string[]): Promise<void>;
  /**
   * Keeps the answer of `session`'s poll whose hold passed with nothing new (quiet-answers.ts): until an event of
   * `audiences`, a gap or the session's end, its next poll is answered from it instead of reading.
   */
  keepQuiet(session: string, audiences: readonly string[], value: unknown, readAt: number): void;
  /** `session`'s kept quiet answer and when it was read, or null. */
  recallQuiet(session: string): { value: unknown; readAt: number } | null;
  /** How long a long-poll with nothing to say is held (LONGPOLL_HOLD_MS). */
  readonly holdMs: number;
  /**
   * This poll's hold: `holdMs` shortened by up to LONGPOLL_HOLD_JITTER of it, at random, never below LONGPOLL_HOLD_MIN_MS
   * (a shorter empty answer reads as 'replaced' to the SPA). Polls opened together (a restart, a network blip) then
   * come back spread out instead of all at once, and stay spread.
   */
  holdFor(): number;
  /** `waiting`: watches past their first read, waiting in `next` (the others are reading) */
  stats(): { watches: number; waiting: number; audiences: number; quiet: number };
  /** true once closed: replies then end their connection (app.ts), so a closing server is not kept open by keep-alive */
  readonly closed: boolean;
  /** Wakes every waiter with 'closed' (their requests answer at once, so the server's close is quick) and stops listening. */
  close(): void;
}

class Watch implements LiveWatch {
  /** a wake that came while nobody waited; a final one stays */
  pending: WakeReason | null = null;
  private settle: ((reason: WakeReason) => void) | null = null;

  constructor(
    readonly audiences: readonly string[],
    readonly owner: PollOwner | null,
    private readonly release: (watch: Watch) => void,
  ) {}

  /** true while `next` waits for a wake */
  get waiting(): boolean {
    return this.settle !== null;
  }

  wake(reason: WakeReason) {
    if (this.pending && FINAL.has(this.pending)) return;
    const waiting = this.settle;
    // A final wake stays for later calls of `next` too; another is kept only when nobody waits (a read is under way).
    if (!waiting || FINAL.has(reason)) this.pending = reason;
    waiting?.(reason);
    if (!waiting && reason === 'event') this.reading?.();
  }

  /** Called when an event of its own audience comes while a read is under way (nobody waits in `next`). */
  reading: (() => void) | null = null;

  /** The wake kept while reading is answered by a read that began after it: nothing left to read for. */
  readSince() {
    if (this.pending && !FINAL.has(this.pending)) this.pending = null;
  }

  next(ms: number, signal?: AbortSignal): Promise<WakeReason> {
    if (this.pending) {
      const reason = this.pending;
      if (!FINAL.has(reason)) this.pending = null;
      return Promise.resolve(reason);
    }
    if (signal?.aborted) return Promise.resolve('aborted');
    return new Promise<WakeReason>((resolve) => {
      const onAbort = () => this.settle?.('aborted');
      const timer = setTimeout(() => this.settle?.('timeout'), Math.max(0, ms));
      signal?.addEventListener('abort', onAbort, { once: true });
      this.settle = (reason) => {
        this.settle = null;
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        resolve(reason);
      };
    });
  }

  stop() {
    this.settle?.('closed');
    this.release(this);
  }
}

/** Adds `watch` under `key` (a Set keeps arrival order: its first is the oldest). */
function addTo(map: Map<string, Set<Watch>>, key: string, watch: Watch): Set<Watch> {
  const set = map.get(key) ?? new Set<Watch>();
  set.add(watch);
  map.set(key, set);
  return set;
}

function removeFrom(map: Map<string, Set<Watch>>, key: string, watch: Watch) {
  const set = map.get(key);
  set?.delete(watch);
  if (set?.size === 0) map.delete(key);
}

/**
 * A hub on `bus` (one per app). Waiters are kept by audience in memory; an event wakes the
 * waiters of its audience, a gap (events of other instances may be lost) wakes every waiter to read again.
 * Owned waiters are also kept by session, account and address, oldest first, within `bounds`.
 */
export function createLiveHub({
  bus,
  holdMs,
  bounds = POLL_BOUNDS,
  log = (message) => console.warn(message),
  random = Math.random,
  now = Date.now,
}: {
  bus: EventBus;
  holdMs: number;
  bounds?: PollBounds;
  log?: (message: string) => void;
  /** a number in [0, 1) for each hold's jitter (tests pin it) */
  random?: () => number;
  /** the time in ms (a quiet answer's age) */
  now?: () => number;
}): LiveHub {
  const jitterMs = Math.max(0, Math.min(holdMs * LONGPOLL_HOLD_JITTER, holdMs - LONGPOLL_HOLD_MIN_MS));
  const byAudience = new Map<string, Set<Watch>>();
  const bySession = new Map<string, Set<Watch>>();
  const byAccount = new Map<string, Set<Watch>>();
  const byAddress = new Map<string, Set<Watch>>();
  const all = new Set<Watch>();
  const quiet = new QuietAnswers(now);
  let closed = false;

  /** The watch no longer counts against its owner's bounds. */
  const disown = (watch: Watch) => {
    if (!watch.owner) return;
    removeFrom(bySession, watch.owner.session, watch);
    removeFrom(byAccount, watch.owner.account, watch);
    removeFrom(byAddress, watch.owner.address, watch);
  };
  const release = (watch: Watch) => {
    if (!all.delete(watch)) return;
    for (const audience of watch.audiences) removeFrom(byAudience, audience, watch);
    disown(watch);
  };
  /** Answers a watch at once with what it read last ('replaced', 'ended'): no read, no wait. */
  const retire = (watch: Watch, reason: 'replaced' | 'ended') => {
    disown(watch);
    watch.wake(reason);
  };
  /** The newest wins: past `limit`, the oldest of `set` are retired. */
  const bound = (set: Set<Watch>, limit: number) => {
    for (const oldest of set) {
      if (set.size <= limit) return;
      retire(oldest, 'replaced');
    }
  };

  const unsubscribe = bus.subscribe(LIVE_EVENT, (payload) => {
    const notice = liveEventNotice(payload);
    if (!notice) return;
    quiet.forgetAudience(notice.audience);
    const set = byAudience.get(notice.audience);
    if (!set) return;
    const reason = set.size > BROADCAST_WATCHES ? 'broadcast' : 'event';
    for (const watch of [...set]) watch.wake(reason);
  });
  const unsubscribeGap = bus.onGap(() => {
    quiet.clear();
    for (const watch of [...all]) watch.wake('gap');
  });
  const unsubscribeEnded = bus.subscribe(LIVE_SESSION_ENDED, (payload) => {
    const session = liveSessionEnded(payload);
    if (session === null) return;
    quiet.forget(session);
    for (const watch of [...(bySession.get(session) ?? [])]) retire(watch, 'ended');
  });

  const hub: LiveHub = {
    holdMs,
    holdFor: () => holdMs - Math.round(jitterMs * random()),
    watch(audiences, owner) {
      const watch = new Watch([...new Set(audiences)], owner ?? null, release);
      if (closed) {
        watch.pending = 'closed';
        return watch;
      }
      all.add(watch);
      for (const audience of watch.audiences) addTo(byAudience, audience, watch);
      if (owner) {
        bound(addTo(bySession, owner.session, watch), bounds.perSession);
        bound(addTo(byAccount, owner.account, watch), bounds.perAccount);
        bound(addTo(byAddress, owner.address, watch), bounds.perAddress);
      }
      return watch;
    },
    async endSession(session) {
      try {
        await bus.publish(LIVE_SESSION_ENDED, { session });
      } catch (error) {
        log(`live: could not announce a session's end: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
    async announce(notices) {
      for (const notice of notices) {
        try {
          await bus.publish(LIVE_EVENT, { audience: notice.audience, id: notice.id });
        } catch (error) {
          log(`live: could not announce event ${notice.id} to ${notice.audience}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    },
    async touch(audiences) {
      // An id of 0 names no stored event: a poll it wakes reads, and answers only what is new.
      await hub.announce(audiences.map((audience) => ({ audience, id: 0 })));
    },
    keepQuiet(session, audiences, value, readAt) {
      if (!closed) quiet.keep(session, audiences, value, readAt);
    },
    recallQuiet: (session) => quiet.recall(session),
    stats: () => ({ watches: all.size, waiting: [...all].filter((watch) => watch.waiting).length, audiences: byAudience.size, quiet: quiet.size }),
    get closed() {
      return closed;
    },
    close() {
      if (closed) return;
      closed = true;
      unsubscribe();
      unsubscribeGap();
      unsubscribeEnded();
      quiet.clear();
      for (const watch of [...all]) watch.wake('closed');
    },
  };
  return hub;
}
