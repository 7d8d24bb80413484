/** Header height; the spec's fixed slider (§9) sits right under it at 78 px. */
export { HEADER_HEIGHT } from '@contract/rules/home-layouts';

/** Height of the bottom navigation on mobile widths. */
export const BOTTOM_NAV_HEIGHT = 56;

/** Spec §9: the scroll-to-top button appears after 65 px of scroll. */
export const SCROLL_TOP_THRESHOLD = 65;

/** The scroll-to-top button: its size (MUI's small Fab) and its distance from the bottom edge above the bottom navigation or the window. */
export const SCROLL_TOP_SIZE = 40;
export const SCROLL_TOP_GAP = 16;
/** Desktop: the scroll-to-top button's distance from the window's bottom edge. */
export const SCROLL_TOP_BOTTOM_WIDE = 24;

/**
 * Room at the end of <main> for the fixed scroll-to-top button, so the last content of a page
 * (the item page's add button and its "added" alert) can always be scrolled clear of it.
 */
export const mainBottomPadding = (wide: boolean): number =>
  (wide ? SCROLL_TOP_BOTTOM_WIDE : BOTTOM_NAV_HEIGHT + SCROLL_TOP_GAP) + SCROLL_TOP_SIZE + SCROLL_TOP_GAP;

/** Spec §2: toasts last 5 seconds. */
export const TOAST_DURATION_MS = 5000;
