import { constants } from 'node:zlib';
import fp from 'fastify-plugin';
import fastifyCompress from '@fastify/compress';

/**
 * Text the server compresses on the fly: HTML, JSON, JavaScript, CSS, SVG, XML. Anything else
 * falls back to mime-db's `compressible` flag, which is false for woff2, png, jpeg and webp
 * (already compressed) and unset for octet-stream.
 */
export const COMPRESSIBLE_TYPES = /^(?:text\/(?!event-stream)|application\/(?:javascript|json|xml)|image\/svg\+xml)|[+/](?:json|xml)(?:;|$)/;

/** On-the-fly compression: brotli first (quality 4: fast, still smaller than gzip), then gzip. */
export const COMPRESSION = {
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
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
