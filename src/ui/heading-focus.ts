import { createContext, useContext, useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';

/** How long a new route's main heading is waited for (its chunk and data may still be on the way). */
export const HEADING_WAIT_MS = 10_000;

/** The page's main heading: the first h1 inside <main>. */
const mainHeading = () => document.querySelector<HTMLElement>('main h1');

/**
 * Moves the focus to `target`, made focusable by script only (tabIndex -1, no tab stop), so a screen reader reads it
 * and the next Tab starts from there. The scroll stays where the page put it (ScrollRestoration owns it).
 */
export function focusTarget(target: HTMLElement, { scroll = false } = {}): void {
  if (!target.hasAttribute('tabindex')) target.tabIndex = -1;
  target.focus({ preventScroll: !scroll });
}

/** Focuses the main heading, or <main> itself on a page without one: what the skip link moves to. */
export function focusMainContent(): void {
  const target = mainHeading() ?? document.querySelector<HTMLElement>('main');
  if (target) focusTarget(target);
}

/**
 * Focuses the main heading once it is shown (at once, or when the screen's chunk or data brings it), unless the
 * person or the page put the focus inside <main> meanwhile (a field the page focuses, a control clicked). Returns
 * the stop.
 */
export function focusMainHeadingWhenShown(): () => void {
  const attempt = () => {
    const heading = mainHeading();
    if (!heading) return false;
    if (!document.activeElement?.closest('main')) focusTarget(heading);
    return true;
  };
  if (attempt()) return () => undefined;
  const observer = new MutationObserver(() => {
    if (attempt()) stop();
  });
  const timer = setTimeout(() => stop(), HEADING_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  return stop;
}

/**
 * Focus follows a section within one page (a checkout step's next part): when `section` changes after the first
 * render, the element with id `headingId` (its heading) takes the focus and is scrolled into view, instead of the
 * focus falling to <body> with the control that went away.
 */
export function useSectionHeadingFocus(section: string | null, headingId: string | null): void {
  const [firstSection] = useState(section);
  const [moved, setMoved] = useState(false);
  if (!moved && section !== firstSection) setMoved(true);
  useEffect(() => {
    const heading = moved && headingId ? document.getElementById(headingId) : null;
    if (heading) focusTarget(heading, { scroll: true });
  }, [moved, section, headingId]);
}

/** The location key of the page's first screen, given by each app's shell: that screen keeps the focus at its start. */
export const FirstScreenKey = createContext<string | null>(null);

/**
 * Focus follows the screen: when the component using it mounts (a route's screen, a checkout step), unless it is the
 * page's first screen, the main heading takes the focus once shown, so it is announced and the keyboard goes on from
 * it instead of from <body>. The first screen keeps the focus at its start, where the skip link is the first stop.
 */
export function useHeadingFocusOnMount(): void {
  const { key } = useLocation();
  const firstKey = useContext(FirstScreenKey);
  const [first] = useState(key === firstKey);
  useEffect(() => (first ? undefined : focusMainHeadingWhenShown()), [first]);
}

/**
 * Rendered beside a route's screen, keyed by its path, in the same Suspense boundary: it mounts when the new screen is
 * shown (not while the screen being left stays during the next one's load), and then moves the focus to its heading.
 * A change of query alone keeps the focus where the person is.
 */
export function RouteHeadingFocus(): null {
  useHeadingFocusOnMount();
  return null;
}
