import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useCallback, useId, useMemo, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { conversationFailure, hasOlderMessages, isConversationNotFound, isLoadingOlderMessages, type conversationMachine } from '@machines/conversation-machine';
import { useLanguage } from '@/ui/actor-system';
import { localDigits } from '@/ui/format';
import { BlocksSkeleton, EmptyState, LoadFailure, NotFoundState } from '@/ui/load-states';
import { formatMessageTime, MessageBubble } from '@/ui/chat-message';
import { MessageLog } from './message-log';
import { problemText } from './problem-text';

type ConversationActor = ActorRefFrom<typeof conversationMachine>;

/** One conversation: its messages as a log (older pages on scroll) and the reply box; `onBack` adds a way back to a list. */
export function ConversationView({ conversation, onBack }: { conversation: ConversationActor; onBack?: () => void }) {
  const language = useLanguage();
  const { t, i18n } = useLingui();
  const errorId = useId();
  const page = useSelector(conversation, (snapshot) => snapshot.context.page);
  const messages = useSelector(conversation, (snapshot) => snapshot.context.messages);
  const failure = useSelector(conversation, conversationFailure);
  const notFound = useSelector(conversation, isConversationNotFound);
  const notFoundMessage = useSelector(conversation, (snapshot) => snapshot.context.loadFailure?.message ?? '');
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
  if (notFound) return <NotFoundState message={notFoundMessage} level={2} />;
  return (
    <Stack spacing={1.5} data-testid="conversation-view">
      <Stack direction="row" spacing={1} alignItems="center">
        {onBack ? (
          <Button onClick={onBack} data-testid="conversation-back">
            <Trans>Back to conversations</Trans>
          </Button>
        ) : null}
        <Typography variant="h6" component="h2">
          {localDigits(page?.conversation.title ?? '', language)}
        </Typography>
      </Stack>
      {failure ? <LoadFailure message={failure.message} onRetry={() => conversation.send({ type: 'conversation.retry' })} /> : null}
      {!failure && page === null ? <BlocksSkeleton count={3} height={48} /> : null}
      {page ? (
        <MessageLog
          label={t`Messages of ${localDigits(page.conversation.title, language)}`}
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
