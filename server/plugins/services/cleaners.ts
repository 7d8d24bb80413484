import fp from 'fastify-plugin';
import { pruneLiveEventsEvery } from '../../services/live/pruning';
import { deleteStaleRowsEvery } from '../../services/stale-rows';

/** Rows that outlived their use go, a bounded batch at a time: live events past their retention, rate events past every window, expired login codes. */
export const cleanersPlugin = fp(
  async (app) => {
    const warn = (message: string) => app.log.warn(message);
    const stopPruning = pruneLiveEventsEvery(app.db, warn);
    const stopCleaning = deleteStaleRowsEvery(app.db, app.clock, warn);
    app.addHook('onClose', async () => {
      stopPruning();
      stopCleaning();
    });
  },
  { name: 'cleaners', dependencies: ['settings'] },
);
