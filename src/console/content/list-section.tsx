import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ApiFailure } from '@machines/api-failure';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { pictureFailureText } from '../catalog/picture-words';

/**
 * A list of the content screen with its own chart (the gallery, the magazine): its heading and add button, the
 * chart's refusal (with "try again" while the list failed to load) or "saved", announced politely, then the form and
 * the rows.
 */
export function ListSection({
  title,
  testId,
  addLabel,
  canAdd,
  onAdd,
  failure,
  onRetry,
  saved,
  notice = null,
  children,
}: {
  title: string;
  testId: string;
  addLabel: ReactNode;
  canAdd: boolean;
  onAdd: () => void;
  failure: ApiFailure | null;
  /** given while the list failed to load */
  onRetry?: () => void;
  saved: boolean;
  /** another outcome the chart says happened (the gallery's "moved") */
  notice?: string | null;
  children: ReactNode;
}) {
  const { i18n, t } = useLingui();
  return (
    <Box component="section" aria-label={title} sx={{ mt: 3 }} data-testid={`content-${testId}`}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Button onClick={onAdd} disabled={!canAdd} data-testid={`${testId}-add`}>
          {addLabel}
        </Button>
      </Stack>
      <Box aria-live="polite">
        {failure ? (
          <Alert severity="error" role="alert" action={onRetry ? <Button onClick={onRetry}>{t`Try again`}</Button> : undefined}>
            {pictureFailureText(failure, i18n)}
          </Alert>
        ) : null}
        {saved ? (
          <Alert severity="success" role="status">
            <Trans>Saved. Customers see it on their next visit.</Trans>
          </Alert>
        ) : null}
        {notice ? (
          <Alert severity="success" role="status">
            {notice}
          </Alert>
        ) : null}
      </Box>
      {children}
    </Box>
  );
}
