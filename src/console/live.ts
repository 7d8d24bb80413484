import { fromPromise } from 'xstate';
import { consoleMachine, type Credentials } from '@machines/console-machine';
import { consoleCall } from './api';
import { persistConsoleLanguage } from './language';

/**
 * The console's composition root: every live effect of the console chart, provided once.
 * A new console code is called from here (or from the chart of a screen, provided the same way).
 */
export const liveConsoleMachine = consoleMachine.provide({
  actors: {
    'check session': fromPromise(() => consoleCall('staff_me', {})),
    'log in': fromPromise(({ input }: { input: Credentials }) => consoleCall('staff_login', input)),
    'log out': fromPromise(() => consoleCall('staff_logout', {})),
  },
  actions: {
    'persist language': (_, { language }) => persistConsoleLanguage(language),
  },
});
