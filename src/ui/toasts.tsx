import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { Toast, ToastVariant } from './toast';

/*
 * Toasts: functions any view or action calls, drawn by notistack. notistack (and MUI's Alert) is a chunk of its own,
 * fetched when the app is idle or at the first toast, so the first screen does not carry it; toasts asked for before
 * it is up wait here and are handed over once its provider is mounted.
 */

/** At most this many toasts show at once; older ones give way. */
export const MAX_TOASTS = 3;

interface Notistack {
  enqueueSnackbar: (message: string, options: { key: number; variant: ToastVariant; action?: Toast['action'] }) => unknown;
  closeSnackbar: (key: number) => void;
}

let notistack: Notistack | null = null;
let waiting: readonly Toast[] = [];
let hostWanted = false;
let nextKey = 1;
const listeners = new Set<() => void>();
const publish = () => {
  for (const listener of listeners) listener();
};

const show = (host: Notistack, { key, message, variant, action }: Toast) => host.enqueueSnackbar(message, { key, variant, action: action && ((id) => action(Number(id))) });

/** Shows a toast; returns its key. */
export function enqueueSnackbar(message: string, options: { variant?: ToastVariant; action?: Toast['action'] } = {}): number {
  const toast: Toast = { key: nextKey++, message, variant: options.variant ?? 'info', action: options.action };
  if (notistack) show(notistack, toast);
  else {
    waiting = [...waiting, toast].slice(-MAX_TOASTS);
    hostWanted = true;
    publish();
  }
  return toast.key;
}

/** Closes one toast. */
export function closeSnackbar(key: number): void {
  notistack?.closeSnackbar(key);
  waiting = waiting.filter((toast) => toast.key !== key);
}

/** notistack's provider is up: the waiting toasts go to it, and every later one at once. */
function hostReady(host: Notistack): void {
  notistack = host;
  for (const toast of waiting) show(host, toast);
  waiting = [];
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

const snackbar = { enqueueSnackbar, closeSnackbar };
/** The toast functions, as a hook for views (stable: safe in effect dependencies). */
export const useSnackbar = () => snackbar;

const loadToastHost = () => import('./toast-host');
const ToastHost = lazy(loadToastHost);

/** Fetches the toasts' chunk while the app is idle, so the first toast shows at once. */
export function prefetchToasts(): void {
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
  idle(() => void loadToastHost());
}

/** Where toasts appear: nothing is rendered, or loaded, until the first one; then notistack's provider stays. */
export function Toasts() {
  const wanted = useSyncExternalStore(subscribe, () => hostWanted);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastHost onReady={hostReady} max={MAX_TOASTS} />
    </Suspense>
  );
}
