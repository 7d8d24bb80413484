import { useState } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { resourceMachine } from '@machines/resource-machine';

/** A resource machine with this page's load and save calls; returns the actor and its narrow state. */
export function useResource<TData>(load: () => Promise<TData>, save?: (payload: Record<string, unknown>) => Promise<TData>, onSaved?: (data: TData) => void) {
  const [machine] = useState(() =>
    resourceMachine.provide({
      actors: {
        load: fromPromise<unknown, void>(load),
        ...(save ? { save: fromPromise<unknown, Record<string, unknown>>(({ input }) => save(input)) } : {}),
      },
      actions: { 'announce saved': (_, params) => onSaved?.(params.data as TData) },
    }),
  );
  const actor = useActorRef(machine);
  const data = useSelector(actor, (snapshot) => snapshot.context.data as TData | null);
  const error = useSelector(actor, (snapshot) => snapshot.context.error);
  const status = useSelector(actor, (snapshot) => (snapshot.matches('loading') ? 'loading' : snapshot.matches('failed') ? 'failed' : snapshot.matches('saving') ? 'saving' : 'ready'));
  const saved = useSelector(actor, (snapshot) => snapshot.context.saved);
  return { actor, data, error, status, saved };
}
