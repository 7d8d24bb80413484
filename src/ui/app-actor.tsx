import { createContext, use, useContext, useDeferredValue, useId, useLayoutEffect, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { appMachine, ScreenActorRequest, SystemActors } from '@machines/app-machine';
import type { itemOptionsMachine } from '@machines/item-options-machine';
import type { resourceMachine } from '@machines/resource-machine';
import { flowLogic, type FlowActor, type FlowInput, type FlowName } from './flows';

export type AppActor = ActorRefFrom<typeof appMachine>;
export type AppSnapshot = SnapshotFrom<typeof appMachine>;

const AppActorContext = createContext<AppActor | null>(null);

/** Hands the root actor (created outside React) to the tree. */
export function AppActorProvider({ actor, children }: { actor: AppActor; children: ReactNode }) {
  return <AppActorContext.Provider value={actor}>{children}</AppActorContext.Provider>;
}

/** The root app actor, for sending events. */
export function useAppActor(): AppActor {
  const actor = useContext(AppActorContext);
  if (!actor) throw new Error('useAppActor needs an AppActorProvider above it');
  return actor;
}

/** A narrow slice of the app snapshot; the component re-renders only when the slice changes. */
export function useAppSelector<T>(selector: (snapshot: AppSnapshot) => T, compare?: (a: T, b: T) => boolean): T {
  return useSelector(useAppActor(), selector, compare);
}

/** The current language from the app machine's context. */
export const useLanguage = () => useAppSelector((snapshot) => snapshot.context.language);

/**
 * The one way a view finds an actor: by its systemId in the app's system
 * (undefined while it does not exist, e.g. no checkout under way). Children
 * come and go with the app's snapshot, so the view follows them.
 */
export function useSystemActor<K extends keyof SystemActors>(id: K): SystemActors[K] | undefined {
  const app = useAppActor();
  return useSelector(app, () => app.system.get(id) as SystemActors[K] | undefined);
}

/** A narrow slice of a system actor's snapshot (the fallback while the actor does not exist). */
export function useSystemSelector<K extends keyof SystemActors, T>(
  id: K,
  selector: (snapshot: SnapshotFrom<SystemActors[K]>) => T,
  fallback: T,
  compare?: (a: T, b: T) => boolean,
): T {
  const actor = useSystemActor(id);
  return useSelector(actor, (snapshot) => (snapshot ? selector(snapshot as SnapshotFrom<SystemActors[K]>) : fallback), compare);
}

type ScreenActors = { resource: ActorRefFrom<typeof resourceMachine>; itemOptions: ActorRefFrom<typeof itemOptionsMachine> };
type ScreenSource = Exclude<ScreenActorRequest['src'], 'flow'>;
type ScreenRequest<S extends ScreenSource> = Extract<ScreenActorRequest, { src: S }>;

/**
 * An actor a screen needs while it shows (its data, an item's options): the
 * app spawns it as a child of the system (so the inspector sees it) when the
 * screen mounts or `key` changes, and stops it when the screen goes.
 */
export function useScreenActor<S extends ScreenSource>(src: S, input: ScreenRequest<S>['input'], key: string): ScreenActors[S] | undefined {
  const app = useAppActor();
  const id = `${src}:${useId()}:${key}`;
  // Before paint: the screen never shows a frame without its actor.
  useLayoutEffect(() => {
    app.send({ type: 'screen.open', id, src, input } as ScreenRequest<S> & { type: 'screen.open' });
    return () => app.send({ type: 'screen.close', id });
    // `input` is what `key` names: the key is the dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [app, id]);
  // The screen with its actor renders in the background, in slices, not in the commit that spawned it.
  return useDeferredValue(useSelector(app, () => app.system.get(id) as ScreenActors[S] | undefined));
}

/**
 * A screen's own flow (flows.ts): its live logic loads with the screen (the component suspends until
 * then), and the app spawns it as a child of the system while the screen shows, like useScreenActor.
 */
export function useFlowActor<K extends FlowName>(name: K, input: FlowInput<K>, key: string, options: { systemId?: string } = {}): FlowActor<K> | undefined {
  const logic = use(flowLogic(name));
  const app = useAppActor();
  const generated = `${name}:${useId()}:${key}`;
  // A flow other actors hand events to (the chat to the support chat) has a fixed id: one screen shows it at a time.
  const id = options.systemId ?? generated;
  useLayoutEffect(() => {
    app.send({ type: 'screen.open', id, src: 'flow', logic, input });
    return () => app.send({ type: 'screen.close', id });
    // `input` is what `key` names: the key is the dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [app, id, logic]);
  return useSelector(app, () => app.system.get(id) as FlowActor<K> | undefined);
}

export type CartActor = SystemActors['cart'];
export type CartSnapshot = SnapshotFrom<CartActor>;
export type CheckoutActor = SystemActors['checkout'];

/** The cart or the session: started with the app, so they exist wherever a route renders. */
export function useStartedActor<K extends 'cart' | 'session'>(id: K): SystemActors[K] {
  const actor = useSystemActor(id);
  if (!actor) throw new Error(`the '${id}' actor starts with the app; a route rendered before it`);
  return actor;
}
