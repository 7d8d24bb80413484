import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { Toast, ToastVariant } from './toast';

/*
 * Toasts: a small store any view adds to, and a view that draws them. The
 * drawing (MUI Snackbar and Alert) is its own chunk, fetched when the app is
 * idle or at the first toast, so the first screen does not carry it.
 */


/** At most this many toasts show at once; older ones give way. */
export const MAX_TOASTS = 3;

let toasts: readonly Toast[] = [];
let nextKey = 1;
const listeners = new Set<() => void>();
const publish = (next: readonly Toast[]) => {
  toasts = next;
  for (const listener of listeners) listener();
};

/** Shows a toast; returns its key. */
export function enqueueSnackbar(message: string, options: { variant?: ToastVariant; action?: Toast['action'] } = {}): number {
  const key = nextKey++;
  publish([...toasts, { key, message, variant: options.variant ?? 'info', action: options.action }].slice(-MAX_TOASTS));
  return key;
}

/** Closes one toast. */
export function closeSnackbar(key: number): void {
  publish(toasts.filter((toast) => toast.key !== key));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

const snackbar = { enqueueSnackbar, closeSnackbar };
/** The toast functions, as a hook for views (stable: safe in effect dependencies). */
export const useSnackbar = () => snackbar;

const loadToastStack = () => import('./toast-stack');
const ToastStack = lazy(loadToastStack);

/** Fetches the toasts' view while the app is idle, so the first toast shows at once. */
export function prefetchToasts(): void {
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
  idle(() => void loadToastStack());
}

/** Where toasts appear (top centre); renders nothing, and loads nothing, until there is one. */
export function Toasts() {
  const current = useSyncExternalStore(subscribe, () => toasts);
  if (current.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastStack toasts={current} onClose={closeSnackbar} />
    </Suspense>
  );
}
