import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ApiFailure } from '@machines/api-failure';
import { failureText } from './counter-format';

/**
 * An owner's list (discount codes, the team, a customer's wallet) as its chart reads it: busy while it loads, the
 * failure as an alert with its retry, the empty state once read, and the entries. The screens' charts decide each
 * state (their selectors); this only shows them alike, in the same words.
 */
export function ConsoleList({
  loading,
  failure,
  onRetry,
  empty = null,
  children,
}: {
  loading: boolean;
  failure: ApiFailure | null;
  onRetry: () => void;
  /** what a read list with no entry says (none: nothing) */
  empty?: ReactNode;
  children: ReactNode;
}) {
  const { i18n, t } = useLingui();
  return (
    <Box aria-busy={loading}>
      {loading ? <CircularProgress aria-label={t`Loading…`} sx={{ display: 'block', mx: 'auto', my: 4 }} /> : null}
      {failure ? (
        <Alert severity="error" role="alert" action={<Button onClick={onRetry}>{t`Try again`}</Button>}>
          {failureText(failure, i18n)}
        </Alert>
      ) : null}
      {!loading && !failure && empty ? <Typography color="text.secondary">{empty}</Typography> : null}
      <Stack spacing={2}>{children}</Stack>
    </Box>
  );
}
