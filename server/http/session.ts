import type { FastifyRequest } from 'fastify';
import type { ShopRow, UserRow } from '../db/schema';
import type { StatementLane } from '../db/statement-lanes';
import type { Repositories } from '../repositories';
import { SESSION_COOKIE } from './cookies';
import type { SessionCache } from './session-cache';

/** The user of `token`'s live session at `shop`'s root (null when none), through the session cache; a look-up in `lane`. */
export const userOfToken = (sessions: SessionCache, shop: ShopRow, repos: Repositories, token: string, lane: StatementLane = 'foreground'): Promise<UserRow | null> =>
  sessions.user(shop.rootId ?? shop.id, token, () => repos.users.bySessionToken(token, lane));

// One lookup per request: the anonymous-write limiter and the route both ask who is signed in.
const lookups = new WeakMap<FastifyRequest, Promise<UserRow | null>>();

/**
 * The user of the request's `sid` cookie (null without one, or when it names no live session), kept in memory (session-cache.ts);
 * a look-up in `lane` (a long-poll's waits behind other requests' statements: db/statement-lanes.ts).
 */
export function sessionUserOf(request: FastifyRequest, lane: StatementLane = 'foreground'): Promise<UserRow | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return Promise.resolve(null);
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = userOfToken(request.server.sessionCache, request.shop, request.repos, token, lane);
    lookups.set(request, lookup);
  }
  return lookup;
}
