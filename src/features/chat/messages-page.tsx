import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { conversationFailure, hasOlderMessages, isLoadingOlderMessages } from '@machines/conversation-machine';
import { conversationsFailure, isLoadingConversations, isLoadingPublic, openConversation, publicFailure, type ConversationActor, type messagesMachine } from '@machines/messages-machine';
import { SYSTEM_IDS } from '@machines/system';
import { useLanguage, useSystemActor, useScreenActor } from '@/ui/actor-system';
import { formatNumber, localDigits } from '@/ui/format';
import { BlocksSkeleton, EmptyState, LoadFailure } from '@/ui/load-states';
import { PageFrame } from '@/ui/page-frame';
import { formatMessageTime, MessageBubble } from '@/ui/chat-message';
import { MessageLog } from './message-log';
import { OfflineNotice } from './offline-notice';
import { problemText } from './problem-text';

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

function ConversationList({ actor }: { actor: MessagesActor }) {
  const language = useLanguage();
  const { t } = useLingui();
  const conversations = useSelector(actor, (snapshot) => snapshot.context.conversations);
  const failure = useSelector(actor, conversationsFailure);
  const loading = useSelector(actor, isLoadingConversations);
  const more = useSelector(actor, (snapshot) => snapshot.can({ type: 'messages.moreConversations' }));
  if (failure) return <LoadFailure message={failure.message} onRetry={() => actor.send({ type: 'messages.retry' })} />;
  if (loading && conversations.length === 0) return <BlocksSkeleton count={3} height={56} />;
  if (conversations.length === 0) {
    return (
      <EmptyState>
        <Trans>No conversations yet</Trans>
      </EmptyState>
    );
  }
  return (
    <>
      <List data-testid="conversation-list" aria-label={t`Conversations`}>
        {conversations.map((conversation) => {
          const unread = formatNumber(conversation.unread_count, language);
          return (
            <ListItemButton
              key={conversation.id}
              onClick={() => actor.send({ type: 'messages.open', conversationId: conversation.id })}
              data-testid={`conversation-${conversation.id}`}
              aria-label={conversation.unread_count > 0 ? t`${conversation.title}, ${unread} unread` : conversation.title}
            >
              <ListItemText primary={conversation.title} secondary={conversation.last_message ?? undefined} />
              <Badge color="error" badgeContent={conversation.unread_count > 0 ? unread : null} sx={{ mx: 2 }} />
            </ListItemButton>
          );
        })}
      </List>
      {more ? (
        <Button onClick={() => actor.send({ type: 'messages.moreConversations' })} sx={{ alignSelf: 'center' }}>
          <Trans>More conversations</Trans>
        </Button>
      ) : null}
    </>
  );
}

function ConversationView({ conversation, onBack }: { conversation: ConversationActor; onBack: () => void }) {
  const language = useLanguage();
  const { t, i18n } = useLingui();
  const errorId = useId();
  const page = useSelector(conversation, (snapshot) => snapshot.context.page);
  const messages = useSelector(conversation, (snapshot) => snapshot.context.messages);
  const failure = useSelector(conversation, conversationFailure);
  const older = useSelector(conversation, hasOlderMessages);
  const loadingOlder = useSelector(conversation, isLoadingOlderMessages);
  const text = useSelector(conversation, (snapshot) => snapshot.context.text);
  const problem = useSelector(conversation, (snapshot) => snapshot.context.problem);
  const canSend = useSelector(conversation, (snapshot) => snapshot.can({ type: 'conversation.send' }));
  const shown = useMemo(() => [...messages].reverse(), [messages]);
  const askOlder = useCallback(() => conversation.send({ type: 'conversation.older' }), [conversation]);
  const message = problem ? problemText(i18n, problem) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    conversation.send({ type: 'conversation.send' });
  };
  return (
    <Stack spacing={1.5} data-testid="conversation-view">
      <Stack direction="row" spacing={1} alignItems="center">
        <Button onClick={onBack} data-testid="conversation-back">
          <Trans>Back to conversations</Trans>
        </Button>
        <Typography variant="h6" component="h2">
          {page?.conversation.title ?? ''}
        </Typography>
      </Stack>
      {failure ? <LoadFailure message={failure.message} onRetry={() => conversation.send({ type: 'conversation.retry' })} /> : null}
      {!failure && page === null ? <BlocksSkeleton count={3} height={48} /> : null}
      {page ? (
        <MessageLog
          label={t`Messages of ${page.conversation.title}`}
          testId="conversation-messages"
          oldestId={shown[0]?.id ?? null}
          newestId={shown.at(-1)?.id ?? null}
          hasOlder={older}
          loadingOlder={loadingOlder}
          onOlder={askOlder}
        >
          {shown.length === 0 ? (
            <EmptyState>
              <Trans>No message</Trans>
            </EmptyState>
          ) : (
            shown.map((entry) => (
              <MessageBubble key={entry.id} mine={entry.mine} testId={`conversation-message-${entry.id}`}>
                <Typography variant="body2">{localDigits(entry.text_message, language)}</Typography>
                <Typography variant="caption" component="p" sx={{ opacity: 0.8 }}>
                  <time dateTime={entry.created_at}>{formatMessageTime(entry.created_at, language)}</time>
                </Typography>
              </MessageBubble>
            ))
          )}
        </MessageLog>
      ) : null}
      <Box component="form" onSubmit={submit} noValidate aria-label={t`Write a message`}>
        <Stack spacing={1}>
          <TextField
            label={t`Message`}
            value={text}
            onChange={(event) => conversation.send({ type: 'conversation.text', text: event.target.value })}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { 'data-testid': 'conversation-text', 'aria-describedby': message ? errorId : undefined } }}
          />
          {message ? (
            <Alert severity="error" role="alert" id={errorId} data-testid="conversation-error">
              {message}
            </Alert>
          ) : null}
          <Button type="submit" variant="contained" disabled={!canSend} sx={{ alignSelf: 'flex-start' }} data-testid="conversation-send">
            <Trans>Send</Trans>
          </Button>
        </Stack>
      </Box>
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
          {section === 'conversations' && !open ? <ConversationList actor={actor} /> : null}
        </Box>
      ) : null}
    </PageFrame>
  );
}
