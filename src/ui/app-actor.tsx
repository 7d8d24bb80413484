import { createContext, useContext, type ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { appMachine } from '@machines/app-machine';

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
