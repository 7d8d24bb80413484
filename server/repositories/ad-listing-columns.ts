import type { SavedFilters } from '@contract/endpoints/ads';

/*
 * A shop's published ads as columns of typed arrays (ad-listing-index.ts keeps one per shop and brings it up to date):
 * what the list's filters, its three orders and its counts read, so a filter combination's total and page are a pass
 * over these arrays (about a millisecond for 100,000 ads) instead of a count of up to 25,000 index entries in the
 * database per combination after every change of the list. The texts and the publisher are not here: the page's
 * ten rows are read by primary key.
 */

/** An ad's fields as the index's statement reads them (numbers in JavaScript's doubles: amounts and microseconds fit). */
export interface ListedFields {
  id: number;
  request: string;
  type: string;
  city: string;
  neighborhood: string;
  totalPrice: number | null;
  deposit: number | null;
  monthlyRent: number | null;
  meterage: number;
  rooms: number | null;
  buildYear: number | null;
  /** published_at in microseconds since 1970 (the list's order needs PostgreSQL's precision, not a Date's) */
  publishedAt: number | null;
  lat: number;
  lng: number;
  /** the map's points show it */
  title: string;
}

/** A point of the map, as the tables' read gives it (services/ads: get_ads_by_location). */
export interface ListedPoint {
  id: number;
  lat: number;
  lng: number;
  title: string;
  request: string;
  price: number | null;
}

/** The cells of the map's grid a view meets (services/ads/map-grid.ts cellsOver). */
export interface GridRange {
  size: number;
  south: number;
  north: number;
  west: number;
  east: number;
}

export type ListOrder = 'newest' | 'price_asc' | 'price_desc';

const RANGES = [
  ['total_price', 'totalPrice'],
  ['deposit', 'deposit'],
  ['monthly_rent', 'monthlyRent'],
  ['meterage', 'meterage'],
  ['rooms', 'rooms'],
  ['build_year', 'buildYear'],
] as const;
type NumberColumn = (typeof RANGES)[number][1] | 'publishedAt' | 'price' | 'lat' | 'lng';
type CodeColumn = 'request' | 'type' | 'city' | 'neighborhood';
const NUMBER_COLUMNS: NumberColumn[] = ['totalPrice', 'deposit', 'monthlyRent', 'meterage', 'rooms', 'buildYear', 'publishedAt', 'price', 'lat', 'lng'];
const CODE_COLUMNS: CodeColumn[] = ['request', 'type', 'city', 'neighborhood'];
const SELECTIVE_FIRST: CodeColumn[] = ['neighborhood', 'city', 'type', 'request'];

/**
 * Bytes a row takes: id, the four texts' codes, the numbers (null as NaN), a live flag, its place in the three orders,
 * and its title for the map's points (about 80 bytes for a Persian title of 26 characters, measured; 96 allowed).
 */
export const BYTES_PER_ROW = 4 + 4 * CODE_COLUMNS.length + 8 * NUMBER_COLUMNS.length + 1 + 3 * 4 + 96;

export class ListedColumns {
  /** rows kept, dead ones included (a removed row stays in place, off the orders' walks, until compaction) */
  #rows = 0;
  #dead = 0;
  #capacity = 0;
  #id = new Int32Array(0);
  #live = new Uint8Array(0);
  #codes = {} as Record<CodeColumn, Int32Array>;
  #numbers = {} as Record<NumberColumn, Float64Array>;
  #titles: string[] = [];
  /** each text's code, per column */
  #texts = Object.fromEntries(CODE_COLUMNS.map((column) => [column, new Map<string, number>()])) as Record<CodeColumn, Map<string, number>>;
  /** the rows' slots in each order, live ones and dead ones not yet compacted */
  #orders: Record<ListOrder, Int32Array> = { newest: new Int32Array(0), price_asc: new Int32Array(0), price_desc: new Int32Array(0) };
  #ordered = 0;
  /** reused by each (synchronous) filtering: the matching slots, and their marks while an order is walked */
  #scratch = new Int32Array(0);
  #marks = new Uint8Array(0);

  constructor() {
    this.#grow(1024);
  }

  /** The published ads held. */
  get size(): number {
    return this.#rows - this.#dead;
  }

  /** Bytes held by the arrays (their capacity, not only what is used). */
  get bytes(): number {
    return this.#capacity * BYTES_PER_ROW;
  }

  #grow(capacity: number) {
    const copy = <A extends Int32Array | Float64Array | Uint8Array>(from: A, make: (length: number) => A) => {
      const to = make(capacity);
      to.set(from.subarray(0, Math.min(from.length, capacity)));
      return to;
    };
    this.#id = copy(this.#id, (length) => new Int32Array(length));
    this.#live = copy(this.#live, (length) => new Uint8Array(length));
    for (const column of CODE_COLUMNS) this.#codes[column] = copy(this.#codes[column] ?? new Int32Array(0), (length) => new Int32Array(length));
    for (const column of NUMBER_COLUMNS) this.#numbers[column] = copy(this.#numbers[column] ?? new Float64Array(0), (length) => new Float64Array(length));
    for (const order of Object.keys(this.#orders) as ListOrder[]) this.#orders[order] = copy(this.#orders[order], (length) => new Int32Array(length));
    this.#capacity = capacity;
  }

  #code(column: CodeColumn, text: string): number {
    const texts = this.#texts[column];
    let code = texts.get(text);
    if (code === undefined) texts.set(text, (code = texts.size));
    return code;
  }

  /**
   * The orders as the list's SQL writes them: newest is published_at desc nulls last, id desc; the price sorts are
   * coalesce(total_price, deposit) asc or desc nulls last, then id desc. Negative: `a` comes first.
   */
  #compare(order: ListOrder, a: number, b: number): number {
    const key = order === 'newest' ? this.#numbers.publishedAt : this.#numbers.price;
    const ka = key[a];
    const kb = key[b];
    const na = Number.isNaN(ka);
    const nb = Number.isNaN(kb);
    if (na !== nb) return na ? 1 : -1;
    if (!na && ka !== kb) return order === 'price_asc' ? ka - kb : kb - ka;
    return this.#id[b] - this.#id[a];
  }

  /** Adds an ad; returns its slot. Its place in the orders is taken by `order()` (many at once) or `place()` (one). */
  add(fields: ListedFields): number {
    if (this.#rows === this.#capacity) this.#grow(this.#capacity * 2);
    const slot = this.#rows++;
    this.#id[slot] = fields.id;
    this.#live[slot] = 1;
    this.#titles[slot] = fields.title;
    for (const column of CODE_COLUMNS) this.#codes[column][slot] = this.#code(column, fields[column]);
    const price = fields.totalPrice ?? fields.deposit;
    const values: Record<NumberColumn, number | null> = { ...fields, price };
    for (const column of NUMBER_COLUMNS) this.#numbers[column][slot] = values[column] ?? Number.NaN;
    return slot;
  }

  /** Takes a row off the list (it stays in place until compaction). */
  remove(slot: number) {
    if (this.#live[slot] === 0) return;
    this.#live[slot] = 0;
    this.#dead += 1;
  }

  /** Puts one added row in its place in each order (a binary search and a move of the rows after it). */
  place(slot: number) {
    for (const order of Object.keys(this.#orders) as ListOrder[]) {
      const slots = this.#orders[order];
      let low = 0;
      let high = this.#ordered;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (this.#compare(order, slots[middle], slot) < 0) low = middle + 1;
        else high = middle;
      }
      slots.copyWithin(low + 1, low, this.#ordered);
      slots[low] = slot;
    }
    this.#ordered += 1;
  }

  /** Sorts every row into the three orders (after many were added). */
  order() {
    for (const order of Object.keys(this.#orders) as ListOrder[]) {
      const slots = Array.from({ length: this.#rows }, (_, slot) => slot).sort((a, b) => this.#compare(order, a, b));
      this.#orders[order].set(slots);
    }
    this.#ordered = this.#rows;
  }

  /**
   * Drops the removed rows once they are a quarter of those kept: the live ones move down, the orders keep their
   * order. Answers each old slot's new one (-1: dropped), or null when nothing moved.
   */
  compact(): Int32Array | null {
    if (this.#dead * 4 < this.#rows) return null;
    const moved = new Int32Array(this.#rows).fill(-1);
    let next = 0;
    for (let slot = 0; slot < this.#rows; slot++) {
      if (!this.#live[slot]) continue;
      moved[slot] = next;
      this.#id[next] = this.#id[slot];
      this.#titles[next] = this.#titles[slot];
      this.#live[next] = 1;
      for (const column of CODE_COLUMNS) this.#codes[column][next] = this.#codes[column][slot];
      for (const column of NUMBER_COLUMNS) this.#numbers[column][next] = this.#numbers[column][slot];
      next += 1;
    }
    for (const order of Object.keys(this.#orders) as ListOrder[]) {
      const slots = this.#orders[order];
      let kept = 0;
      for (let i = 0; i < this.#ordered; i++) if (moved[slots[i]] >= 0) slots[kept++] = moved[slots[i]];
    }
    this.#rows = next;
    this.#titles.length = next;
    this.#ordered = next;
    this.#dead = 0;
    this.#live.fill(0, next);
    return moved;
  }

  /**
   * The live slots matching the filters, in slot order, in the scratch array (its first `count`); null when no listed
   * ad can match (a text none has). Each test is one tight loop over typed arrays, the equalities first: the first
   * reads every row, the next only the rows still matching (a neighborhood leaves a few thousand of 100,000).
   */
  #select(filters: SavedFilters): number | null {
    const tests: ({ kind: 'code'; values: Int32Array; code: number } | { kind: 'min' | 'max'; values: Float64Array; bound: number })[] = [];
    // The narrowest first: a neighborhood keeps fewer rows than a city, a type or a request.
    for (const column of SELECTIVE_FIRST) {
      const text = filters[column];
      if (text === undefined) continue;
      const code = this.#texts[column].get(text);
      if (code === undefined) return null;
      tests.push({ kind: 'code', values: this.#codes[column], code });
    }
    for (const [key, column] of RANGES) {
      const range = filters[key];
      // NaN (null) fails both comparisons, as SQL's null fails `>=` and `<=`.
      if (range?.min !== undefined) tests.push({ kind: 'min', values: this.#numbers[column], bound: range.min });
      if (range?.max !== undefined) tests.push({ kind: 'max', values: this.#numbers[column], bound: range.max });
    }
    if (this.#scratch.length < this.#capacity) this.#scratch = new Int32Array(this.#capacity);
    const selected = this.#scratch;
    const live = this.#live;
    let count = 0;
    const first = tests.shift();
    // The first test reads every row (and whether it is live), the others only the rows kept.
    if (first?.kind === 'code') {
      const { values, code } = first;
      for (let slot = 0; slot < this.#rows; slot++) if (values[slot] === code && live[slot] === 1) selected[count++] = slot;
    } else if (first) {
      const { values, bound } = first;
      const min = first.kind === 'min' ? bound : -Infinity;
      const max = first.kind === 'max' ? bound : Infinity;
      for (let slot = 0; slot < this.#rows; slot++) if (values[slot] >= min && values[slot] <= max && live[slot] === 1) selected[count++] = slot;
    } else {
      for (let slot = 0; slot < this.#rows; slot++) if (live[slot] === 1) selected[count++] = slot;
    }
    for (const test of tests) {
      let kept = 0;
      if (test.kind === 'code') {
        const { values, code } = test;
        for (let i = 0; i < count; i++) if (values[selected[i]] === code) selected[kept++] = selected[i];
      } else if (test.kind === 'min') {
        const { values, bound } = test;
        for (let i = 0; i < count; i++) if (values[selected[i]] >= bound) selected[kept++] = selected[i];
      } else {
        const { values, bound } = test;
        for (let i = 0; i < count; i++) if (values[selected[i]] <= bound) selected[kept++] = selected[i];
      }
      count = kept;
    }
    return count;
  }

  /** How many listed ads match, and the ids of the page at `offset` in `order`. */
  page(filters: SavedFilters, order: ListOrder, offset: number, length: number): { ids: number[]; total: number } {
    const total = this.#select(filters);
    if (!total) return { ids: [], total: 0 };
    const ids: number[] = [];
    if (offset >= total) return { ids, total };
    // The order's walk stops at the page's last row: the matching rows are marked, then unmarked.
    if (this.#marks.length < this.#capacity) this.#marks = new Uint8Array(this.#capacity);
    const marks = this.#marks;
    const selected = this.#scratch;
    for (let i = 0; i < total; i++) marks[selected[i]] = 1;
    const slots = this.#orders[order];
    let seen = 0;
    for (let i = 0; i < this.#ordered && ids.length < length; i++) {
      const slot = slots[i];
      if (marks[slot] === 0) continue;
      if (seen >= offset) ids.push(this.#id[slot]);
      seen += 1;
    }
    for (let i = 0; i < total; i++) marks[selected[i]] = 0;
    return { ids, total };
  }

  /**
   * The map's view: the listed ads matching the filters whose shown point is inside the bounds, newest first, when
   * there are at most `max` of them; null when there are more (the view is then the grid's clusters, `cells`).
   */
  points(filters: SavedFilters, bounds: { south: number; north: number; west: number; east: number }, max: number): ListedPoint[] | null {
    const count = this.#select(filters);
    if (!count) return [];
    const { lat, lng, price, publishedAt } = this.#numbers;
    const selected = this.#scratch;
    const inside: number[] = [];
    for (let i = 0; i < count; i++) {
      const slot = selected[i];
      if (lat[slot] >= bounds.south && lat[slot] <= bounds.north && lng[slot] >= bounds.west && lng[slot] <= bounds.east) {
        if (inside.length === max) return null;
        inside.push(slot);
      }
    }
    // Newest first as the tables' read sorts its points (by the date's milliseconds, a missing one as 0), then the higher id.
    const millis = (slot: number) => (Number.isNaN(publishedAt[slot]) ? 0 : Math.floor(publishedAt[slot] / 1000));
    inside.sort((a, b) => millis(b) - millis(a) || this.#id[b] - this.#id[a]);
    const requests = [...this.#texts.request.keys()];
    return inside.map((slot) => ({
      id: this.#id[slot],
      lat: lat[slot],
      lng: lng[slot],
      title: this.#titles[slot],
      request: requests[this.#codes.request[slot]],
      price: Number.isNaN(price[slot]) ? null : price[slot],
    }));
  }

  /** The grid's non-empty cells of `range` counted from the listed ads matching the filters, in the tables' order (cell latitude, then longitude), each at its ads' mean point. */
  cells(filters: SavedFilters, range: GridRange): { lat: number; lng: number; count: number }[] {
    const count = this.#select(filters);
    if (!count) return [];
    const { lat, lng } = this.#numbers;
    const selected = this.#scratch;
    const width = range.east - range.west + 1;
    const sums = new Map<number, { cell: number; count: number; lat: number; lng: number }>();
    for (let i = 0; i < count; i++) {
      const slot = selected[i];
      const cellLat = Math.floor(lat[slot] / range.size);
      const cellLng = Math.floor(lng[slot] / range.size);
      if (cellLat < range.south || cellLat > range.north || cellLng < range.west || cellLng > range.east) continue;
      const cell = (cellLat - range.south) * width + (cellLng - range.west);
      let sum = sums.get(cell);
      if (!sum) sums.set(cell, (sum = { cell, count: 0, lat: 0, lng: 0 }));
      sum.count += 1;
      sum.lat += lat[slot];
      sum.lng += lng[slot];
    }
    return [...sums.values()].sort((a, b) => a.cell - b.cell).map((sum) => ({ lat: sum.lat / sum.count, lng: sum.lng / sum.count, count: sum.count }));
  }

  /** How many listed ads match, per value of `column` (ty_ad_counts: each request, each type). */
  countBy(filters: SavedFilters, column: 'request' | 'type'): Record<string, number> {
    const count = this.#select(filters);
    const counts: Record<string, number> = {};
    if (!count) return counts;
    const byCode = new Float64Array(this.#texts[column].size);
    const codes = this.#codes[column];
    const selected = this.#scratch;
    for (let i = 0; i < count; i++) byCode[codes[selected[i]]] += 1;
    for (const [text, code] of this.#texts[column]) if (byCode[code] > 0) counts[text] = byCode[code];
    return counts;
  }
}
