import type { UserRow } from '../db/schema';
import type { SessionUser } from '../repositories/user-repository';
import type { EventBus } from '../services/events';
import { followChanges, USERS_CHANGED, usersChangedIds } from '../services/events/topics';
import { RecencyMap } from '../services/recency-map';

export interface SessionCacheOptions {
  /** most sessions kept (least recently used leave first) */
  maxEntries?: number;
  /** how long a kept user is trusted without an event: the bound on a change written outside the app */
  ttlMs?: number;
  /** the current time in ms (tests move it) */
  now?: () => number;
}

export interface SessionCache {
  /**
   * The user of `token`'s live session at the shop root `rootId`: from memory when kept and the bus is
   * connected, otherwise `load`ed from the database (and kept when nothing changed meanwhile). `trustMs` (default
   * the cache's `ttlMs`) is how old a kept user may be: a long-poll trusts longer (a sign-out ends its
   * polls over the bus; it reads nothing else of the account).
   */
  user(rootId: number, token: string, load: () => Promise<SessionUser | null>, trustMs?: number): Promise<UserRow | null>;
  /** Drops what is kept of these users (USERS_CHANGED does it on every instance). */
  forget(userIds: Iterable<number>): void;
  clear(): void;
  stats(): { entries: number; hits: number; loads: number };
  close(): void;
}

interface Entry {
  user: UserRow;
  /** the session's end (ms) */
  expiresAt: number;
  /** when it was loaded (ms) */
  keptAt: number;
}

const DEFAULT_MAX_ENTRIES = 20_000;
const DEFAULT_TTL_MS = 10_000;

/**
 * Signed-in customers' sessions kept in memory, so their requests skip the session lookup (a
 * checkout's four requests made four). Tenancy: the key is the shop root and the token together,
 * as the lookup's own WHERE. Trust: an entry is served only while its session is unexpired, for at
 * most `ttlMs`, and while the bus is connected; every instance drops a user's entries on
 * USERS_CHANGED (sign-out, profile, favorites), and everything on a bus gap. A lookup that was
 * running when something changed is not kept, so a sign-out can never be undone by a slow read.
 * docs/server.md, "Caching".
 */
export function createSessionCache(events: EventBus, options: SessionCacheOptions = {}): SessionCache {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const now = options.now ?? Date.now;
  const entries = new RecencyMap<string, Entry>();
  const keysOfUser = new Map<number, Set<string>>();
  /** Counts every forget and clear: a lookup that saw it change is not kept. */
  let epoch = 0;
  let hits = 0;
  let loads = 0;

  const remove = (key: string) => {
    const entry = entries.peek(key);
    if (!entry) return;
    entries.delete(key);
    const keys = keysOfUser.get(entry.user.id);
    keys?.delete(key);
    if (keys?.size === 0) keysOfUser.delete(entry.user.id);
  };
  const keep = (key: string, { user, expiresAt }: SessionUser) => {
    remove(key);
    entries.set(key, { user: Object.freeze(user), expiresAt: expiresAt.getTime(), keptAt: now() });
    let keys = keysOfUser.get(user.id);
    if (!keys) keysOfUser.set(user.id, (keys = new Set()));
    keys.add(key);
    for (const [oldest] of entries) {
      if (entries.size <= maxEntries) break;
      remove(oldest);
    }
  };

  const cache: SessionCache = {
    async user(rootId, token, load, trustMs = ttlMs) {
      const key = `${rootId}:${token}`;
      if (events.connected) {
        const kept = entries.use(key);
        const at = now();
        if (kept && kept.expiresAt > at && at - kept.keptAt < trustMs) {
          hits += 1;
          return kept.user;
        }
        if (kept && kept.expiresAt <= at) remove(key);
      }
      loads += 1;
      const started = epoch;
      const found = await load();
      if (found && epoch === started && events.connected) keep(key, found);
      return found?.user ?? null;
    },
    forget(userIds) {
      epoch += 1;
      for (const id of userIds) for (const key of [...(keysOfUser.get(id) ?? [])]) remove(key);
    },
    clear() {
      epoch += 1;
      entries.clear();
      keysOfUser.clear();
    },
    stats: () => ({ entries: entries.size, hits, loads }),
    close() {
      stopFollowing();
      cache.clear();
    },
  };

  const stopFollowing = followChanges(events, USERS_CHANGED, usersChangedIds, cache);
  return cache;
}
