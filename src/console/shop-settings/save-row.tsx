import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ApiFailure } from '@machines/api-failure';
import { failureText } from '../counter/counter-format';

/** A settings group's end: its save's failure or success (announced), and its submit button (waiting while a save runs: `canSave` is the chart's word). */
export function SaveRow({
  failure,
  saved,
  saving,
  canSave,
  testId,
  children,
}: {
  failure: ApiFailure | null;
  saved: boolean;
  saving: boolean;
  canSave: boolean;
  testId: string;
  children: ReactNode;
}) {
  const { i18n, t } = useLingui();
  return (
    <>
      <Box aria-live="polite" sx={{ mt: 2 }}>
        {failure ? (
          <Alert severity="error" role="alert">
            {failureText(failure, i18n)}
          </Alert>
        ) : null}
        {saved ? <Alert severity="success" role="status">{t`Saved. Customers see the change on their next visit.`}</Alert> : null}
      </Box>
      <Button type="submit" variant="contained" disabled={saving || !canSave} sx={{ mt: 2 }} data-testid={testId}>
        {children}
      </Button>
    </>
  );
}
