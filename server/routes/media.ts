import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { translate } from '../i18n/messages';
import { requestLanguage } from '../i18n/request-language';
import { UPLOAD_CSP } from './upload-media';

/**
 * GET /media/:id (and /media/:id/thumb): a stored picture of the request's shop, public; an id's picture never
 * changes, so it is cached for a year. A body stored in the row (the seeds' SVG) has no thumbnail of its own: its
 * thumb is itself. A staff upload (issue 32) serves its re-encoded picture or thumbnail from the upload storage.
 */
export async function mediaRoutes(app: FastifyInstance) {
  const storage = app.uploads;
  async function serve(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply, variant: 'picture' | 'thumbnail') {
    const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : null;
    const picture = id === null ? null : await request.repos.content.media(id);
    const bytes = picture === null ? null : 'body' in picture ? picture.body : await storage.read(variant === 'picture' ? picture.pictureKey : picture.thumbnailKey);
    if (!picture || bytes === null) {
      if (picture) request.log.warn({ media: id, variant }, 'media: the stored file is missing');
      throw new ApiError(404, 'not_found', translate(requestLanguage(null, request.headers['accept-language']), 'not_found'));
    }
    return (
      reply
        .header('content-type', picture.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        // SVG can carry script; this keeps a stored picture inert even when opened directly. An upload runs nothing at all.
        .header('content-security-policy', 'body' in picture ? "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'" : UPLOAD_CSP)
        .send(bytes)
    );
  }
  app.get<{ Params: { id: string } }>('/media/:id', (request, reply) => serve(request, reply, 'picture'));
  app.get<{ Params: { id: string } }>('/media/:id/thumb', (request, reply) => serve(request, reply, 'thumbnail'));
}
