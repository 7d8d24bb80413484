import type { Server, ServerOptions } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UPLOAD_BODY_LIMIT_BYTES } from '@contract/rules/chat';
import {
  BODY_BASE_TIMEOUT_MS,
  BODY_MIN_BYTES_PER_SECOND,
  CONNECTIONS_PER_ADDRESS,
  REQUEST_HEAD_TIMEOUT_MS,
  SLOW_CLIENT_CHECK_MS,
} from '@contract/rules/connections';

/** The bounds on clients while they send (contract/rules/connections.ts); tests pass smaller ones. */
export interface SlowClientLimits {
  headMs: number;
  bodyBaseMs: number;
  bodyBytesPerSecond: number;
  /** open connections per client address; 0 = no cap (behind a trusted proxy every connection is the proxy's) */
  perAddress: number;
  checkEveryMs: number;
}

export const DEFAULT_SLOW_CLIENT_LIMITS: SlowClientLimits = {
  headMs: REQUEST_HEAD_TIMEOUT_MS,
  bodyBaseMs: BODY_BASE_TIMEOUT_MS,
  bodyBytesPerSecond: BODY_MIN_BYTES_PER_SECOND,
  perAddress: CONNECTIONS_PER_ADDRESS,
  checkEveryMs: SLOW_CLIENT_CHECK_MS,
};

/** The longest any body may take: the largest body there is (an upload) at the slowest rate. */
const longestBodyMs = (limits: SlowClientLimits) => limits.bodyBaseMs + Math.ceil((UPLOAD_BODY_LIMIT_BYTES * 1000) / limits.bodyBytesPerSecond);

/**
 * Node's own bounds, for Fastify's `http` and `requestTimeout` options: the head within headMs, and the whole
 * request within the longest body's time (a backstop: each body's own deadline is bodyDeadlines'). Both end
 * when the request has arrived, so a held long poll is never cut.
 */
export function nodeTimeouts(limits: SlowClientLimits): { http: ServerOptions; requestTimeout: number } {
  const requestTimeout = longestBodyMs(limits);
  return { http: { headersTimeout: limits.headMs, requestTimeout, connectionsCheckingInterval: limits.checkEveryMs }, requestTimeout };
}

/**
 * A body must arrive within bodyBaseMs plus its declared length (else the route's body limit) at
 * bodyBytesPerSecond; past it the connection is closed. A request whose body is in when it is looked at is
 * forgotten; one that has no body is never looked at. One timer for all, not one per request.
 */
export function bodyDeadlines(app: FastifyInstance, limits: SlowClientLimits): void {
  const pending = new Map<FastifyRequest['raw'], number>();
  let timer: NodeJS.Timeout | null = null;
  const sweep = () => {
    const now = Date.now();
    for (const [raw, deadline] of pending) {
      if (raw.complete || raw.destroyed) pending.delete(raw);
      else if (now > deadline) {
        pending.delete(raw);
        raw.socket?.destroy();
      }
    }
    if (pending.size === 0 && timer) {
      clearInterval(timer);
      timer = null;
    }
  };
  // A callback hook: an async one costs a promise and a microtask per request.
  app.addHook('onRequest', (request, _reply, done) => {
    const raw = request.raw;
    // Only a body coming over a socket: an injected request (tests, the boot data) has none to wait for.
    if (raw.complete || !(raw.socket instanceof Socket) || (raw.headers['content-length'] === undefined && raw.headers['transfer-encoding'] === undefined)) return done();
    const declared = Number(raw.headers['content-length']);
    const bytes = Number.isFinite(declared) && declared >= 0 ? declared : request.routeOptions.bodyLimit;
    pending.set(raw, Date.now() + limits.bodyBaseMs + Math.ceil((bytes * 1000) / limits.bodyBytesPerSecond));
    timer ??= setInterval(sweep, limits.checkEveryMs).unref();
    done();
  });
  app.addHook('onClose', (_app, done) => {
    if (timer) clearInterval(timer);
    pending.clear();
    done();
  });
}

/**
 * At most `perAddress` open connections per client address: the newest past it is closed before a byte of it
 * is read. By the socket's peer: behind a proxy that is the proxy's address, so app.ts passes 0 then and the
 * proxy bounds its clients' connections.
 */
export function connectionsPerAddress(server: Server, perAddress: number): void {
  if (perAddress <= 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > perAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
