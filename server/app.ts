import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import { fastifyTrustProxy, type Config, type TrustProxy } from './config';
import type { Database, DatabaseStats } from './db/connection';
import { isDatabaseUnavailable } from './db/unavailable';
import { ApiError, failure, gatewayUnavailable, serviceUnavailable } from './errors';
import { translate } from './i18n/messages';
import { requestLanguage } from './i18n/request-language';
import { BODY_LIMIT_BYTES } from '@contract/rules/limits';
import { compressionPlugin } from './plugins/compression';
import { csrfPlugin } from './plugins/csrf';
import { rateLimitsPlugin } from './plugins/rate-limits';
import { pageHeaders, securityHeadersPlugin } from './plugins/security-headers';
import { multipartBodyPlugin } from './plugins/multipart-body';
import { tenantPlugin } from './plugins/tenant';
import { settingsPlugin } from './plugins/services/settings';
import { eventsPlugin } from './plugins/services/events';
import { readCachePlugin, replyCachePlugin, sessionCachePlugin } from './plugins/services/caches';
import { livePlugin } from './plugins/services/live';
import { cleanersPlugin } from './plugins/services/cleaners';
import { smsPlugin } from './plugins/services/sms';
import { paymentsPlugin } from './plugins/services/payments';
import { uploadsPlugin } from './plugins/services/uploads';
import { jobsPlugin } from './plugins/services/jobs';
import { operationsPlugin } from './plugins/services/operations';
import type { ReadCacheOptions } from './repositories/read-cache';
import type { SessionCacheOptions } from './http/session-cache';
import type { EventBus } from './services/events';
import { supportMediaMessage } from './services/chat/media-message';
import { LONGPOLL_HOLD_MS } from '@contract/rules/chat';
import type { PaymentGateways } from './services/payments';
import { sandboxGatewayRoutes } from './services/payments/sandbox-routes';
import { stripeWebhookRoutes } from './routes/stripe-webhook';
import { GatewayUnavailableError } from './services/payments/unavailable';
import { itemOptionsRoutes } from './routes/item-options';
import { mediaRoutes } from './routes/media';
import { uploadRoutes } from './routes/upload';
import { uploadMediaRoutes } from './routes/upload-media';
import { orderRoutes } from './routes/order';
import { consoleApiRoutes } from './routes/console-api';
import { consoleSpaRoutes } from './routes/console-spa';
import { spaRoutes } from './routes/spa';
import { bootDataSource } from './routes/boot-data';
import { walletRoutes } from './routes/wallet';
import type { SmsProvider } from './services/sms';
import type { MediaMessageHook } from './services/uploads/media-message';
import type { UploadStorage } from './services/uploads/storage';
import { smsOutboxRoutes } from './services/sms/outbox-routes';
import { bodyDeadlines, connectionsPerAddress, DEFAULT_SLOW_CLIENT_LIMITS, nodeTimeouts, type SlowClientLimits } from './http/slow-clients';

export interface BuildOptions {
  db: Database;
  config: Pick<Config, 'defaultShop' | 'spaDir' | 'nodeEnv'> &
    Partial<Pick<Config, 'trustProxy' | 'sms' | 'mapTileUrl' | 'paymentGateway' | 'uploadDir' | 'longpollHoldMs' | 'accessLog' | 'backup' | 'metricsToken'>>;
  /** Fastify's logger: on (stdout), off, or pino's options (a test's or a bench's destination) */
  logger?: boolean | { level?: string; stream?: { write: (line: string) => void } };
  /** the time every action sees; tests pass a movable clock */
  clock?: () => Date;
  /** defaults to the provider `config.sms` names (console) */
  sms?: SmsProvider;
  /** which proxies' X-Forwarded-Proto/-For to trust (config.ts parseTrustProxy); overrides config.trustProxy */
  trustProxy?: TrustProxy;
  /** defaults to the gateway `config.paymentGateway` names; tests pass a stand-in for a real bank */
  payments?: PaymentGateways;
  /** the event bus (main.ts: LISTEN/NOTIFY on PostgreSQL); default an in-process bus, closed with the app */
  events?: EventBus;
  readCache?: ReadCacheOptions;
  sessionCache?: SessionCacheOptions;
  /** where uploaded pictures live; default files under config.uploadDir, or a temporary folder removed with the app */
  uploads?: UploadStorage;
  /** stores a media_message's support message (the chat's appendSupportMessage); none: the upload's reply has message null */
  onMediaMessage?: MediaMessageHook;
  /** bounds on clients while they send (contract/rules/connections.ts); tests pass shorter ones */
  slowClients?: Partial<SlowClientLimits>;
  /** the jobs runner's poll (services/jobs); null: it runs only when called (tests) */
  jobs?: { pollMs: number | null };
  /** the database's clients, shown by /metrics (the connection's stats) */
  databaseStats?: () => DatabaseStats;
  /** the live hub's random numbers, for each hold's jitter (services/live/hub.ts); tests pass () => 0, a hold of exactly LONGPOLL_HOLD_MS */
  random?: () => number;
}

/** The Fastify app without a listening socket: main.ts listens, tests inject. */
export async function buildApp({ db, config, logger = false, clock = () => new Date(), sms, trustProxy, payments, events, readCache, sessionCache, uploads, onMediaMessage, slowClients, jobs, databaseStats, random }: BuildOptions): Promise<FastifyInstance> {
  const unreadablePathHeaders = pageHeaders(config.mapTileUrl ?? null);
  const proxies = trustProxy ?? config.trustProxy ?? false;
  // Behind a trusted proxy every connection is the proxy's: the cap per address is the proxy's to keep (docs/server.md, "Slow clients").
  const limits: SlowClientLimits = { ...DEFAULT_SLOW_CLIENT_LIMITS, ...slowClients, ...(proxies === false ? {} : { perAddress: 0 }) };
  const app = Fastify({
    logger,
    // Sending a request is bounded (its head, its body); what follows is the server's time (a held long poll).
    ...nodeTimeouts(limits),
    // A line on each request's arrival and end where the configuration asks for them (config.ts accessLog).
    logController: new LogController({ disableRequestLogging: !(config.accessLog ?? config.nodeEnv !== 'production') }),
    trustProxy: fastifyTrustProxy(proxies),
    bodyLimit: BODY_LIMIT_BYTES,
    // A path the router cannot read (a broken %-escape, a parameter over its length) names nothing: a 404 as any
    // unknown path's, localised and with the security headers, since no hook runs before this answer.
    frameworkErrors: (_error, request, reply) => {
      const language = requestLanguage(undefined, request.headers['accept-language']);
      void (reply as FastifyReply).code(404).headers(unreadablePathHeaders).send(failure(new ApiError(404, 'not_found', translate(language, 'not_found'))));
    },
  });
  connectionsPerAddress(app.server, limits.perAddress);
  bodyDeadlines(app, limits);
  // Set before any plugin is registered: encapsulated contexts copy the handlers at registration time.
  app.setNotFoundHandler((request, reply) => {
    const language = requestLanguage(request.body, request.headers['accept-language']);
    return reply.code(404).send(failure(new ApiError(404, 'not_found', translate(language, 'not_found'))));
  });

  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    const language = requestLanguage(request.body, request.headers['accept-language']);
    // A database outage or timeout is temporary: 503 + Retry-After, never a 500 (docs/server.md).
    const unavailable = isDatabaseUnavailable(thrown);
    if (unavailable) request.log.warn({ err: thrown }, 'database unavailable');
    const bankDown = thrown instanceof GatewayUnavailableError;
    if (bankDown) request.log.warn({ err: thrown }, 'payment gateway unavailable');
    const error = unavailable ? serviceUnavailable(language) : bankDown ? gatewayUnavailable(language) : thrown;
    if (error instanceof ApiError) {
      const wait = (error.data as { wait_seconds?: unknown } | undefined)?.wait_seconds;
      if ((error.statusCode === 429 || error.statusCode === 503) && typeof wait === 'number') reply.header('retry-after', String(wait));
      return reply.code(error.statusCode).send(failure(error));
    }
    // A body that is not form data (JSON, text …): Fastify's parsers for them are removed below.
    if (error.statusCode === 415) {
      return reply.code(415).send(failure(new ApiError(415, 'unsupported_media_type', translate(language, 'form_data_required'))));
    }
    // Fastify's own 4xx (body too large, malformed multipart …) are bad input too.
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(failure(new ApiError(error.statusCode, 'invalid_input', translate(language, 'body_invalid'))));
    }
    request.log.error(error);
    return reply.code(500).send(failure(new ApiError(500, 'server_error', translate(language, 'internal_error'))));
  });

  // The app's services, in order, each an app plugin decorating the instance (plugins/services/); a test's
  // override (clock, bus, SMS, banks, storage …) is the plugin's option. Routes take them from the instance.
  await app.register(settingsPlugin, {
    settings: { defaultShop: config.defaultShop, spaDir: config.spaDir, nodeEnv: config.nodeEnv, mapTileUrl: config.mapTileUrl ?? null, validateReplies: config.nodeEnv !== 'production' },
    db,
    clock,
  });
  await app.register(eventsPlugin, { bus: events });
  await app.register(readCachePlugin, { options: readCache });
  await app.register(replyCachePlugin);
  await app.register(sessionCachePlugin, { options: sessionCache });
  await app.register(livePlugin, { holdMs: config.longpollHoldMs ?? LONGPOLL_HOLD_MS, random });
  await app.register(cleanersPlugin);
  await app.register(smsPlugin, { provider: sms, config: config.sms });
  await app.register(paymentsPlugin, { banks: payments, gateway: config.paymentGateway });
  await app.register(uploadsPlugin, { storage: uploads, dir: config.uploadDir ?? null });
  await app.register(jobsPlugin, { pollMs: jobs?.pollMs, backup: config.backup });
  // Before any route: it counts and times every handler.
  await app.register(operationsPlugin, { metricsToken: config.metricsToken ?? null, production: config.nodeEnv === 'production', database: databaseStats });

  await app.register(securityHeadersPlugin, { mapTileUrl: config.mapTileUrl ?? null });
  // Before any route: it hooks each route as it is added.
  await app.register(compressionPlugin);
  await app.register(csrfPlugin);
  await app.register(fastifyCookie);
  // The API is form data (spec §7): a JSON or text body is a 415 before it is read, so no nesting reaches a handler.
  app.removeContentTypeParser(['application/json', 'text/plain']);
  await app.register(fastifyFormbody);
  await app.register(multipartBodyPlugin);
  await app.register(spaRoutes, { spaDir: config.spaDir, boot: bootDataSource(app) });
  await app.register(consoleSpaRoutes, { spaDir: config.spaDir });
  if (app.sandboxBank) await app.register(sandboxGatewayRoutes);
  if (app.stripe) await app.register(stripeWebhookRoutes, { gateway: app.stripe });
  await app.register(smsOutboxRoutes);

  // The API: one context whose requests have their shop and its repositories (plugins/tenant.ts) and rate limits.
  await app.register(async (api) => {
    await api.register(tenantPlugin);
    await api.register(rateLimitsPlugin);
    await api.register(orderRoutes);
    await api.register(consoleApiRoutes);
    await api.register(walletRoutes);
    await api.register(mediaRoutes);
    await api.register(uploadRoutes, { onMediaMessage: onMediaMessage ?? supportMediaMessage });
    await api.register(uploadMediaRoutes);
    await api.register(itemOptionsRoutes);
  });

  return app;
}
