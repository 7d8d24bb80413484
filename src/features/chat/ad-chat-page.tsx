import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import { useSelector } from '@xstate/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { chatStarterName } from '@machines/conversation-machine';
import { SYSTEM_IDS } from '@machines/system';
import { loginPath } from '@/routes/guards';
import { useScreenActor, useSystemActor } from '@/ui/actor-system';
import { NotFoundState } from '@/ui/load-states';
import { PageFrame } from '@/ui/page-frame';
import { useRouteParams } from '@/ui/use-route-params';
import { ConversationView } from './conversation-view';
import { OfflineNotice } from './offline-notice';

/** The page around the chat; the publisher reads the buyer's name in its title, the buyer "Chat with the publisher". */
function ChatFrame({ starter, children }: { starter: string | null; children: ReactNode }) {
  return (
    <PageFrame title={starter ? <Trans>Chat with {starter}</Trans> : <Trans>Chat with the publisher</Trans>} testId="ad-chat-page">
      <OfflineNotice />
      <Button component={RouterLink} to="/home-4/chat" sx={{ alignSelf: 'start' }} data-testid="ad-chats-link">
        <Trans>All my chats</Trans>
      </Button>
      {children}
    </PageFrame>
  );
}

function AdConversation({ conversationId }: { conversationId: number }) {
  const conversation = useScreenActor('adConversation', { conversationId }, `chat:${conversationId}`, { systemId: SYSTEM_IDS.messages });
  const starter = useSelector(conversation, (snapshot) => (snapshot ? chatStarterName(snapshot) : null));
  return <ChatFrame starter={starter}>{conversation ? <ConversationView conversation={conversation} /> : null}</ChatFrame>;
}

/**
 * /home-4/chat/:id: the conversation about a classified ad (opened from the ad by ty_contact_publisher), live: it
 * is the screen's 'messages' actor, which the chat tells of new messages.
 */
export default function AdChatPage() {
  const { t } = useLingui();
  const { id } = useRouteParams();
  const location = useLocation();
  const conversationId = Number(id);
  const valid = Number.isInteger(conversationId) && conversationId > 0;
  const loggedIn = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.user !== null);
  if (!valid) return <NotFoundState message={t`This conversation was not found.`} />;
  if (loggedIn) return <AdConversation conversationId={conversationId} />;
  return (
    <ChatFrame starter={null}>
      <Button component={RouterLink} to={loginPath} state={{ from: location.pathname }} variant="contained" data-testid="chat-login">
        <Trans>Log in to chat</Trans>
      </Button>
    </ChatFrame>
  );
}
