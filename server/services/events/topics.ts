import type { EventBus, EventPayload } from './bus';

/*
 * Every topic of the bus, with its payload. Names are `area.what`; payloads are small JSON objects
 * of ids (whoever needs the data reads it from the database).
 */

/**
 * What customers read of these shops changed: the shop row (settings, branches' rows), items,
 * options, slides, banners, magazine posts or gallery pictures. Read caches drop these shops.
 */
export const SHOP_CHANGED = 'shop.changed';
export interface ShopChanged {
  shop_ids: number[];
}

/** Ids per event: 500 ten-digit ids stay well under MAX_EVENT_BYTES. */
const IDS_PER_EVENT = 500;

/** Publishes `topic` with `ids` (deduplicated, sorted) under `key`, in several events when there are many. */
async function publishIds(events: EventBus, topic: string, key: string, ids: Iterable<number>): Promise<void> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  for (let start = 0; start < sorted.length; start += IDS_PER_EVENT) {
    await events.publish(topic, { [key]: sorted.slice(start, start + IDS_PER_EVENT) });
  }
}

/** The ids under `key` of a payload, or null when it carries no such list. */
function idsOf(payload: EventPayload, key: string): number[] | null {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return null;
  const ids = payload[key];
  if (!Array.isArray(ids) || !ids.every((id): id is number => Number.isSafeInteger(id))) return null;
  return ids;
}

/** Publishes SHOP_CHANGED (after the write committed), in several events when there are many shops. */
export const publishShopChanged = (events: EventBus, shopIds: Iterable<number>): Promise<void> =>
  publishIds(events, SHOP_CHANGED, 'shop_ids' satisfies keyof ShopChanged, shopIds);

/** The shop ids of a SHOP_CHANGED payload, or null when it is not one (then a subscriber drops everything). */
export const shopChangedIds = (payload: EventPayload): number[] | null => idsOf(payload, 'shop_ids' satisfies keyof ShopChanged);

/**
 * A live event was committed to `live_events` for `audience` (services/live/audiences.ts): the
 * long-polls of that audience on every instance read the log after their cursor. Ids only.
 */
export const LIVE_EVENT = 'live.event';
export interface LiveEventNotice {
  audience: string;
  id: number;
}

/** The audience and id of a LIVE_EVENT payload, or null when it is not one. */
export function liveEventNotice(payload: EventPayload): LiveEventNotice | null {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return null;
  const { audience, id } = payload;
  return typeof audience === 'string' && typeof id === 'number' && Number.isSafeInteger(id) ? { audience, id } : null;
}

/**
 * A customer's session ended (logout, or a login that replaced it): every instance answers the long
 * polls it holds for that session at once, so none delivers a message after it. `session` is the
 * session's id (sessions.id, the hash of the cookie's token, never the token).
 */
export const LIVE_SESSION_ENDED = 'live.session_ended';
export interface LiveSessionEnded {
  session: string;
}

/** The session of a LIVE_SESSION_ENDED payload, or null when it is not one. */
export function liveSessionEnded(payload: EventPayload): string | null {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return null;
  return typeof payload.session === 'string' ? payload.session : null;
}

/**
 * These customers' accounts or sessions changed: a profile edit, favorites, a sign-out (the session is
 * gone). Session caches (http/session-cache.ts) drop what they keep of these users. Ids only.
 */
export const USERS_CHANGED = 'users.changed';
export interface UsersChanged {
  user_ids: number[];
}

/** Publishes USERS_CHANGED (after the write committed), in several events when there are many users. */
export const publishUsersChanged = (events: EventBus, userIds: Iterable<number>): Promise<void> =>
  publishIds(events, USERS_CHANGED, 'user_ids' satisfies keyof UsersChanged, userIds);

/** The user ids of a USERS_CHANGED payload, or null when it is not one (then a subscriber drops everything). */
export const usersChangedIds = (payload: EventPayload): number[] | null => idsOf(payload, 'user_ids' satisfies keyof UsersChanged);

/**
 * Keeps a cache in step with a topic of ids (SHOP_CHANGED, USERS_CHANGED): the ids an event names are forgotten; an
 * event `readIds` cannot read, and a gap in the bus (events may have been missed), clear everything. Returns the stop.
 */
export function followChanges(
  events: EventBus,
  topic: string,
  readIds: (payload: EventPayload) => number[] | null,
  cache: { forget: (ids: number[]) => void; clear: () => void },
): () => void {
  const unsubscribe = events.subscribe(topic, (payload) => {
    const ids = readIds(payload);
    if (ids) cache.forget(ids);
    else cache.clear();
  });
  const offGap = events.onGap(() => cache.clear());
  return () => {
    unsubscribe();
    offGap();
  };
}
