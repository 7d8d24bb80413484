import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { MULTIPART_FIELD_BYTES, MULTIPART_MAX_FIELDS } from '@contract/rules/limits';
import { ApiError } from '../errors';
import { translate } from '../i18n/messages';
import { requestLanguage } from '../i18n/request-language';

const MAX_FILES = 10;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route reads its multipart body itself, under its own limits; this plugin leaves it alone */
    ownMultipart?: boolean;
  }
}

/**
 * multipart/form-data bodies, read into `request.body` as field → value (a
 * repeated field → list of values), within the body limit: a Content-Length
 * over it is refused before reading; without one, fields × field size bound
 * the body. A field longer than the field limit is refused (413), never cut;
 * a body the parser cannot read (no boundary, malformed parts) is a 400. A route with
 * `config.ownMultipart` (routes/upload.ts) reads its body itself, under its own limits.
 */
export const multipartBodyPlugin = fp(async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fields: MULTIPART_MAX_FIELDS, fieldSize: MULTIPART_FIELD_BYTES, fieldNameSize: 100, files: MAX_FILES, fileSize: MULTIPART_FIELD_BYTES, parts: MULTIPART_MAX_FIELDS + MAX_FILES },
  });

  // A route that streams its own multipart body (config.ownMultipart, e.g. the upload) has its own limits.
  const ownMultipart = (request: FastifyRequest) => request.routeOptions.config?.ownMultipart === true;

  // A callback hook with a synchronous way out: nearly every request is not a multipart one this plugin reads.
  // (@fastify/multipart marks a request as multipart only when its body is parsed, so there is no earlier hook
  // to check it in; Fastify's bodyLimit refuses a Content-Length over the limit before reading.)
  app.addHook('preValidation', (request, _reply, done) => {
    if (!request.isMultipart() || ownMultipart(request)) return done();
    readParts(request).then(() => done(), done);
  });

  /** Reads the multipart body into request.body. */
  const readParts = async (request: FastifyRequest) => {
    const language = requestLanguage(undefined, request.headers['accept-language']);
    const body: Record<string, unknown> = {};
    const add = (name: string, value: unknown) => {
      const present = body[name];
      body[name] = present === undefined ? value : Array.isArray(present) ? [...present, value] : [present, value];
    };
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          add(part.fieldname, await part.toBuffer());
          continue;
        }
        if (part.valueTruncated || part.fieldnameTruncated) throw new ApiError(413, 'body_too_large', translate(language, 'body_too_large'));
        add(part.fieldname, part.value);
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      const status = (error as { statusCode?: unknown }).statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500) throw error;
      // busboy's own errors (no boundary, malformed part headers) carry no status: they are bad input.
      throw new ApiError(400, 'invalid_input', translate(language, 'body_invalid'));
    }
    request.body = body;
  };
});
