import { lazy, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@contract/rules/limits';

/** A script chunk that failed to load or did not arrive within the spec's 120 s (§8, §9). */
export class ChunkLoadError extends Error {
  constructor(
    readonly reason: 'failed' | 'timeout',
    options?: { cause?: unknown },
  ) {
    super(reason === 'timeout' ? 'script chunk load timed out' : 'script chunk failed to load', options);
    this.name = 'ChunkLoadError';
  }
}

/** The clock a load waits on; tests pass their own instead of waiting 120 s. */
export interface ChunkTimer {
  timeoutMs: number;
  set: (callback: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

const realTimer: ChunkTimer = {
  timeoutMs: CHUNK_LOAD_TIMEOUT_MS,
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Runs a chunk's import, turning its failure, or its silence past the timeout, into a ChunkLoadError,
 * which the route's error boundary shows as the chunk error (a hung request would otherwise leave the
 * previous page, or nothing, on screen for good).
 */
export function loadChunk<T>(load: () => Promise<T>, timer: ChunkTimer = realTimer): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const handle = timer.set(() => reject(new ChunkLoadError('timeout')), timer.timeoutMs);
    load().then(
      (module) => {
        timer.clear(handle);
        resolve(module);
      },
      (error: unknown) => {
        timer.clear(handle);
        reject(error instanceof ChunkLoadError ? error : new ChunkLoadError('failed', { cause: error }));
      },
    );
  });
}

/** What React.lazy takes as a component (its own constraint, any props). */
type LazyComponent = Awaited<ReturnType<Parameters<typeof lazy>[0]>>['default'];

/** React.lazy over loadChunk: a screen whose chunk fails or times out throws a ChunkLoadError to its boundary. */
export function lazyScreen<T extends LazyComponent>(load: () => Promise<{ default: T }>): LazyExoticComponent<T> {
  return lazy<T>(() => loadChunk(load));
}
