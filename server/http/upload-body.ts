import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { Language } from '@contract/enums';
import { UPLOAD_FILE_FIELD } from '@contract/endpoints/upload';
import { UPLOAD_MAX_BYTES, type UploadMimeType } from '@contract/rules/chat';
import { MULTIPART_FIELD_BYTES } from '@contract/rules/limits';
import { ApiError } from '../errors';
import { translate } from '../i18n/messages';
import { SNIFF_BYTES, sniffPicture } from '../services/uploads/images';
import { fileSizeRefusal, fileTypeRefusal } from '../services/uploads/refusals';

/** Text parts an upload may carry besides its one file (type, extra and a few a client adds). */
const MAX_TEXT_FIELDS = 8;

export interface UploadBody {
  /** the text fields, each sent once */
  fields: Record<string, string>;
  /** the picture: its bytes and its type by magic bytes; null when no file (or an empty one) was sent */
  file: { bytes: Buffer; mime: UploadMimeType } | null;
}

/**
 * Reads the picture: at most `maxBytes` (refused as soon as one more arrives, never held whole),
 * sniffed once SNIFF_BYTES have arrived so a file of another type is refused after its first
 * few kilobytes. Throws the upload's own refusals.
 */
async function readPicture(stream: Readable, maxBytes: number, language: Language): Promise<UploadBody['file']> {
  const chunks: Buffer[] = [];
  let size = 0;
  let mime: UploadMimeType | null | undefined;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw fileSizeRefusal(language, maxBytes);
    chunks.push(chunk);
    if (mime === undefined && size >= SNIFF_BYTES) {
      mime = await sniffPicture(Buffer.concat(chunks, size));
      if (mime === null) throw fileTypeRefusal(language);
    }
  }
  if (size === 0) return null;
  const bytes = Buffer.concat(chunks, size);
  mime ??= await sniffPicture(bytes);
  if (mime === null) throw fileTypeRefusal(language);
  return { bytes, mime };
}

/**
 * The upload's multipart body, streamed (the upload's context has @fastify/multipart's parts()
 * instead of the API's parser, which reads every file into memory under the 1 MiB body limit): one file part
 * UPLOAD_FILE_FIELD, read under `maxBytesFor` the `type` sent before it (the largest limit when
 * it comes after), and a few short text fields. A field sent twice, a second file, a file under
 * another name or a malformed body is a 4xx; nothing is written anywhere while reading.
 */
export async function readUploadBody(request: FastifyRequest, language: Language, maxBytesFor: (type: string | undefined) => number): Promise<UploadBody> {
  const fields: Record<string, string> = {};
  let file: UploadBody['file'] = null;
  const invalid = () => new ApiError(400, 'invalid_input', translate(language, 'body_invalid'));
  // The client left while the route read its session and limits: the parts would wait for a 'close' already past.
  if (request.raw.destroyed) throw invalid();
  try {
    // busboy's file limit is one byte above the largest: readPicture counts against the kind's own limit and stops first.
    const parts = request.parts({
      limits: { fields: MAX_TEXT_FIELDS, fieldSize: MULTIPART_FIELD_BYTES, fieldNameSize: 100, files: 1, fileSize: UPLOAD_MAX_BYTES + 1, parts: MAX_TEXT_FIELDS + 1 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        if (part.fieldname !== UPLOAD_FILE_FIELD) throw invalid();
        file = await readPicture(part.file, maxBytesFor(fields.type), language);
        continue;
      }
      if (part.valueTruncated || part.fieldnameTruncated) throw new ApiError(413, 'body_too_large', translate(language, 'body_too_large'));
      if (Object.hasOwn(fields, part.fieldname)) throw invalid();
      fields[part.fieldname] = String(part.value);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    // @fastify/multipart's refusals (a second file, too many parts, a __proto__ field) and busboy's own errors
    // (malformed part headers, a body cut short): bad input, in the upload's language.
    const { statusCode, code } = error as { statusCode?: unknown; code?: unknown };
    if (code === 'FST_FILES_LIMIT') throw new ApiError(413, 'body_too_large', translate(language, 'upload_one_file'));
    if (statusCode === 413) throw new ApiError(413, 'body_too_large', translate(language, 'body_too_large'));
    throw invalid();
  }
  return { fields, file };
}
