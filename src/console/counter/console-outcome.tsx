import { useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { ApiFailure } from '@machines/api-failure';
import { failureText } from './counter-format';

/**
 * What a screen's last save came to, as its chart says: the success note in a polite live region (announced when it
 * appears), and the server's refusal as an alert in its words.
 */
export function ConsoleOutcome({ note, refusal }: { note: string | null; refusal: ApiFailure | null }) {
  const { i18n } = useLingui();
  return (
    <>
      <Box aria-live="polite">
        {note ? (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {note}
          </Alert>
        ) : null}
      </Box>
      {refusal ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failureText(refusal, i18n)}
        </Alert>
      ) : null}
    </>
  );
}
