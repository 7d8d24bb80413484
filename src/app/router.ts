import { UNSAFE_createBrowserHistory as createBrowserHistory, type Location, type NavigationType } from 'react-router-dom';
import { SPA_BASE } from '@contract/item-paths';
import { savePosition } from './scroll-positions';

/** The SPA's base path (spec §2). */
export const BASENAME = SPA_BASE.slice(0, -1);

export interface RouterState {
  action: NavigationType;
  /** The browser's location: its pathname carries the basename. */
  location: Location;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
  /** Render the new location before navigate returns, not in a transition. */
  flushSync?: boolean;
}

type Listener = (state: RouterState, flushSync: boolean) => void;

/**
 * The browser history the views and the charts share: made first, before the app actor, so the
 * charts' navigation is provided once. A history and <Router> (router-view.tsx) rather than
 * react-router's data router, whose loaders and actions the app does not use: that router was
 * half of react-router's bytes on every first visit.
 */
export function createAppRouter() {
  const history = createBrowserHistory({ v5Compat: true });
  let state: RouterState = { action: history.action, location: history.location };
  let flushSync = false;
  const listeners = new Set<Listener>();
  // A history takes one listener; it runs before the page changes, so the page left keeps its scroll position.
  history.listen(({ action, location }) => {
    savePosition(state.location.key);
    state = { action, location };
    for (const listener of listeners) listener(state, flushSync);
  });
  return {
    /** The navigator <Router> gets: links and useNavigate push on it. */
    history,
    get state(): RouterState {
      return state;
    },
    /** Goes to a path inside the basename. */
    navigate(path: string, options: NavigateOptions = {}): Promise<void> {
      flushSync = options.flushSync ?? false;
      try {
        if (options.replace) history.replace(BASENAME + path, options.state);
        else history.push(BASENAME + path, options.state);
      } finally {
        flushSync = false;
      }
      return Promise.resolve();
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type AppRouter = ReturnType<typeof createAppRouter>;
