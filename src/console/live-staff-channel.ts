import { fromPromise } from 'xstate';
import type { PollInput } from '@machines/long-poll';
import { staffLiveMachine } from '@machines/console/staff-live-machine';
import { consoleCall } from './api';

/** The staff's long poll: staff_longpull with the chart's cursor; cancelled when the chart leaves polling (a logout). */
export const liveStaffChannel = staffLiveMachine.provide({
  actors: {
    poll: fromPromise(({ input, signal }: { input: PollInput; signal: AbortSignal }) => consoleCall('staff_longpull', { count: input.count, wait: input.wait ? 1 : 0 }, { signal })),
  },
});
