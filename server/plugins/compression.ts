import type { IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fp from 'fastify-plugin';
import fastifyCompress from '@fastify/compress';
import negotiate from '@fastify/accept-negotiator';

/**
 * Text the server compresses on the fly: HTML, JSON, JavaScript, CSS, SVG, XML. Anything else
 * falls back to mime-db's `compressible` flag, which is false for woff2, png, jpeg and webp
 * (already compressed) and unset for octet-stream.
 */
export const COMPRESSIBLE_TYPES = /^(?:text\/(?!event-stream)|application\/(?:javascript|json|xml)|image\/svg\+xml)|[+/](?:json|xml)(?:;|$)/;

export type ReplyEncoding = 'br' | 'gzip';

/** On-the-fly compression: brotli first (quality 4: fast, still smaller than gzip), then gzip. */
export const COMPRESSION = {
  encodings: ['br', 'gzip'] as ReplyEncoding[],
  threshold: 1024,
  customTypes: COMPRESSIBLE_TYPES,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 6 },
};

/**
 * Compresses every reply above ~1 KB by Accept-Encoding, with `Vary: Accept-Encoding`
 * (@fastify/compress). Hashed assets are precompressed at build (scripts/precompress.mjs) and
 * sent as they are by @fastify/static's preCompressed: a reply that already has a
 * Content-Encoding is left alone. Request bodies are never inflated (the body limit stays a
 * limit on what the client sends).
 */
export const compressionPlugin = fp(async (app) => {
  await app.register(fastifyCompress, { ...COMPRESSION, globalCompression: true, globalDecompression: false });
});

// @fastify/compress reads `*` and `x-gzip` as gzip before negotiating.
const GZIP_ALIAS = /\*|x-gzip/gu;
// Browsers send one Accept-Encoding value again and again: the last one's choice is kept (one entry, so a
// client varying it cannot grow anything).
let lastAccepted: string | null = null;
let lastChoice: ReplyEncoding | null = null;

/**
 * The encoding @fastify/compress gives a JSON reply of `size` bytes to a request with these headers, or null when
 * it sends the reply as it is (below the threshold, no or only unsupported encodings, X-No-Compression). The
 * route that sends kept bytes compresses them once per encoding with it (compressedCopy) instead of on every reply.
 */
export function replyEncoding(headers: IncomingHttpHeaders, size: number): ReplyEncoding | null {
  const accepted = headers['accept-encoding'];
  if (accepted === undefined || size < COMPRESSION.threshold || headers['x-no-compression'] !== undefined) return null;
  if (accepted !== lastAccepted) {
    lastChoice = negotiate(accepted.toLowerCase().replace(GZIP_ALIAS, 'gzip'), COMPRESSION.encodings);
    lastAccepted = accepted;
  }
  return lastChoice;
}

/** `bytes` compressed as @fastify/compress compresses a reply for `encoding`. */
export function compressedCopy(bytes: Buffer, encoding: ReplyEncoding): Buffer {
  return encoding === 'br' ? brotliCompressSync(bytes, COMPRESSION.brotliOptions) : gzipSync(bytes, COMPRESSION.zlibOptions);
}
