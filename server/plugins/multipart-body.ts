import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import Busboy from '@fastify/busboy';
import { MULTIPART_FIELD_BYTES, MULTIPART_MAX_FIELDS } from '@contract/rules/limits';
import { ApiError } from '../errors';
import { translate } from '../i18n/messages';
import { requestLanguage } from '../i18n/request-language';

const MAX_FILES = 10;
const LIMITS = { fields: MULTIPART_MAX_FIELDS, fieldSize: MULTIPART_FIELD_BYTES, fieldNameSize: 100, files: MAX_FILES, fileSize: MULTIPART_FIELD_BYTES, parts: MULTIPART_MAX_FIELDS + MAX_FILES };

type Body = Record<string, unknown>;

/**
 * multipart/form-data bodies, read into `request.body` as field → value (a repeated field → list
 * of values; a file part → its bytes), within the body limit: a Content-Length over it is refused
 * before reading, and so is a streamed body once it passes the limit. A field or file longer than
 * the field limit, or more fields, files or parts than allowed, is refused (413), never cut; a body
 * the parser cannot read (no boundary, malformed parts) or a field named like an Object property
 * is a 400, in the request's language.
 *
 * A content-type parser, not hooks: only multipart requests pay for it. A route that streams its
 * own multipart body (routes/upload.ts) replaces this parser in its own context.
 */
export const multipartBodyPlugin = fp(async (app) => {
  app.addContentTypeParser('multipart/form-data', (request: FastifyRequest, payload: IncomingMessage, done: (error: Error | null, body?: Body) => void) => {
    readMultipart(request, payload, done);
  });
});

function readMultipart(request: FastifyRequest, payload: IncomingMessage, done: (error: Error | null, body?: Body) => void) {
  const language = () => requestLanguage(undefined, request.headers['accept-language']);
  const tooLarge = () => new ApiError(413, 'body_too_large', translate(language(), 'body_too_large'));
  const invalid = () => new ApiError(400, 'invalid_input', translate(language(), 'body_invalid'));
  const limit = request.routeOptions.bodyLimit;
  if (Number(request.headers['content-length']) > limit) return done(tooLarge());

  let parser: InstanceType<typeof Busboy>;
  try {
    parser = new Busboy({ headers: request.headers as ConstructorParameters<typeof Busboy>[0]['headers'], limits: LIMITS });
  } catch {
    // no boundary, or not a multipart type busboy knows
    return done(invalid());
  }
  const body: Body = {};
  let settled = false;
  let received = 0;
  const settle = (error: Error | null) => {
    if (settled) return;
    settled = true;
    payload.removeListener('data', count);
    payload.unpipe(parser);
    if (error) done(error);
    else done(null, body);
  };
  const add = (name: string, value: unknown) => {
    // `__proto__`, `constructor` …: never a key of the body
    if (name in Object.prototype) return settle(invalid());
    const present = body[name];
    body[name] = present === undefined ? value : Array.isArray(present) ? [...present, value] : [present, value];
  };
  // Without a Content-Length, the bytes are counted as they come.
  const count = (chunk: Buffer) => {
    received += chunk.length;
    if (received > limit) settle(tooLarge());
  };

  parser.on('field', (name: string, value: string, nameTruncated: boolean, valueTruncated: boolean) => {
    if (nameTruncated || valueTruncated) return settle(tooLarge());
    add(name, value);
  });
  parser.on('file', (name: string, file: NodeJS.ReadableStream & { truncated?: boolean }) => {
    const chunks: Buffer[] = [];
    file.on('data', (chunk: Buffer) => chunks.push(chunk));
    file.on('limit', () => settle(tooLarge()));
    // a part cut short is reported on the file and on the parser; the parser's error refuses the body
    file.on('error', () => undefined);
    file.on('end', () => {
      if (!file.truncated) add(name, Buffer.concat(chunks));
    });
  });
  parser.on('fieldsLimit', () => settle(tooLarge()));
  parser.on('filesLimit', () => settle(tooLarge()));
  parser.on('partsLimit', () => settle(tooLarge()));
  parser.on('error', () => settle(invalid()));
  parser.on('finish', () => settle(null));
  payload.on('error', () => settle(invalid()));
  payload.on('data', count);
  payload.pipe(parser);
}
