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

/** Publishes SHOP_CHANGED (after the write committed), in several events when there are many shops. */
export async function publishShopChanged(events: EventBus, shopIds: Iterable<number>): Promise<void> {
  const ids = [...new Set(shopIds)].sort((a, b) => a - b);
  for (let start = 0; start < ids.length; start += IDS_PER_EVENT) {
    const payload: ShopChanged = { shop_ids: ids.slice(start, start + IDS_PER_EVENT) };
    await events.publish(SHOP_CHANGED, { ...payload });
  }
}

/** The shop ids of a SHOP_CHANGED payload, or null when it is not one (then a subscriber drops everything). */
export function shopChangedIds(payload: EventPayload): number[] | null {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return null;
  const ids = payload.shop_ids;
  if (!Array.isArray(ids) || !ids.every((id): id is number => Number.isSafeInteger(id))) return null;
  return ids;
}

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
