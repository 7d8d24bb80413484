import type { ReactNode } from 'react';

/** One toast as the store keeps it and the stack draws it (a file of its own: both import it). */
export type ToastVariant = 'success' | 'error' | 'info' | 'warning';
export interface Toast {
  key: number;
  message: string;
  variant: ToastVariant;
  /** e.g. a "Log in" button; gets the toast's key to close it */
  action?: (key: number) => ReactNode;
}
