import type { Database } from '../db/connection';
import type { EventBus } from '../services/events';
import { publishShopChanged } from '../services/events/topics';
import { shopDirectory } from './shop-directory';

/*
 * Every write to what customers read of a shop (the shop row, items, item_options, slides, banners,
 * magazine_posts, gallery_pictures) goes through here, so every instance's read cache drops exactly
 * those shops. Today's writers: the seed (seed/seed.ts) and the console's owner screens (repos.writeShopData). Sync code to come uses writeShopData.
 */

/** Announces a committed change of these shops (and of their masters, whose get_shop lists branches). */
export async function announceShopChanged(db: Database, events: EventBus, shopIds: readonly number[]): Promise<void> {
  if (shopIds.length === 0) return;
  await publishShopChanged(events, [...shopIds, ...(await shopDirectory.mastersOf(db, shopIds))]);
}

/**
 * Runs `write` in one transaction and, once it has committed, announces the change of `shopIds`.
 * A write that fails or rolls back announces nothing.
 */
export async function writeShopData<T>(db: Database, events: EventBus, shopIds: readonly number[], write: (tx: Database) => Promise<T>): Promise<T> {
  const result = await db.transaction((tx) => write(tx));
  await announceShopChanged(db, events, shopIds);
  return result;
}
