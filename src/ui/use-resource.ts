import { useDeferredValue } from 'react';
import { useSelector } from '@xstate/react';
import type { Code, DataOf, RequestOf } from '@contract/api';
import type { ApiFailure } from '@machines/api-failure';
import type { FieldProblems, ResourceInput } from '@machines/resource-machine';
import { useScreenActor } from '@/ui/actor-system';

/** What a screen's resource shows: loading, ready with its data, or failed with the server's failure. */
export type Resource<T> =
  | { status: 'loading'; data: null; failure: null }
  | { status: 'ready' | 'saving'; data: T; failure: ApiFailure | null }
  | { status: 'failed'; data: null; failure: ApiFailure };

export interface ResourceHandle<T> {
  resource: Resource<T>;
  retry: () => void;
  save: (payload: Record<string, unknown>) => void;
}

/** How a resource saves: the code, whether the reply replaces the data or the data loads again, what the app is told. */
export type SaveOptions = Omit<ResourceInput, 'load'>;

/**
 * The data a screen shows, loaded by a resource chart that the app spawns for
 * as long as the screen shows (a new `key` loads again): the view names the
 * contract code and its request, never calls the API. `save` names the code
 * that saves an edit; its reply replaces the data (or, with afterSave
 * 'reload', the data loads again).
 */
export function useResource<C extends Code>(code: C, payload: RequestOf<C>, key: string, options: SaveOptions = {}): ResourceHandle<DataOf<C>> {
  const actor = useScreenActor('resource', { load: { code, payload: payload as Record<string, unknown> }, ...options }, `${code}:${key}`);
  // A change renders in the background, in slices (the chart's snapshot alone would render the
  // whole screen at once, in one long task); the three change together.
  const status = useDeferredValue(useSelector(actor, (snapshot) => (!snapshot || snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : snapshot.matches('saving') ? 'saving' : 'ready')));
  const data = useDeferredValue(useSelector(actor, (snapshot) => (snapshot?.context.data ?? null) as DataOf<C> | null));
  const failure = useDeferredValue(useSelector(actor, (snapshot) => snapshot?.context.failure ?? null));
  const resource = (status === 'loading' ? { status, data: null, failure: null } : status === 'failed' ? { status, data: null, failure } : { status, data, failure }) as Resource<DataOf<C>>;
  return {
    resource,
    retry: () => actor?.send({ type: 'resource.retry' }),
    save: (body) => actor?.send({ type: 'resource.save', payload: body }),
  };
}

export interface SubmitHandle<C extends Code> {
  /** true while the request is under way */
  sending: boolean;
  /** the last reply, null until one arrived */
  data: DataOf<C> | null;
  /** why the last send was refused (the server's message), null after a success */
  failure: ApiFailure | null;
  /** the fields the last send was refused for (the input's check, or the server naming a field) */
  problems: FieldProblems;
  submit: (payload: RequestOf<C>) => void;
}

const NO_PROBLEMS: FieldProblems = {};

/**
 * A form that only sends (contact, access request, a favorite): a resource
 * chart with nothing to load, spawned by the app while the view shows.
 */
export function useSubmit<C extends Code>(code: C, key: string, options: Pick<ResourceInput, 'announce' | 'check'> = {}): SubmitHandle<C> {
  const actor = useScreenActor('resource', { save: code, ...options }, `${code}:${key}`);
  const sending = useSelector(actor, (snapshot) => snapshot?.matches('saving') ?? false);
  const data = useSelector(actor, (snapshot) => (snapshot?.context.data ?? null) as DataOf<C> | null);
  const failure = useSelector(actor, (snapshot) => snapshot?.context.failure ?? null);
  const problems = useSelector(actor, (snapshot) => snapshot?.context.problems ?? NO_PROBLEMS);
  return { sending, data, failure, problems, submit: (payload) => actor?.send({ type: 'resource.save', payload: payload as Record<string, unknown> }) };
}
