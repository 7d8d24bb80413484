/**
 * Where each history entry (a location's key) was scrolled to, so back and forward return there;
 * kept in sessionStorage across a reload, as react-router's ScrollRestoration kept them.
 */
const STORAGE_KEY = 'scroll-positions';

function stored(): Record<string, number> {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

const positions = stored();

export function savePosition(key: string): void {
  positions[key] = window.scrollY;
}

export function savedPosition(key: string): number | undefined {
  const y = positions[key];
  return typeof y === 'number' ? y : undefined;
}

/** On pagehide: a reload or a return from another site finds the positions again. */
export function persistPositions(): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage full or denied: back and forward still work within this page's life.
  }
}
