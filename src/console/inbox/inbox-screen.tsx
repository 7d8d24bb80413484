import { Trans } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';

/** The support inbox's place in the console; the inbox itself (customers' chats, replies) arrives next. */
export default function InboxScreen() {
  return (
    <Box sx={{ textAlign: 'center', py: 8, px: 2 }}>
      <ForumOutlinedIcon sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden />
      <Typography component="h1" variant="h5" sx={{ mt: 1, fontWeight: 700 }}>
        <Trans>Support inbox</Trans>
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1 }} data-testid="inbox-placeholder">
        <Trans>Customers' support chats will appear here; the inbox arrives in the next update.</Trans>
      </Typography>
    </Box>
  );
}
