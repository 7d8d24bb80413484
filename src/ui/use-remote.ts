import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@/api/api-error';

/**
 * The state of one load: loading, ready with its data, or failed with a message; `notFound` when
 * the server answered 404 (a permanent answer: nothing to retry).
 */
export type Remote<T> = { status: 'loading' } | { status: 'ready'; data: T } | { status: 'failed'; message: string; notFound: boolean };

/**
 * Runs `load` whenever `key` changes and again on `retry()`; an answer that
 * arrives after the key moved on is dropped, so a fast visitor never sees an
 * older page's data.
 */
export function useRemote<T>(load: () => Promise<T>, key: string): Remote<T> & { retry: () => void } {
  const [state, setState] = useState<{ key: string; attempt: number; remote: Remote<T> }>({ key, attempt: 0, remote: { status: 'loading' } });
  const [attempt, setAttempt] = useState(0);
  const current = state.key === key && state.attempt === attempt ? state.remote : ({ status: 'loading' } as const);

  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setState({ key, attempt, remote: { status: 'ready', data } }),
      (error: unknown) =>
        live &&
        setState({ key, attempt, remote: { status: 'failed', message: error instanceof Error ? error.message : String(error), notFound: error instanceof ApiError && error.status === 404 && error.result === 'not_found' } }),
    );
    return () => {
      live = false;
    };
    // `load` closes over what `key` names; the key is the dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);

  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { ...current, retry };
}
