/**
 * A Map whose order is recency, least recent first, where a cache's eviction starts. The caches of the
 * request path (replies, shop snapshots, shops by slug, sessions) used to put an entry back at the end on
 * every hit, a delete and a set, three of them for every kept get_shop. Here a hit moves its entry only once
 * it has drifted into the older half: an entry with fewer than size/2 entries set after it is
 * nearer the back than any eviction reaches before the older half is gone.
 */
export class RecencyMap<K, V> {
  readonly #entries = new Map<K, { value: V; stamp: number }>();
  /** Counts every set and every move to the back. */
  #stamp = 0;

  get size(): number {
    return this.#entries.size;
  }

  /** The value, counted as used now. */
  use(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (this.#stamp - entry.stamp >= this.#entries.size / 2) {
      this.#entries.delete(key);
      entry.stamp = ++this.#stamp;
      this.#entries.set(key, entry);
    }
    return entry.value;
  }

  /** The value, its place unchanged. */
  peek(key: K): V | undefined {
    return this.#entries.get(key)?.value;
  }

  /** Sets the value, as the most recent. */
  set(key: K, value: V): this {
    this.#entries.delete(key);
    this.#entries.set(key, { value, stamp: ++this.#stamp });
    return this;
  }

  delete(key: K): boolean {
    return this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }

  /** Least recent first; deleting the entry at hand while iterating is safe, as with a Map. */
  *[Symbol.iterator](): IterableIterator<[K, V]> {
    for (const [key, { value }] of this.#entries) yield [key, value];
  }
}
