import fp from 'fastify-plugin';
import type { Config } from '../../config';
import type { Database } from '../../db/connection';

/** What the routes read of the configuration. */
export type AppSettings = Pick<Config, 'defaultShop' | 'spaDir' | 'nodeEnv'> & {
  mapTileUrl: string | null;
  /** outside production every reply is checked against the contract, so a drift fails loudly in tests */
  validateReplies: boolean;
};

declare module 'fastify' {
  interface FastifyInstance {
    settings: AppSettings;
    /** the database every request's repositories are built on (plugins/tenant.ts) */
    db: Database;
    /** the time every action sees; tests pass a movable clock */
    clock: () => Date;
  }
}

/** The first app plugin: the configuration, the database and the clock, which every other one reads. */
export const settingsPlugin = fp<{ settings: AppSettings; db: Database; clock: () => Date }>(
  async (app, { settings, db, clock }) => {
    app.decorate('settings', settings);
    app.decorate('db', db);
    app.decorate('clock', clock);
  },
  { name: 'settings' },
);
