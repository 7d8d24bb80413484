import type { InspectionEvent, Observer } from 'xstate';

export type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

/**
 * In development with `?inspect` or VITE_INSPECT=1, the Stately inspector's hook;
 * otherwise undefined. The dynamic import sits inside the DEV branch so production
 * builds drop it entirely.
 */
export async function loadInspector(): Promise<Inspect | undefined> {
  if (import.meta.env.DEV) {
    const wanted = new URLSearchParams(window.location.search).has('inspect') || import.meta.env.VITE_INSPECT === '1';
    if (wanted) {
      const { createBrowserInspector } = await import('@statelyai/inspect');
      return createBrowserInspector().inspect;
    }
  }
  return undefined;
}
