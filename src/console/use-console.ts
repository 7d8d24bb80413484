import { createContext, useContext } from 'react';
import { useSelector } from '@xstate/react';
import type { ConsoleActor, ConsoleSnapshot } from './console-actor';

export const ConsoleActorContext = createContext<ConsoleActor | null>(null);

/** The console's root actor (views send events to it). */
export function useConsoleActor(): ConsoleActor {
  const actor = useContext(ConsoleActorContext);
  if (!actor) throw new Error('useConsoleActor outside <ConsoleRoot>');
  return actor;
}

/** A narrow slice of the console chart's snapshot. */
export function useConsoleSelector<T>(select: (snapshot: ConsoleSnapshot) => T): T {
  return useSelector(useConsoleActor(), select);
}
