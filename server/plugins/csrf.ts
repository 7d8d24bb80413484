import fp from 'fastify-plugin';
import { ApiError } from '../errors';
import { translate } from '../i18n/messages';
import { requestLanguage } from '../i18n/request-language';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** scheme://host[:port] of an Origin or Referer value, lower-cased; null when it names no host ('null', garbage). */
function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.host ? `${url.protocol}//${url.host.toLowerCase()}` : null;
  } catch {
    return null;
  }
}

/**
 * Refuses a state-changing request whose Origin (or, without one, Referer)
 * names another origin than the request's own: another host than its Host, or
 * another scheme (an http:// page posting to the https:// shop; the scheme is
 * X-Forwarded-Proto's only from a trusted proxy): 403 before the body is read,
 * so nothing runs. Requests with neither header (non-browser clients) pass.
 */
export const csrfPlugin = fp(async (app) => {
  // A callback hook: it runs on every request, and an async one costs a promise and a microtask each.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method)) return done();
    const claimed = request.headers.origin ?? request.headers.referer;
    if (claimed === undefined) return done();
    const host = (request.headers.host ?? '').toLowerCase();
    if (host !== '' && originOf(claimed) === `${request.protocol}://${host}`) return done();
    const language = requestLanguage(undefined, request.headers['accept-language']);
    done(new ApiError(403, 'cross_origin', translate(language, 'cross_origin')));
  });
});
