import { catchAllPath, routeTable } from './route-table';
import type { RouteEntry } from './route-table';

export type RouteParams = Record<string, string | undefined>;

export interface RouteMatch {
  entry: RouteEntry;
  params: RouteParams;
}

/** Splits a pathname into its non-empty segments, so trailing and doubled slashes are tolerated. */
export function pathSegments(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

/** The pathname with trailing and doubled slashes removed ('/' stays '/'). */
export function normalizePath(pathname: string): string {
  return `/${pathSegments(pathname).join('/')}`;
}

// Like React Router's ranking: a literal segment outweighs a parameter, so
// '/magazine/post/:id/:name' beats '/magazine/:page?' for '/magazine/post/1/x'.
const STATIC_SCORE = 10;
const PARAM_SCORE = 3;

function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Matches path segments against a pattern's segments; optional params may be absent. */
function matchSegments(
  pattern: readonly string[],
  segments: readonly string[],
): { params: RouteParams; score: number } | null {
  if (pattern.length === 0) return segments.length === 0 ? { params: {}, score: 0 } : null;
  const [head, ...restPattern] = pattern;
  const [segment, ...restSegments] = segments;

  if (!head.startsWith(':')) {
    if (segment === undefined || segment.toLowerCase() !== head.toLowerCase()) return null;
    const rest = matchSegments(restPattern, restSegments);
    return rest ? { params: rest.params, score: rest.score + STATIC_SCORE } : null;
  }

  const optional = head.endsWith('?');
  const name = head.slice(1, optional ? -1 : undefined);
  if (segment !== undefined) {
    const value = decodeSegment(segment);
    const rest = value === null ? null : matchSegments(restPattern, restSegments);
    if (rest) return { params: { ...rest.params, [name]: value ?? undefined }, score: rest.score + PARAM_SCORE };
  }
  if (!optional) return null;
  const rest = matchSegments(restPattern, segments);
  return rest ? { params: { ...rest.params, [name]: undefined }, score: rest.score } : null;
}

/** The best-matching entry for a pathname (ties go to the earlier entry), or null when only the catch-all fits. */
export function matchRoute(pathname: string, table: readonly RouteEntry[] = routeTable): RouteMatch | null {
  const segments = pathSegments(pathname);
  let best: (RouteMatch & { score: number }) | null = null;
  for (const entry of table) {
    if (entry.path === catchAllPath) continue;
    const found = matchSegments(pathSegments(entry.path), segments);
    if (found && (best === null || found.score > best.score)) best = { entry, params: found.params, score: found.score };
  }
  return best ? { entry: best.entry, params: best.params } : null;
}

/** True when some id/name pair of the entry has exactly one of its two params. */
export function hasHalfGivenPair(match: RouteMatch): boolean {
  return (match.entry.pairedParams ?? []).some(
    ([first, second]) => (match.params[first] === undefined) !== (match.params[second] === undefined),
  );
}
