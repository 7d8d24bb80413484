import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { isLoadingPublic, openConversation, publicFailure, type messagesMachine } from '@machines/messages-machine';
import { SYSTEM_IDS } from '@machines/system';
import { useLanguage, useSystemActor, useScreenActor } from '@/ui/actor-system';
import { formatNumber, localDigits } from '@/ui/format';
import { BlocksSkeleton, EmptyState, LoadFailure } from '@/ui/load-states';
import { PageFrame } from '@/ui/page-frame';
import { formatMessageTime } from '@/ui/chat-message';
import { allConversations, ConversationList } from './conversation-list';
import { ConversationView } from './conversation-view';
import { OfflineNotice } from './offline-notice';

type MessagesActor = ActorRefFrom<typeof messagesMachine>;
type Section = 'public' | 'conversations';

/** The shop's public messages; the unread ones keep a "new" badge for this visit, and are marked read once shown. */
function PublicMessages({ actor }: { actor: MessagesActor }) {
  const language = useLanguage();
  const { t } = useLingui();
  const messages = useSelector(actor, (snapshot) => snapshot.context.publicMessages);
  const failure = useSelector(actor, publicFailure);
  const loading = useSelector(actor, isLoadingPublic);
  const more = useSelector(actor, (snapshot) => snapshot.can({ type: 'messages.morePublic' }));
  if (failure) return <LoadFailure message={failure.message} onRetry={() => actor.send({ type: 'messages.retry' })} />;
  if (loading && messages.length === 0) return <BlocksSkeleton count={3} height={72} />;
  if (messages.length === 0) {
    return (
      <EmptyState>
        <Trans>No message</Trans>
      </EmptyState>
    );
  }
  return (
    <Stack spacing={1} data-testid="public-messages" aria-live="polite">
      {messages.map((message) => (
        <Box key={message.id} component="article" data-testid={`public-message-${message.id}`} sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 2 }}>
          <Stack direction="row" spacing={1} alignItems="center">
            <Typography variant="subtitle2" component="h3" sx={{ flexGrow: 1 }}>
              {message.name}
            </Typography>
            {message.read ? null : <Chip size="small" color="error" label={t`New`} data-testid="unread-badge" />}
          </Stack>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
            {localDigits(message.message, language)}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            <time dateTime={message.created_at}>{formatMessageTime(message.created_at, language)}</time>
          </Typography>
        </Box>
      ))}
      {more ? (
        <Button onClick={() => actor.send({ type: 'messages.morePublic' })} sx={{ alignSelf: 'center' }}>
          <Trans>More messages</Trans>
        </Button>
      ) : null}
    </Stack>
  );
}

/** /messages (login): the shop's public messages and the user's conversations, one open at a time. */
export default function MessagesPage() {
  const { t } = useLingui();
  const language = useLanguage();
  const startup = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.conversations);
  const actor = useScreenActor('messages', { conversations: startup }, 'messages', { systemId: SYSTEM_IDS.messages });
  const [section, setSection] = useState<Section>('public');
  const publicUnread = useSelector(actor, (snapshot) => snapshot?.context.publicUnread ?? 0);
  const conversationsUnread = useSelector(actor, (snapshot) => snapshot?.context.conversationsUnread ?? 0);
  const open = useSelector(actor, (snapshot) => (snapshot ? openConversation(snapshot) : undefined));
  const tabLabel = (label: string, count: number) => (
    // In the line beside the name: an overlaid badge covered the name's end (its start in RTL).
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
      <span>{label}</span>
      {count > 0 ? (
        <Box component="span" sx={{ minWidth: 20, height: 20, px: 0.75, borderRadius: 10, bgcolor: 'error.main', color: 'error.contrastText', fontSize: '0.75rem', lineHeight: '20px', textAlign: 'center' }}>
          {formatNumber(count, language)}
        </Box>
      ) : null}
    </Box>
  );
  return (
    <PageFrame title={t`Messages`} testId="messages-page">
      <OfflineNotice />
      <Tabs value={section} onChange={(_, next: Section) => setSection(next)} aria-label={t`Messages`} variant="fullWidth">
        <Tab value="public" id="messages-tab-public" aria-controls="messages-panel-public" label={tabLabel(t`Shop messages`, publicUnread)} data-testid="tab-public" />
        <Tab value="conversations" id="messages-tab-conversations" aria-controls="messages-panel-conversations" label={tabLabel(t`Conversations`, conversationsUnread)} data-testid="tab-conversations" />
      </Tabs>
      {actor ? (
        <Box role="tabpanel" id={`messages-panel-${section}`} aria-labelledby={`messages-tab-${section}`}>
          {section === 'public' ? <PublicMessages actor={actor} /> : null}
          {section === 'conversations' && open ? <ConversationView conversation={open} onBack={() => actor.send({ type: 'messages.close' })} /> : null}
          {section === 'conversations' && !open ? <ConversationList actor={actor} select={allConversations} onOpen={(conversationId) => actor.send({ type: 'messages.open', conversationId })} /> : null}
        </Box>
      ) : null}
    </PageFrame>
  );
}
