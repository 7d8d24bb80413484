import { Trans } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

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
