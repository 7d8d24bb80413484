import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { translate } from '../i18n/messages';
import { requestLanguage } from '../i18n/request-language';
import { canSeeUpload } from '../services/uploads/access';
import { extensionOf } from '../services/uploads/images';

/** An uploaded file may not run anything, be framed or load anything, even when opened directly. */
export const UPLOAD_CSP = "default-src 'none'; sandbox; frame-ancestors 'none'";

/**
 * GET /media/upload/:id and /media/upload/:id/thumb: an uploaded picture or its thumbnail, to
 * whom canSeeUpload lets see it; anyone else, another shop's host and an unknown id alike get
 * the same 404. (The static segment `upload` wins over routes/media.ts's `/media/:id`.)
 * Cached privately: who may see it depends on the cookie.
 */
export async function uploadMediaRoutes(app: FastifyInstance) {
  const storage = app.uploads;
  async function serve(request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply, variant: 'picture' | 'thumbnail') {
    const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : null;
    const upload = id === null ? null : await request.repos.uploads.byId(id);
    const visible = upload !== null && (await canSeeUpload(request, upload));
    const bytes = visible ? await storage.read(variant === 'picture' ? upload.pictureKey : upload.thumbnailKey) : null;
    if (!upload || !bytes) {
      if (visible) request.log.warn({ upload: upload?.id, variant }, 'upload: the stored file is missing');
      throw new ApiError(404, 'not_found', translate(requestLanguage(null, request.headers['accept-language']), 'not_found'));
    }
    const name = `upload-${upload.id}${variant === 'thumbnail' ? '-thumb' : ''}.${extensionOf(upload.mime)}`;
    return reply
      .header('content-type', upload.mime)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `inline; filename="${name}"`)
      .header('content-security-policy', UPLOAD_CSP)
      .header('cache-control', 'private, max-age=86400')
      .header('vary', 'Cookie')
      .send(bytes);
  }

  app.get<{ Params: { id: string } }>('/media/upload/:id', (request, reply) => serve(request, reply, 'picture'));
  app.get<{ Params: { id: string } }>('/media/upload/:id/thumb', (request, reply) => serve(request, reply, 'thumbnail'));
}
