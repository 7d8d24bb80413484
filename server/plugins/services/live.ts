import fp from 'fastify-plugin';
import { createLiveHub, type LiveHub } from '../../services/live';

declare module 'fastify' {
  interface FastifyInstance {
    /** the long-polls held by this instance and the announcer of live events (docs/server.md, "Live channel") */
    live: LiveHub;
  }
}

/** The live channel's hub: long-polls wait on it, writers announce through it. */
export const livePlugin = fp<{ holdMs: number; random?: () => number }>(
  async (app, { holdMs, random }) => {
    const live = createLiveHub({ bus: app.events, holdMs, random, now: () => app.clock().getTime(), log: (message) => app.log.warn(message) });
    app.decorate('live', live);
    // Before the server stops accepting: held long-polls answer now, and their connections end with the answer
    // (a keep-alive connection busy when the server closes would otherwise stay open until keepAliveTimeout).
    app.addHook('preClose', async () => live.close());
    // Callback hook on every reply: an async one costs a promise and a microtask per request.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (live.closed) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'live', dependencies: ['events'] },
);
