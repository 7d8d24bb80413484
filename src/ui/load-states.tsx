import { Trans } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

/** Spec §8: 'خطایی رخ داده' (An error occurred), the server's message, and a retry. */
export function LoadFailure({ message, onRetry }: { message?: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      data-testid="load-failure"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          <Trans>Retry</Trans>
        </Button>
      }
    >
      <Trans>An error occurred</Trans>
      {message ? <Typography variant="body2">{message}</Typography> : null}
    </Alert>
  );
}

/**
 * A permanent not-found (the server's 404, e.g. «محصول مورد نظر پیدا نشد»): its message and the
 * way home, no retry. `level` 1 when it is the page's heading.
 */
export function NotFoundState({ message, level = 1 }: { message: string; level?: 1 | 2 }) {
  return (
    <Box data-testid="not-found" sx={{ textAlign: 'center', py: 6, px: 2 }}>
      <Typography component={level === 1 ? 'h1' : 'h2'} variant="h6" fontWeight={700} gutterBottom>
        {message}
      </Typography>
      <Link component={RouterLink} to="/">
        <Trans>Back to home</Trans>
      </Link>
    </Box>
  );
}

/** An empty list's message, centred. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <Typography data-testid="empty-state" color="text.secondary" textAlign="center" sx={{ py: 6 }}>
      {children}
    </Typography>
  );
}

/** Spec §8 'no records': an empty list. */
export function NoRecords() {
  return (
    <EmptyState>
      <Trans>No records</Trans>
    </EmptyState>
  );
}

/** Grey blocks in the shape of what is loading. */
export function BlocksSkeleton({ count, height }: { count: number; height: number }) {
  return (
    <Stack spacing={1.5} data-testid="loading" aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} variant="rounded" height={height} />
      ))}
    </Stack>
  );
}
