import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { ApiFailure } from '@machines/api-failure';
import { failureText } from '../counter/counter-format';

/** What a section of the item editor shows before its data is in: a spinner, or its failure with a retry. */
export function SectionGate({ failure, onRetry }: { failure: ApiFailure | null; onRetry: () => void }) {
  const { t, i18n } = useLingui();
  if (!failure) return <CircularProgress size={24} aria-label={t`Loading…`} sx={{ flexBasis: '100%', mx: 'auto' }} />;
  return (
    <Alert severity="error" role="alert" sx={{ flexBasis: '100%' }} action={<Button onClick={onRetry}>{t`Try again`}</Button>}>
      {failureText(failure, i18n)}
    </Alert>
  );
}

/** A section's last save: the server's refusal when no row shows it, or its note of success. */
export function SectionOutcome({ refusal, saved, testId, children }: { refusal: ApiFailure | null; saved: boolean; testId: string; children: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <Box aria-live="polite" sx={{ mt: 1 }}>
      {refusal ? (
        <Alert severity="error" role="alert">
          {failureText(refusal, i18n)}
        </Alert>
      ) : null}
      {saved ? (
        <Alert severity="success" role="status" data-testid={testId}>
          {children}
        </Alert>
      ) : null}
    </Box>
  );
}
