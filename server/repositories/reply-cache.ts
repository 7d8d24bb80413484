import type { Code } from '@contract/api';
import type { Language } from '@contract/enums';
import type { ShopRow } from '../db/schema';
import type { ReadCache } from './read-cache';
import type { ShopSnapshot } from './shop-snapshot';

/**
 * Codes whose anonymous reply follows from the shop's row, its snapshot, the form and the language
 * alone, and whether a given form's does. get_list_item sorted by best_selling reads sales through
 * SQL on every call, so its reply is not the snapshot's to keep.
 */
const SHARED_CODES: Partial<Record<Code, (body: Record<string, unknown>) => boolean>> = {
  get_shop: () => true,
  get_all_folders: () => true,
  get_list_item: (body) => body.sort !== 'best_selling',
};

export interface ReplyCacheOptions {
  /** most replies kept, over all shops (least recently served leave first) */
  maxEntries?: number;
  /** about how many bytes all kept replies may take */
  maxBytes?: number;
  /** a larger reply is never kept */
  maxEntryBytes?: number;
}

/** Where one request's reply is found or kept; made by ReplyCache.slot. */
export interface ReplySlot {
  /** the reply's bytes as sent before, or null */
  readonly hit: Buffer | null;
  /** keeps `bytes` for the next requests alike, tied to the snapshot and rows this slot was made for */
  keep(bytes: Buffer): void;
}

export interface ReplyCache {
  /**
   * The slot of an anonymous request for `code`, or null when such a reply is not shared: the code
   * is not listed, or the read cache cannot serve the shop now. Only a caller without a session
   * cookie may ask: a signed-in reply may carry the customer's own parts.
   */
  slot(request: { shop: ShopRow; hostShop: ShopRow }, code: Code, language: Language, body: Record<string, unknown>): Promise<ReplySlot | null>;
  stats(): { entries: number; bytes: number; hits: number };
  clear(): void;
}

interface Entry {
  snapshot: ShopSnapshot;
  shop: ShopRow;
  hostShop: ShopRow;
  bytes: Buffer;
}

const DEFAULT_MAX_ENTRIES = 2000;
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
const DEFAULT_MAX_ENTRY_BYTES = 256 * 1024;
/** A catalog read's form is a few fields; a longer one (up to the body limit) is not worth a key's memory. */
const MAX_KEY_LENGTH = 2048;

/**
 * The serialised replies of anonymous catalog reads, so a repeat is neither run nor serialised
 * again. An entry is tied to the shop's snapshot and shop rows it was made from, by identity: the
 * read cache replaces them when the shop changes (SHOP_CHANGED, a bus gap), so a changed shop's old
 * replies are never served, and rows of one shop never match another's (docs/server.md, "Caching").
 */
export function createReplyCache(cache: ReadCache, options: ReplyCacheOptions = {}): ReplyCache {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxEntryBytes = options.maxEntryBytes ?? DEFAULT_MAX_ENTRY_BYTES;
  // Insertion order is recency: a served entry is put back at the end.
  const entries = new Map<string, Entry>();
  let bytes = 0;
  let hits = 0;

  const remove = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.bytes.length;
  };

  return {
    async slot(request, code, language, body) {
      const shared = SHARED_CODES[code];
      if (!shared || !shared(body)) return null;
      const snapshot = await cache.snapshot(request.shop);
      if (!snapshot) return null;
      const { shop, hostShop } = request;
      // The whole form is the key (fields the contract ignores too), beside what else decides the reply.
      const key = `${shop.id}\n${hostShop.id}\n${code}\n${language}\n${JSON.stringify(body)}`;
      if (key.length > MAX_KEY_LENGTH) return null;
      const kept = entries.get(key);
      if (kept && kept.snapshot === snapshot && kept.shop === shop && kept.hostShop === hostShop) {
        hits += 1;
        entries.delete(key);
        entries.set(key, kept);
        return { hit: kept.bytes, keep: () => undefined };
      }
      if (kept) remove(key, kept);
      return {
        hit: null,
        keep(reply) {
          if (reply.length > maxEntryBytes) return;
          const previous = entries.get(key);
          if (previous) remove(key, previous);
          entries.set(key, { snapshot, shop, hostShop, bytes: reply });
          bytes += reply.length;
          for (const [oldest, entry] of entries) {
            if (entries.size <= maxEntries && bytes <= maxBytes) break;
            remove(oldest, entry);
          }
        },
      };
    },
    stats: () => ({ entries: entries.size, bytes, hits }),
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}
