import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import { HEADER_HEIGHT, TOAST_DURATION_MS } from './layout';
import type { Toast } from './toast';

/** The visible toasts, newest last, under the header (never over its links), each closing itself after TOAST_DURATION_MS. */
export default function ToastStack({ toasts, onClose }: { toasts: readonly Toast[]; onClose: (key: number) => void }) {
  return (
    <Stack spacing={1} sx={{ position: 'fixed', top: HEADER_HEIGHT + 8, insetInline: 0, alignItems: 'center', zIndex: 'snackbar', pointerEvents: 'none' }}>
      {toasts.map((toast) => (
        <Snackbar
          key={toast.key}
          open
          autoHideDuration={TOAST_DURATION_MS}
          onClose={(_event, reason) => reason !== 'clickaway' && onClose(toast.key)}
          sx={{ position: 'static', transform: 'none', pointerEvents: 'auto' }}
        >
          <Alert severity={toast.variant} variant="filled" data-testid="toast" action={toast.action?.(toast.key)} sx={{ alignItems: 'center' }}>
            {toast.message}
          </Alert>
        </Snackbar>
      ))}
    </Stack>
  );
}
