import { Trans } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import { useChatStatus } from '@/ui/chat-status';

/** Shown while the live channel cannot reach the server; it goes away by itself when a poll is answered. */
export function OfflineNotice() {
  const { offline } = useChatStatus();
  return offline ? (
    <Alert severity="warning" role="status" data-testid="chat-offline">
      <Trans>You are offline. New messages will appear when the connection is back.</Trans>
    </Alert>
  ) : null;
}
