import { describe, expect, it } from 'vitest';
import { RecencyMap } from '../../server/services/recency-map';

const keysOf = <K, V>(map: RecencyMap<K, V>) => [...map].map(([key]) => key);
const filled = (count: number) => {
  const map = new RecencyMap<number, string>();
  for (let key = 1; key <= count; key++) map.set(key, `v${key}`);
  return map;
};

describe('RecencyMap (services/recency-map.ts)', () => {
  it('iterates least recent first; a set puts its key at the back', () => {
    const map = filled(4);
    expect(keysOf(map)).toEqual([1, 2, 3, 4]);
    map.set(2, 'again');
    expect(keysOf(map)).toEqual([1, 3, 4, 2]);
    expect(map.peek(2)).toBe('again');
    expect(map.size).toBe(4);
  });

  it('a used entry of the older half goes to the back, so eviction from the front spares it', () => {
    const map = filled(10);
    expect(map.use(1)).toBe('v1');
    expect(map.use(3)).toBe('v3');
    expect(keysOf(map)).toEqual([2, 4, 5, 6, 7, 8, 9, 10, 1, 3]);
  });

  it('a used entry of the newer half stays where it is (no delete and set for a hot entry)', () => {
    const map = filled(10);
    expect(map.use(9)).toBe('v9');
    expect(map.use(7)).toBe('v7');
    expect(keysOf(map)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('an entry used on every hit is never the least recent while others are added', () => {
    const map = filled(100);
    for (let key = 101; key <= 1000; key++) {
      map.use(1);
      map.set(key, `v${key}`);
      for (const [oldest] of map) {
        if (map.size <= 100) break;
        map.delete(oldest);
      }
    }
    expect(map.peek(1)).toBe('v1');
    expect(map.size).toBe(100);
  });

  it('peek leaves the order alone; delete, clear and an unknown key', () => {
    const map = filled(4);
    expect(map.peek(1)).toBe('v1');
    expect(keysOf(map)).toEqual([1, 2, 3, 4]);
    expect(map.use(99)).toBeUndefined();
    expect(map.delete(2)).toBe(true);
    expect(map.delete(2)).toBe(false);
    expect(keysOf(map)).toEqual([1, 3, 4]);
    map.clear();
    expect(map.size).toBe(0);
  });
});
