import './toast-nonce';
import Alert from '@mui/material/Alert';
import GlobalStyles from '@mui/material/GlobalStyles';
import Grow from '@mui/material/Grow';
import { closeSnackbar, enqueueSnackbar, SnackbarContent, SnackbarProvider, type CustomContentProps } from 'notistack';
import { forwardRef, useEffect } from 'react';
import { HEADER_HEIGHT, TOAST_DURATION_MS } from './layout';
import type { ToastVariant } from './toast';

/** One toast drawn as the app's filled MUI alert, its action (a "Log in" button) beside the words. */
const FilledToast = forwardRef<HTMLDivElement, CustomContentProps>(function FilledToast({ id, message, variant, action, style, className }, ref) {
  return (
    <SnackbarContent ref={ref} style={style} className={className}>
      <Alert severity={variant === 'default' ? 'info' : variant} variant="filled" data-testid="toast" action={typeof action === 'function' ? action(id) : action} sx={{ alignItems: 'center', width: '100%' }}>
        {message}
      </Alert>
    </SnackbarContent>
  );
});

const COMPONENTS: Record<ToastVariant | 'default', typeof FilledToast> = { default: FilledToast, success: FilledToast, error: FilledToast, info: FilledToast, warning: FilledToast };
const CONTAINER = 'app-toasts';

/**
 * notistack's provider, top centre under the header (never over its links), each toast closing itself after
 * TOAST_DURATION_MS. `onReady` hands notistack's own functions to the store (toasts.tsx) once the provider is up.
 */
export default function ToastHost({ onReady, max }: { onReady: (notistack: { enqueueSnackbar: typeof enqueueSnackbar; closeSnackbar: typeof closeSnackbar }) => void; max: number }) {
  useEffect(() => onReady({ enqueueSnackbar, closeSnackbar }), [onReady]);
  return (
    <>
      <GlobalStyles styles={{ [`.${CONTAINER}`]: { top: `${HEADER_HEIGHT + 8}px !important` } }} />
      <SnackbarProvider
        maxSnack={max}
        autoHideDuration={TOAST_DURATION_MS}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
        classes={{ containerAnchorOriginTopCenter: CONTAINER }}
        Components={COMPONENTS}
        // Grown in place (MUI's Snackbar's own transition): notistack's default slides down from above the page,
        // across the header's links.
        TransitionComponent={Grow}
      />
    </>
  );
}
