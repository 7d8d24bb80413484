import type { ActorRefFrom } from 'xstate';
import { CONSOLE_SYSTEM_IDS } from '@machines/console-system';
import type { inboxMachine } from '@machines/inbox-machine';
import { useConsoleSelector } from '../use-console';

export type InboxActor = ActorRefFrom<typeof inboxMachine>;

/** The inbox actor the console chart runs while logged in (null for the instant before it starts). */
export function useInboxActor(): InboxActor | null {
  return useConsoleSelector((snapshot) => (snapshot.children[CONSOLE_SYSTEM_IDS.inbox] as InboxActor | undefined) ?? null);
}
