import fp from 'fastify-plugin';
import { createSessionCache, type SessionCache, type SessionCacheOptions } from '../../http/session-cache';
import { createReadCache, type ReadCache, type ReadCacheOptions } from '../../repositories/read-cache';
import { createReplyCache, type ReplyCache } from '../../repositories/reply-cache';

declare module 'fastify' {
  interface FastifyInstance {
    /** what customers read, by shop (docs/server.md, "Caching") */
    readCache: ReadCache;
    /** the serialised replies of anonymous catalog reads, valid while their shop's snapshot is (docs/server.md, "Caching") */
    replyCache: ReplyCache;
    /** signed-in customers' sessions, by shop root and token (docs/server.md, "Caching") */
    sessionCache: SessionCache;
  }
}

/** The read cache: shops' snapshots, dropped when the bus announces a change. */
export const readCachePlugin = fp<{ options?: ReadCacheOptions }>(
  async (app, { options }) => {
    const cache = createReadCache(app.db, app.events, options);
    app.decorate('readCache', cache);
    app.addHook('onClose', async () => cache.close());
  },
  { name: 'read-cache', dependencies: ['settings', 'events'] },
);

/** The reply cache: the bytes of anonymous catalog reads, valid while the read cache's snapshot is. */
export const replyCachePlugin = fp(
  async (app) => {
    const replies = createReplyCache(app.readCache);
    app.decorate('replyCache', replies);
    app.addHook('onClose', async () => replies.clear());
  },
  { name: 'reply-cache', dependencies: ['read-cache'] },
);

/** The session cache: signed-in customers' sessions, forgotten when the bus says so. */
export const sessionCachePlugin = fp<{ options?: SessionCacheOptions }>(
  async (app, { options }) => {
    const sessions = createSessionCache(app.events, options);
    app.decorate('sessionCache', sessions);
    app.addHook('onClose', async () => sessions.close());
  },
  { name: 'session-cache', dependencies: ['events'] },
);
