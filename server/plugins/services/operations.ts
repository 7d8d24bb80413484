import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { DatabaseStats } from '../../db/connection';
import { ApiError, failure } from '../../errors';
import { translate } from '../../i18n/messages';
import { requestLanguage } from '../../i18n/request-language';
import { createInFlight, type InFlight } from '../../services/operations/in-flight';
import { createMetrics } from '../../services/operations/metrics';
import { readiness } from '../../services/operations/readiness';

export interface Operations {
  /** requests arrived and not yet answered (the shutdown waits for them) */
  inFlight: InFlight;
  /** true once the shutdown began: /readyz answers 503 so the proxy sends no more */
  readonly draining: boolean;
  drain(): void;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** counted in `operations.inFlight` */
    inFlight: boolean;
  }
  interface FastifyInstance {
    /** the operator's view: health, readiness, metrics and the shutdown's drain (docs/server.md, "Operations") */
    operations: Operations;
  }
}

export interface OperationsOptions {
  /** METRICS_TOKEN; null: /metrics is open outside production and absent (404) in production */
  metricsToken: string | null;
  production: boolean;
  /** the database's clients for /metrics (main.ts: its connection's stats) */
  database?: () => DatabaseStats;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/** A bearer token compared in constant time (through digests of equal length). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match !== null && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * GET /healthz (the process answers), GET /readyz (503 while draining or when the database or the bus is out of reach)
 * and GET /metrics (Prometheus' text), on every host name. Its hooks count the requests in flight and time their answers.
 */
export const operationsPlugin = fp<OperationsOptions>(
  async (app, { metricsToken, production, database }) => {
    const inFlight = createInFlight();
    let draining = false;
    app.decorate('operations', {
      inFlight,
      get draining() {
        return draining;
      },
      drain() {
        draining = true;
      },
    });
    const metrics = createMetrics({ db: app.db, clock: app.clock, live: app.live, readCache: app.readCache, replyCache: app.replyCache, database, inFlight: () => inFlight.count });

    // A request is in flight from its arrival until its answer is handed to Fastify (onSend: also after its client left,
    // when the lifecycle still runs to its end) or, failing that, its response ends.
    app.decorateRequest('inFlight', false);
    app.addHook('onRequest', (request, _reply, done) => {
      request.inFlight = true;
      inFlight.begin();
      done();
    });
    const end = (request: FastifyRequest) => {
      if (!request.inFlight) return;
      request.inFlight = false;
      inFlight.end();
    };
    app.addHook('onSend', (request, _reply, payload, done) => {
      end(request);
      done(null, payload);
    });
    // After the server stopped accepting and its connections ended (Fastify's own close runs first): a handler whose
    // client left still writes and announces, so the jobs runner, the bus and the database close only after it.
    app.addHook('onClose', () => inFlight.idle());
    // Callback hook: an async one costs a promise and a microtask per request.
    app.addHook('onResponse', (request, reply, done) => {
      end(request);
      metrics.observe(request.routeOptions.url, request.body, reply.statusCode, reply.elapsedTime);
      done();
    });

    app.get('/healthz', (_request, reply) => {
      reply.header('cache-control', 'no-store').send({ status: 'ok' });
    });
    app.get('/readyz', async (_request, reply) => {
      const state = await readiness({ db: app.db, events: app.events, draining });
      const body = state.ready ? { status: 'ready' } : 'draining' in state ? { status: 'draining' } : { status: 'unready', database: state.database, events: state.events };
      return reply.code(state.ready ? 200 : 503).header('cache-control', 'no-store').send(body);
    });
    app.get('/metrics', async (request, reply) => {
      if (metricsToken === null && production) return reply.callNotFound();
      if (metricsToken !== null && !bearerMatches(request.headers.authorization, metricsToken)) {
        const language = requestLanguage(undefined, request.headers['accept-language']);
        const refusal = new ApiError(401, 'metrics_token_required', translate(language, 'metrics_token_required'));
        return reply.code(401).header('www-authenticate', 'Bearer realm="metrics"').send(failure(refusal));
      }
      const text = await metrics.registry.metrics();
      return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(text);
    });
  },
  { name: 'operations', dependencies: ['settings', 'events', 'live', 'read-cache', 'reply-cache'] },
);
