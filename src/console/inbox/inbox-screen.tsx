import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { ChatList } from './chat-list';
import { ChatView } from './chat-view';
import { useSystemActor } from '@/ui/actor-system';

/** The support inbox: customers' chats beside the open one, kept live by the staff's long poll (both charts run in the console actor). */
export default function InboxScreen() {
  const actor = useSystemActor('inbox');
  if (!actor) return <CircularProgress sx={{ display: 'block', mx: 'auto', my: 6 }} />;
  return (
    <Box sx={{ display: 'flex', flexDirection: { xs: 'column', md: 'row' }, minHeight: 'calc(100vh - 64px)' }} data-testid="inbox">
      <ChatList actor={actor} />
      <ChatView actor={actor} />
    </Box>
  );
}
