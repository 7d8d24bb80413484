/** Header height; the spec's fixed slider (§9) sits right under it at 78 px. */
export const HEADER_HEIGHT = 78;

/** Height of the bottom navigation on mobile widths. */
export const BOTTOM_NAV_HEIGHT = 56;

/** Spec §9: the scroll-to-top button appears after 65 px of scroll. */
export const SCROLL_TOP_THRESHOLD = 65;

/** Spec §2: toasts last 5 seconds. */
export const TOAST_DURATION_MS = 5000;
