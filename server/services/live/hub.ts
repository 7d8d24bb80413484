import type { EventBus } from '../events';
import { LIVE_EVENT, liveEventNotice, type LiveEventNotice } from '../events/topics';

/** Why a watch woke: an event of its audiences, a gap on the bus (re-read), the time passed, the client left, or the hub closed. */
export type WakeReason = 'event' | 'gap' | 'timeout' | 'aborted' | 'closed';

/** Interest in some audiences, begun before the first read so no event slips between the read and the wait. */
export interface LiveWatch {
  /**
   * Resolves at the first event of the watched audiences since the watch began or since the last
   * `next` resolved (then at once), a gap, after `ms`, when `signal` aborts, or when the hub closes.
   * Costs no database query; holds a timer and a few small objects.
   */
  next(ms: number, signal?: AbortSignal): Promise<WakeReason>;
  /** Ends the watch; call it once the answer is known (in a finally). */
  stop(): void;
}

/**
 * The live hub of one server instance: long-polls wait on it for their audiences' events, and
 * writers announce committed events through it. Events of other instances arrive over the bus
 * (LIVE_EVENT), so a long-poll held here is answered whichever instance took the write.
 */
export interface LiveHub {
  watch(audiences: readonly string[]): LiveWatch;
  /** Publishes LIVE_EVENT for events that committed (never inside their transaction). Never throws: a failure is logged and waiters still answer at their hold's end. */
  announce(notices: readonly LiveEventNotice[]): Promise<void>;
  /** How long a long-poll with nothing to say is held (LONGPOLL_HOLD_MS). */
  readonly holdMs: number;
  stats(): { watches: number; audiences: number };
  /** true once closed: replies then end their connection (app.ts), so a closing server is not kept open by keep-alive */
  readonly closed: boolean;
  /** Wakes every waiter with 'closed' (their requests answer at once, so the server's close is quick) and stops listening. */
  close(): void;
}

class Watch implements LiveWatch {
  /** a wake that came while nobody waited; 'closed' stays */
  pending: WakeReason | null = null;
  private settle: ((reason: WakeReason) => void) | null = null;

  constructor(
    readonly audiences: readonly string[],
    private readonly release: (watch: Watch) => void,
  ) {}

  wake(reason: WakeReason) {
    if (this.settle) this.settle(reason);
    else if (this.pending !== 'closed') this.pending = reason;
  }

  next(ms: number, signal?: AbortSignal): Promise<WakeReason> {
    if (this.pending) {
      const reason = this.pending;
      if (reason !== 'closed') this.pending = null;
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

/**
 * A hub on `bus` (one per app). Waiters are kept by audience in memory; an event wakes the
 * waiters of its audience, a gap (events of other instances may be lost) wakes every waiter to read again.
 */
export function createLiveHub({ bus, holdMs, log = (message) => console.warn(message) }: { bus: EventBus; holdMs: number; log?: (message: string) => void }): LiveHub {
  const byAudience = new Map<string, Set<Watch>>();
  const all = new Set<Watch>();
  let closed = false;

  const release = (watch: Watch) => {
    if (!all.delete(watch)) return;
    for (const audience of watch.audiences) {
      const set = byAudience.get(audience);
      set?.delete(watch);
      if (set?.size === 0) byAudience.delete(audience);
    }
  };

  const unsubscribe = bus.subscribe(LIVE_EVENT, (payload) => {
    const notice = liveEventNotice(payload);
    if (!notice) return;
    const set = byAudience.get(notice.audience);
    if (set) for (const watch of [...set]) watch.wake('event');
  });
  const unsubscribeGap = bus.onGap(() => {
    for (const watch of [...all]) watch.wake('gap');
  });

  return {
    holdMs,
    watch(audiences) {
      const watch = new Watch([...new Set(audiences)], release);
      if (closed) {
        watch.pending = 'closed';
        return watch;
      }
      all.add(watch);
      for (const audience of watch.audiences) {
        const set = byAudience.get(audience) ?? new Set<Watch>();
        set.add(watch);
        byAudience.set(audience, set);
      }
      return watch;
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
    stats: () => ({ watches: all.size, audiences: byAudience.size }),
    get closed() {
      return closed;
    },
    close() {
      if (closed) return;
      closed = true;
      unsubscribe();
      unsubscribeGap();
      for (const watch of [...all]) watch.wake('closed');
    },
  };
}
