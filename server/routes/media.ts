import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors';
import { translate } from '../i18n/messages';
import { requestLanguage } from '../i18n/request-language';

/** GET /media/:id: a stored picture of the request's shop; an id's body never changes, so it is cached for a year. */
export async function mediaRoutes(app: FastifyInstance) {
  app.get<{ Params: { id: string } }>('/media/:id', async (request, reply) => {
    const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : null;
    const picture = id === null ? null : await request.repos.content.media(id);
    if (!picture) throw new ApiError(404, 'not_found', translate(requestLanguage(null, request.headers['accept-language']), 'not_found'));
    return reply
      .header('content-type', picture.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      // SVG can carry script; this keeps a stored picture inert even when opened directly.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
      .send(picture.body);
  });
}
