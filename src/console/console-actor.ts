import { createActor, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { Language } from '@contract/enums';
import { CONSOLE_SYSTEM_IDS } from '@machines/console/console-system';
import { onStaffSessionLost } from './api';
import { liveConsoleMachine } from './live';
import { readAlertMuted } from './orders/alert-sound';
import type { Inspect } from '@/ui/inspector';

export type ConsoleActor = ActorRefFrom<typeof liveConsoleMachine>;
export type ConsoleSnapshot = SnapshotFrom<typeof liveConsoleMachine>;

/**
 * Creates and starts the console's root actor (systemId 'console'); a `staff_login_required` anywhere tells it the session
 * is gone. `inspect` (development, `?inspect`) shows the root and every child in the Stately inspector.
 */
export function startConsoleActor(language: Language, inspect?: Inspect): ConsoleActor {
  const actor = createActor(liveConsoleMachine, { input: { language, alertMuted: readAlertMuted() }, systemId: CONSOLE_SYSTEM_IDS.console, inspect });
  onStaffSessionLost(() => actor.send({ type: 'session.lost' }));
  return actor.start();
}
