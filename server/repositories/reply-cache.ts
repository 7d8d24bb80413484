import type { Code } from '@contract/api';
import type { Language } from '@contract/enums';
import type { ShopRow } from '../db/schema';
import { compressedCopy, type ReplyEncoding } from '../plugins/compression';
import type { ReadCache } from './read-cache';
import type { ShopSnapshot } from './shop-snapshot';
import { RecencyMap } from '../services/recency-map';

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

/** A reply kept for the requests alike. */
export interface KeptReply {
  /** the reply's bytes as sent before */
  readonly bytes: Buffer;
  /** the bytes compressed for `encoding`, made on the first ask and kept beside them */
  encoded(encoding: ReplyEncoding): Buffer;
}

/** Where one request's reply is found or kept; made by ReplyCache.slot. */
export interface ReplySlot {
  /** the reply as sent before, or null */
  readonly hit: KeptReply | null;
  /** keeps `bytes` for the next requests alike, tied to the snapshot and rows this slot was made for */
  keep(bytes: Buffer): void;
}

type Asker = { shop: ShopRow; hostShop: ShopRow };

export interface ReplyCache {
  /**
   * The kept reply of an anonymous request for `code`, when one is valid now and the shop's snapshot is in
   * memory; without a promise, so the common repeat is answered in the same tick. Null: ask `slot`.
   */
  kept(request: Asker, code: Code, language: Language, body: Record<string, unknown>): KeptReply | null;
  /**
   * The slot of an anonymous request for `code`, or null when such a reply is not shared: the code
   * is not listed, or the read cache cannot serve the shop now. Only a caller without a session
   * cookie may ask: a signed-in reply may carry the customer's own parts.
   */
  slot(request: Asker, code: Code, language: Language, body: Record<string, unknown>): Promise<ReplySlot | null>;
  /** `misses`: shared reads that found no valid reply and ran the action */
  stats(): { entries: number; bytes: number; hits: number; misses: number };
  clear(): void;
}

interface Entry extends KeptReply {
  /** the snapshot's serial: the snapshot itself would stay in memory as long as the entry, after the read cache let it go */
  serial: number;
  shop: ShopRow;
  hostShop: ShopRow;
  /** the bytes and their compressed copies */
  size: number;
}

const DEFAULT_MAX_ENTRIES = 2000;
const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
const DEFAULT_MAX_ENTRY_BYTES = 256 * 1024;
/** A catalog read's form is a few fields; a longer one (up to the body limit) is not worth a key's memory. */
const MAX_KEY_LENGTH = 2048;

/**
 * A form's fields in order, each name and value after its length, so no two forms share one; null when a
 * field is not one text (a repeated name: refused by every code's payload check anyway), so no value of any
 * shape or depth is ever walked. A third of JSON.stringify's time for the two fields of a get_shop.
 */
export function formKey(body: Record<string, unknown>): string | null {
  let key = '';
  for (const name in body) {
    const value = body[name];
    if (typeof value !== 'string') return null;
    key += `${name.length}:${name}${value.length}:${value}`;
  }
  return key;
}

/**
 * The serialised replies of anonymous catalog reads, so a repeat is neither run nor serialised
 * again. An entry is tied to the shop's snapshot (by its serial) and shop rows (by identity) it was
 * made from: the read cache replaces them when the shop changes (SHOP_CHANGED, a bus gap), so a changed
 * shop's old replies are never served, and rows of one shop never match another's (docs/server.md, "Caching").
 */
export function createReplyCache(cache: ReadCache, options: ReplyCacheOptions = {}): ReplyCache {
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxEntryBytes = options.maxEntryBytes ?? DEFAULT_MAX_ENTRY_BYTES;
  const entries = new RecencyMap<string, Entry>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;

  const remove = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.size;
  };
  const evict = () => {
    for (const [oldest, entry] of entries) {
      if (entries.size <= maxEntries && bytes <= maxBytes) break;
      remove(oldest, entry);
    }
  };
  const entryOf = (key: string, snapshot: ShopSnapshot, shop: ShopRow, hostShop: ShopRow, reply: Buffer): Entry => {
    const copies: Partial<Record<ReplyEncoding, Buffer>> = {};
    const entry: Entry = {
      serial: snapshot.serial,
      shop,
      hostShop,
      bytes: reply,
      size: reply.length,
      encoded(encoding) {
        let copy = copies[encoding];
        if (!copy) {
          copy = copies[encoding] = compressedCopy(reply, encoding);
          // A copy made for an entry already dropped is sent once and not counted.
          if (entries.peek(key) === entry) {
            entry.size += copy.length;
            bytes += copy.length;
            evict();
          }
        }
        return copy;
      },
    };
    return entry;
  };
  // The whole form is the key (fields the contract ignores too), beside what else decides the reply.
  const keyOf = ({ shop, hostShop }: Asker, code: Code, language: Language, body: Record<string, unknown>): string | null => {
    const form = formKey(body);
    return form === null ? null : `${shop.id}\n${hostShop.id}\n${code}\n${language}\n${form}`;
  };
  const valid = (entry: Entry, snapshot: ShopSnapshot, { shop, hostShop }: Asker) => entry.serial === snapshot.serial && entry.shop === shop && entry.hostShop === hostShop;

  return {
    kept(request, code, language, body) {
      const shared = SHARED_CODES[code];
      if (!shared || entries.size === 0 || !shared(body)) return null;
      const snapshot = cache.keptSnapshot(request.shop);
      if (!snapshot) return null;
      const key = keyOf(request, code, language, body);
      const entry = key === null ? undefined : entries.use(key);
      if (!entry || !valid(entry, snapshot, request)) return null;
      hits += 1;
      return entry;
    },
    async slot(request, code, language, body) {
      const shared = SHARED_CODES[code];
      if (!shared || !shared(body)) return null;
      const snapshot = await cache.snapshot(request.shop);
      if (!snapshot) return null;
      const { shop, hostShop } = request;
      const key = keyOf(request, code, language, body);
      if (key === null || key.length > MAX_KEY_LENGTH) return null;
      const kept = entries.use(key);
      if (kept && valid(kept, snapshot, request)) {
        hits += 1;
        return { hit: kept, keep: () => undefined };
      }
      if (kept) remove(key, kept);
      misses += 1;
      return {
        hit: null,
        keep(reply) {
          if (reply.length > maxEntryBytes) return;
          const previous = entries.peek(key);
          if (previous) remove(key, previous);
          const entry = entryOf(key, snapshot, shop, hostShop, reply);
          entries.set(key, entry);
          bytes += entry.size;
          evict();
        },
      };
    },
    stats: () => ({ entries: entries.size, bytes, hits, misses }),
    clear() {
      entries.clear();
      bytes = 0;
    },
  };
}
