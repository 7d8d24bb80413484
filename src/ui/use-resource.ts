import { useSelector } from '@xstate/react';
import type { Code, DataOf, RequestOf } from '@contract/api';
import type { ApiFailure } from '@machines/api-failure';
import { useScreenActor } from './app-actor';

/** What a screen's resource shows: loading, ready with its data, or failed with the server's failure. */
export type Resource<T> =
  | { status: 'loading'; data: null; failure: null }
  | { status: 'ready' | 'saving'; data: T; failure: ApiFailure | null }
  | { status: 'failed'; data: null; failure: ApiFailure };

export interface ResourceHandle<T> {
  resource: Resource<T>;
  /** true after a save succeeded, until the next one */
  saved: boolean;
  retry: () => void;
  save: (payload: Record<string, unknown>) => void;
}

/**
 * The data a screen shows, loaded by a resource chart that the app spawns for
 * as long as the screen shows (a new `key` loads again): the view names the
 * contract code and its request, never calls the API. `save` names the code
 * that saves an edit; its reply replaces the data.
 */
export function useResource<C extends Code>(code: C, payload: RequestOf<C>, key: string, options: { save?: Code } = {}): ResourceHandle<DataOf<C>> {
  const actor = useScreenActor('resource', { load: { code, payload: payload as Record<string, unknown> }, ...(options.save ? { save: options.save } : {}) }, `${code}:${key}`);
  const status = useSelector(actor, (snapshot) => (!snapshot || snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : snapshot.matches('saving') ? 'saving' : 'ready'));
  const data = useSelector(actor, (snapshot) => (snapshot?.context.data ?? null) as DataOf<C> | null);
  const failure = useSelector(actor, (snapshot) => snapshot?.context.failure ?? null);
  const saved = useSelector(actor, (snapshot) => snapshot?.context.saved ?? false);
  const resource = (status === 'loading' ? { status, data: null, failure: null } : status === 'failed' ? { status, data: null, failure } : { status, data, failure }) as Resource<DataOf<C>>;
  return {
    resource,
    saved,
    retry: () => actor?.send({ type: 'resource.retry' }),
    save: (body) => actor?.send({ type: 'resource.save', payload: body }),
  };
}
