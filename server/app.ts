import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyMultipart from '@fastify/multipart';
import type { Config } from './config';
import type { Database } from './db/connection';
import { ApiError, failure } from './errors';
import { translate } from './i18n/messages';
import { requestLanguage } from './i18n/request-language';
import { tenantPlugin } from './plugins/tenant';
import { mediaRoutes } from './routes/media';
import { orderRoutes } from './routes/order';
import { spaRoutes } from './routes/spa';

export interface BuildOptions {
  db: Database;
  config: Pick<Config, 'defaultShop' | 'spaDir' | 'nodeEnv'>;
  logger?: boolean;
}

/** The Fastify app without a listening socket: main.ts listens, tests inject. */
export async function buildApp({ db, config, logger = false }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger });

  // Set before any plugin is registered: encapsulated contexts copy the handlers at registration time.
  app.setNotFoundHandler((request, reply) => {
    const language = requestLanguage(request.body, request.headers['accept-language']);
    return reply.code(404).send(failure(new ApiError(404, 'not_found', translate(language, 'not_found'))));
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const language = requestLanguage(request.body, request.headers['accept-language']);
    if (error instanceof ApiError) return reply.code(error.statusCode).send(failure(error));
    // Fastify's own 4xx (unsupported media type, body too large, malformed multipart …) are bad input too.
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send(failure(new ApiError(error.statusCode, 'invalid_input', translate(language, 'body_invalid'))));
    }
    request.log.error(error);
    return reply.code(500).send(failure(new ApiError(500, 'server_error', translate(language, 'internal_error'))));
  });

  await app.register(fastifyCookie);
  await app.register(fastifyFormbody);
  await app.register(fastifyMultipart, { attachFieldsToBody: 'keyValues', limits: { fields: 200, files: 10 } });
  await app.register(spaRoutes, { spaDir: config.spaDir });

  await app.register(async (api) => {
    await api.register(tenantPlugin, { db, defaultShop: config.defaultShop });
    await api.register(orderRoutes, { db, validateReplies: config.nodeEnv !== 'production' });
    await api.register(mediaRoutes);
  });

  return app;
}
