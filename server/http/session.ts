import type { FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema';
import { SESSION_COOKIE } from './cookies';

// One lookup per request: the anonymous-write limiter and the route both ask who is signed in.
const lookups = new WeakMap<FastifyRequest, Promise<UserRow | null>>();

/** The user of the request's `sid` cookie (null without one, or when it names no live session). */
export function sessionUserOf(request: FastifyRequest): Promise<UserRow | null> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token) return Promise.resolve(null);
  let lookup = lookups.get(request);
  if (!lookup) {
    lookup = request.repos.users.bySessionToken(token);
    lookups.set(request, lookup);
  }
  return lookup;
}
