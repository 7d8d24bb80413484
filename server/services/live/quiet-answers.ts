import { RecencyMap } from '../recency-map';

/**
 * How long a quiet answer stands in for a read. Every event of its audiences, a bus gap or its session's end forgets it
 * at once; this bounds only what the bus never tells (a row changed by hand in the database).
 */
export const QUIET_ANSWER_TRUST_MS = 5 * 60_000;

/** Most answers kept (a poll held per entry is far fewer); the least recently used leave first. */
const MAX_QUIET_ANSWERS = 100_000;

interface Quiet {
  audiences: readonly string[];
  value: unknown;
  /** when the read it holds ran (ms) */
  readAt: number;
}

/**
 * The answers of long-polls whose hold passed with nothing new, by poll key (a session at a shop): the poll that comes
 * back with the same cursor is answered the same unless one of its audiences had an event since, so it is held
 * without reading. Tens of thousands of polls coming back every 25 s then cost the database nothing.
 */
export class QuietAnswers {
  readonly #byKey = new RecencyMap<string, Quiet>();
  readonly #byAudience = new Map<string, Set<string>>();

  constructor(
    private readonly now: () => number,
    private readonly trustMs = QUIET_ANSWER_TRUST_MS,
    private readonly maxEntries = MAX_QUIET_ANSWERS,
  ) {}

  get size(): number {
    return this.#byKey.size;
  }

  /** Keeps `value`, read at `readAt`, as `key`'s answer until an event of `audiences`. */
  keep(key: string, audiences: readonly string[], value: unknown, readAt: number) {
    this.forget(key);
    this.#byKey.set(key, { audiences, value, readAt });
    for (const audience of audiences) {
      let keys = this.#byAudience.get(audience);
      if (!keys) this.#byAudience.set(audience, (keys = new Set()));
      keys.add(key);
    }
    for (const [oldest] of this.#byKey) {
      if (this.#byKey.size <= this.maxEntries) break;
      this.forget(oldest);
    }
  }

  /** `key`'s kept answer and when it was read, while trusted. */
  recall(key: string): { value: unknown; readAt: number } | null {
    const quiet = this.#byKey.use(key);
    if (!quiet) return null;
    if (this.now() - quiet.readAt < this.trustMs) return quiet;
    this.forget(key);
    return null;
  }

  forget(key: string) {
    const quiet = this.#byKey.peek(key);
    if (!quiet) return;
    this.#byKey.delete(key);
    for (const audience of quiet.audiences) {
      const keys = this.#byAudience.get(audience);
      keys?.delete(key);
      if (keys?.size === 0) this.#byAudience.delete(audience);
    }
  }

  /** An event of `audience`: its polls read again. */
  forgetAudience(audience: string) {
    for (const key of [...(this.#byAudience.get(audience) ?? [])]) this.forget(key);
  }

  clear() {
    this.#byKey.clear();
    this.#byAudience.clear();
  }
}
