import { describe, expect, it } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '../../contract/rules/limits';
import { ChunkLoadError, loadChunk, type ChunkTimer } from '../../src/app/chunk-load';

/** A timer the test fires by hand: it records what was set and cleared, and no time passes. */
function manualTimer() {
  const pending = new Map<number, { callback: () => void; ms: number }>();
  let next = 0;
  const timer: ChunkTimer = {
    timeoutMs: CHUNK_LOAD_TIMEOUT_MS,
    set: (callback, ms) => {
      next += 1;
      pending.set(next, { callback, ms });
      return next;
    },
    clear: (handle) => void pending.delete(handle as number),
  };
  const fire = () => [...pending.values()].forEach(({ callback }) => callback());
  return { timer, pending, fire };
}

const settled = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

describe('script chunk loading (spec §8, §9: chunk load failure or timeout, 120 seconds)', () => {
  it('Scenario: a chunk that never arrives is a timeout error once 120 s have passed, and not before', async () => {
    const { timer, pending, fire } = manualTimer();
    const outcome = settled(loadChunk(() => new Promise<never>(() => {}), timer));
    expect([...pending.values()].map(({ ms }) => ms)).toEqual([120_000]);
    let done = false;
    void outcome.then(() => (done = true));
    await Promise.resolve();
    expect(done).toBe(false);
    fire();
    const result = await outcome;
    expect(result.ok).toBe(false);
    expect(result.ok ? null : result.error).toBeInstanceOf(ChunkLoadError);
    expect(result.ok ? null : (result.error as ChunkLoadError).reason).toBe('timeout');
  });

  it('Scenario: a chunk whose request fails is a load failure carrying the browser\'s error, and its timer is cleared', async () => {
    const { timer, pending } = manualTimer();
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const result = await settled(loadChunk(() => Promise.reject(cause), timer));
    expect(result.ok).toBe(false);
    const error = result.ok ? null : (result.error as ChunkLoadError);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error?.reason).toBe('failed');
    expect(error?.cause).toBe(cause);
    expect(pending.size).toBe(0);
  });

  it('Scenario: a chunk that arrives in time is the module, and a later timer does not turn it into an error', async () => {
    const { timer, pending, fire } = manualTimer();
    const module = { default: 'screen' };
    const result = await settled(loadChunk(() => Promise.resolve(module), timer));
    expect(result).toEqual({ ok: true, value: module });
    expect(pending.size).toBe(0);
    fire();
  });
});
