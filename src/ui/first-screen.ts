import { useLayoutEffect } from 'react';
import { FIRST_SCREEN_ELEMENT_ID } from '@contract/boot';

/**
 * The first screen the server drew over the app (the home's slider, a category's cards: server/routes/first-screen-html.ts) goes
 * once the app's own screen has rendered: in a layout effect, so both are never painted apart and
 * the app's screen takes its place in the same frame. Pages without one find nothing to remove.
 */
export function useFirstScreenReplaced(): void {
  useLayoutEffect(() => {
    document.getElementById(FIRST_SCREEN_ELEMENT_ID)?.remove();
  }, []);
}
