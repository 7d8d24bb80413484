import { useLayoutEffect } from 'react';
import { COVERED_ROOT_ATTRIBUTES, FIRST_SCREEN_ELEMENT_ID } from '@contract/boot';

/** How long screens may hold the drawn first screen: one that never shows its content must not leave the app covered. */
const HOLD_LIMIT_MS = 5000;

/** Screens that hold the drawn first screen now, and whether the route's screen has rendered. */
let holders = 0;
let due = false;
let limit: number | undefined;
/** The app does not use the boot block the first screen was drawn from (firstScreenUnused). */
let unused = false;

/** The drawn first screen goes, and the app it covered is exposed and usable again. */
function remove(): void {
  window.clearTimeout(limit);
  document.getElementById(FIRST_SCREEN_ELEMENT_ID)?.remove();
  const root = document.getElementById('root');
  for (const name of Object.keys(COVERED_ROOT_ATTRIBUTES)) root?.removeAttribute(name);
}

/** After the commit's layout effects, before paint: a screen released in a commit that also mounted another holder keeps it. */
function settleAfterCommit(): void {
  queueMicrotask(() => {
    if (due && holders === 0) remove();
  });
}

/**
 * The app starts without the boot block the server drew its first screen from (missing, stale, in
 * another language than the visitor's, or an old copy from history): that screen is not what the
 * app will show, so the app's splash takes its place (useSplashShown). Call before the first render.
 */
export function firstScreenUnused(): void {
  unused = true;
}

/**
 * The app's splash, over which a drawn first screen the app will not show must not stay: in the
 * splash's own commit it is removed, so the visitor (and a screen reader) meets one splash, with
 * the startup's real progress, not two. A first screen drawn from the block the app uses stays
 * over the splash until the app's own screen has rendered (useFirstScreenReplaced).
 */
export function useSplashShown(): void {
  useLayoutEffect(() => {
    if (unused) remove();
  }, []);
}

/**
 * The first screen the server drew over the app (the home's slider, a category's cards, a product:
 * server/routes/first-screen-html.ts) goes once the app's own screen has rendered, in a layout
 * effect, so both are never painted apart and the app's screen takes its place in the same frame.
 * A screen whose content arrives a render later holds it until then (useFirstScreenHeld).
 * Pages without one find nothing to remove.
 */
export function useFirstScreenReplaced(): void {
  useLayoutEffect(() => {
    due = true;
    settleAfterCommit();
    window.clearTimeout(limit);
    limit = window.setTimeout(remove, HOLD_LIMIT_MS);
  }, []);
}

/**
 * A screen whose content renders after its first frame (its data, its chart: both render in the
 * background, in slices) keeps the drawn first screen over it while `held`, so the visitor never
 * sees its skeleton between the drawn copy and the real one.
 */
export function useFirstScreenHeld(held: boolean): void {
  useLayoutEffect(() => {
    if (!held) return;
    holders += 1;
    return () => {
      holders -= 1;
      settleAfterCommit();
    };
  }, [held]);
}
