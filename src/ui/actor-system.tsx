import { createContext, use, useContext, useDeferredValue, useId, useLayoutEffect, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorLogic, AnyActorRef, InputFrom, SnapshotFrom } from 'xstate';
import type { appMachine, ScreenActorRequest, SystemActors } from '@machines/app-machine';
import type { ConsoleSystemActors } from '@machines/console/console-machine';
import type { itemOptionsMachine } from '@machines/item-options-machine';
import type { resourceMachine } from '@machines/resource-machine';
import { flowLogic, type FlowActor, type FlowInput, type FlowName, type Flows } from './flows';

/*
 * The one way a view binds to a chart: `useSystemActor(id)` (or `useScreenActor` for an actor that
 * lives while its screen shows) gives the actor, `useSelector(actor, selector)` from @xstate/react
 * reads a narrow slice of it, `snapshot.can(event)` says whether an event is allowed, and `send`
 * hands it an event. Both apps (the storefront and the operator console) bind the same way.
 */

export type AppActor = ActorRefFrom<typeof appMachine>;
export type AppSnapshot = SnapshotFrom<typeof appMachine>;
export type CartActor = SystemActors['cart'];
export type CartSnapshot = SnapshotFrom<CartActor>;
export type CheckoutActor = SystemActors['checkout'];
export type AddressBookActor = SystemActors['addressBook'];

/** Every actor a view can find by its systemId, in either app. */
export interface Actors extends SystemActors, ConsoleSystemActors {
  supportChat: FlowActor<'supportChat'>;
  messages: FlowActor<'messages'>;
}

/** Actors that start with their app's root: they exist wherever a view renders. */
type StartedId = 'app' | 'cart' | 'session' | 'console';

const RootActorContext = createContext<AnyActorRef | null>(null);

/** Hands the root actor of an app (created outside React, systemId 'app' or 'console') to the tree. */
export function ActorSystemProvider({ actor, children }: { actor: AnyActorRef; children: ReactNode }) {
  return <RootActorContext.Provider value={actor}>{children}</RootActorContext.Provider>;
}

function useRootActor(): AnyActorRef {
  const root = useContext(RootActorContext);
  if (!root) throw new Error('a view bound to an actor outside <ActorSystemProvider>');
  return root;
}

/** The actor registered under `id` in the root's system; children come and go with the root's snapshot, so the view follows them. */
function useRegistered(id: string): AnyActorRef | undefined {
  const root = useRootActor();
  return useSelector(root, () => root.system.get(id) as AnyActorRef | undefined);
}

/**
 * An actor by its systemId: the root itself ('app', 'console'), a started child ('cart', 'session'),
 * or one that comes and goes (undefined while it does not exist, e.g. no checkout under way).
 */
export function useSystemActor<K extends StartedId>(id: K): Actors[K];
export function useSystemActor<K extends keyof Actors>(id: K): Actors[K] | undefined;
export function useSystemActor(id: keyof Actors): AnyActorRef | undefined {
  const actor = useRegistered(id);
  if (!actor && (id === 'app' || id === 'cart' || id === 'session' || id === 'console')) {
    throw new Error(`the '${id}' actor starts with its app; a view rendered before it`);
  }
  return actor;
}

type ScreenActors = { resource: ActorRefFrom<typeof resourceMachine>; itemOptions: ActorRefFrom<typeof itemOptionsMachine> } & {
  [K in FlowName]: FlowActor<K>;
};
type ScreenSource = keyof ScreenActors;
type ScreenInput<S extends ScreenSource> = S extends FlowName ? FlowInput<S> : Extract<ScreenActorRequest, { src: S }>['input'];

const isFlow = (src: ScreenSource): src is FlowName => src !== 'resource' && src !== 'itemOptions';

/**
 * An actor a screen needs while it shows (its data, an item's options, a flow of its own such as the
 * branch choice): the app spawns it as a child of the system (so the inspector sees it) when the
 * screen mounts or `key` changes, and stops it when the screen goes. A flow's logic loads with its
 * screen (the component suspends until then). `systemId` fixes the id of a flow other actors hand
 * events to (the chat to the support chat): one screen shows it at a time.
 */
export function useScreenActor<S extends ScreenSource>(
  src: S,
  input: ScreenInput<S>,
  key: string,
  options: { systemId?: string } = {},
): ScreenActors[S] | undefined {
  const app = useRootActor();
  const logic = isFlow(src) ? (use(flowLogic(src)) as Flows[FlowName]) : null;
  const generated = `${src}:${useId()}:${key}`;
  const id = options.systemId ?? generated;
  // Before paint: the screen never shows a frame without its actor.
  useLayoutEffect(() => {
    app.send(logic ? { type: 'screen.open', id, src: 'flow', logic, input } : { type: 'screen.open', id, src, input });
    return () => app.send({ type: 'screen.close', id });
    // `input` is what `key` names: the key is the dependency (also under a fixed systemId, which the key does not change).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [app, id, logic, key]);
  const registered = useRegistered(id);
  // Under a shared systemId (/home-4/chat, then /home-4/chat/:id: both 'messages') the first render still finds the
  // screen before's actor, of another chart, until the layout effects swap them: it is not this screen's.
  const actor = (logic && registered && (registered as AnyActorRef & { logic?: unknown }).logic !== logic ? undefined : registered) as ScreenActors[S] | undefined;
  // A page's data renders in the background, in slices, not in the commit that spawned it; a flow drives its screen at once.
  const deferred = useDeferredValue(actor);
  return logic ? actor : deferred;
}

/**
 * A screen's own chart whose live logic the app brings as a promise loaded once (the console's screens: their charts
 * and effects come from src/console/live.ts with the screen's chunk): opened as a child of the root while the screen
 * shows, as useScreenActor opens a flow; the component suspends until the logic is loaded.
 */
export function useScreenFlow<L extends AnyActorLogic>(logic: Promise<L>, input: InputFrom<L>, key: string): ActorRefFrom<L> | undefined {
  const root = useRootActor();
  const loaded = use(logic);
  const id = `flow:${useId()}:${key}`;
  useLayoutEffect(() => {
    root.send({ type: 'screen.open', id, src: 'flow', logic: loaded, input });
    return () => root.send({ type: 'screen.close', id });
    // `input` is what `key` names: the key is the dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [root, id, loaded]);
  return useRegistered(id) as ActorRefFrom<L> | undefined;
}

/** The current language, from the storefront's root chart. */
export function useLanguage() {
  return useSelector(useSystemActor('app'), (snapshot) => snapshot.context.language);
}
