import type { FastifyRequest } from 'fastify';
import type { ShopRow, UserRow } from '../db/schema';
import type { StatementLane } from '../db/statement-lanes';
import type { Repositories } from '../repositories';
import { SESSION_COOKIE } from './cookies';
import type { SessionCache } from './session-cache';

/** How a request looks its session up: the lane of its statement (db/statement-lanes.ts), how old a kept user may be (session-cache.ts). */
export interface SessionLookup {
  lane: StatementLane;
  trustMs?: number;
}

const REQUEST_LOOKUP: SessionLookup = { lane: 'foreground' };

/** The user of `token`'s live session at `shop`'s root (null when none), through the session cache. */
export const userOfToken = (sessions: SessionCache, shop: ShopRow, repos: Repositories, token: string, lookup: SessionLookup = REQUEST_LOOKUP): Promise<UserRow | null> =>
  sessions.user(shop.rootId ?? shop.id, token, () => repos.users.bySessionToken(token, lookup.lane), lookup.trustMs);

// One lookup per request: the anonymous-write limiter and the route both ask who is signed in.
const lookups = new WeakMap<FastifyRequest, Promise<UserRow | null>>();

/**
 * The user of the request's `sid` cookie (null without one, or when it names no live session), kept in memory (session-cache.ts);
 * looked up as `lookup` says (a long-poll's waits behind other requests' statements and trusts a kept user longer).
 */
export function sessionUserOf(request: FastifyRequest, lookup: SessionLookup = REQUEST_LOOKUP): Promise<UserRow | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return Promise.resolve(null);
  let found = lookups.get(request);
  if (!found) {
    found = userOfToken(request.server.sessionCache, request.shop, request.repos, token, lookup);
    lookups.set(request, found);
  }
  return found;
}
