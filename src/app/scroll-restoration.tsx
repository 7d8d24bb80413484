import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';
import { persistPositions, savedPosition, savePosition } from './scroll-positions';

/** The element a #hash names; none for a hash that is not a decodable id. */
function hashTarget(hash: string): HTMLElement | null {
  try {
    return document.getElementById(decodeURIComponent(hash.slice(1)));
  } catch {
    return null;
  }
}

/** How long a page still growing is followed to its saved position. */
const RESTORE_WINDOW_MS = 3000;

/**
 * Scrolls to a saved position. A screen that returns draws its sections over a few frames, so
 * the page may still be too short for it: follow its growth until the position is reached, the
 * visitor scrolls, or the window ends. Returns what stops following.
 */
function restore(y: number): () => void {
  window.scrollTo(0, y);
  if (Math.abs(window.scrollY - y) < 1) return () => undefined;
  const observer = new ResizeObserver(() => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) < 1) stop();
  });
  const userEvents = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  const timer = window.setTimeout(() => stop(), RESTORE_WINDOW_MS);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const type of userEvents) window.removeEventListener(type, stop);
  }
  observer.observe(document.body);
  for (const type of userEvents) window.addEventListener(type, stop, { passive: true });
  return stop;
}

/**
 * Back and forward return to where the page was scrolled; any other navigation opens at the top,
 * or at the element its #hash names. The positions are saved by the router before it moves on.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const action = useNavigationType();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useEffect(() => {
    const onPageHide = () => {
      savePosition(location.key);
      persistPositions();
      // Another site, or this page reloaded, gets the browser's own restoration back.
      window.history.scrollRestoration = 'auto';
    };
    window.addEventListener('pagehide', onPageHide);
    return () => window.removeEventListener('pagehide', onPageHide);
  }, [location.key]);

  useLayoutEffect(() => {
    const saved = action === 'POP' ? savedPosition(location.key) : undefined;
    const target = location.hash ? hashTarget(location.hash) : null;
    if (saved !== undefined) return restore(saved);
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [location, action]);

  return null;
}
