import { useLayoutEffect, useMemo, useRef } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ChatMessage } from '@contract/entities/chat';
import { CHAT_MESSAGE_MAX } from '@contract/rules/chat';
import { formatNumber, localDigits } from '@contract/numbers';
import { chatFailure, isLoadingChat, isSendingReply, isUploadingPicture, replyUploadPercent } from '@machines/console/inbox-machine';
import { useSystemActor } from '@/ui/actor-system';
import type { ConsoleSystemActors } from '@machines/console/console-machine';

type InboxActor = ConsoleSystemActors['inbox'];
import { ChatMessageBubble } from '@/ui/chat-message';
import { UploadButton } from '../catalog/upload-button';
import { replyProblemText } from './inbox-format';

/** One message: the shop's on the end side, the customer's on the start side (mirrored in RTL); a picture links to its full size. */
function Message({ message }: { message: ChatMessage }) {
  const { t } = useLingui();
  const language = useSelector(useSystemActor('console'), (snapshot) => snapshot.context.language);
  return (
    <ChatMessageBubble
      message={message}
      mine={message.from === 'shop'}
      sender={message.name}
      language={language}
      pictureAlt={t`Picture sent in the chat`}
      testId={`inbox-message-${message.id}`}
      pictureTestId="inbox-message-picture"
    />
  );
}

/** The conversation, oldest at the top, announced to screen readers as a log; a new message scrolls to the bottom. */
function Conversation({ actor }: { actor: InboxActor }) {
  const { t } = useLingui();
  const messages = useSelector(actor, (snapshot) => snapshot.context.messages);
  const canOlder = useSelector(actor, (snapshot) => snapshot.can({ type: 'chat.older' }));
  const loadingOlder = useSelector(actor, (snapshot) => snapshot.matches({ chat: 'loadingOlder' }));
  const shown = useMemo(() => [...messages].reverse(), [messages]);
  const box = useRef<HTMLDivElement>(null);
  const newestId = messages[0]?.id ?? null;
  useLayoutEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [newestId]);
  // Opened (each chat mounts anew): on a phone the chat sits below the list, so the page too brings the log's end into view.
  useLayoutEffect(() => {
    box.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <Box
      ref={box}
      role="log"
      aria-live="polite"
      aria-label={t`Messages`}
      aria-busy={loadingOlder}
      tabIndex={0}
      data-testid="inbox-messages"
      sx={{ flexGrow: 1, minHeight: 200, maxHeight: '60vh', overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 1, p: 1, border: 1, borderColor: 'divider', borderRadius: 2 }}
    >
      {canOlder || loadingOlder ? (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Button size="small" onClick={() => actor.send({ type: 'chat.older' })} disabled={!canOlder} startIcon={loadingOlder ? <CircularProgress size={16} /> : null}>
            <Trans>Older messages</Trans>
          </Button>
        </Box>
      ) : null}
      {shown.length === 0 ? (
        <Typography color="text.secondary" sx={{ m: 'auto' }}>
          <Trans>no message</Trans>
        </Typography>
      ) : null}
      {shown.map((message) => (
        <Message key={message.id} message={message} />
      ))}
    </Box>
  );
}

/** The reply box: a text reply (Enter with Ctrl or ⌘ sends) or a picture, each button asking the chart. */
function ReplyBox({ actor }: { actor: InboxActor }) {
  const { t, i18n } = useLingui();
  const language = useSelector(useSystemActor('console'), (snapshot) => snapshot.context.language);
  const text = useSelector(actor, (snapshot) => snapshot.context.text);
  const file = useSelector(actor, (snapshot) => snapshot.context.file);
  const problem = useSelector(actor, (snapshot) => snapshot.context.problem);
  const sending = useSelector(actor, isSendingReply);
  const uploading = useSelector(actor, isUploadingPicture);
  const percent = useSelector(actor, replyUploadPercent);
  const canSend = useSelector(actor, (snapshot) => snapshot.can({ type: 'reply.send' }));
  const canSendPicture = useSelector(actor, (snapshot) => snapshot.can({ type: 'reply.sendPicture' }));
  const canCancel = useSelector(actor, (snapshot) => snapshot.can({ type: 'reply.cancel' }));
  const canPickFile = useSelector(actor, (snapshot) => snapshot.can({ type: 'reply.file', file: null }));
  const send = () => actor.send({ type: 'reply.send' });
  return (
    <Box
      component="form"
      aria-label={t`Reply`}
      data-testid="inbox-composer"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
      sx={{ display: 'grid', gap: 1, mt: 1 }}
    >
      <TextField
        label={t`Your reply`}
        value={text}
        onChange={(event) => actor.send({ type: 'reply.text', text: event.target.value })}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            send();
          }
        }}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: CHAT_MESSAGE_MAX, 'data-testid': 'inbox-reply-text' } }}
        disabled={sending || uploading}
      />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button type="submit" variant="contained" disabled={!canSend || sending || uploading} data-testid="inbox-reply-send">
          {sending ? <Trans>Sending…</Trans> : <Trans>Send</Trans>}
        </Button>
        <UploadButton disabled={uploading || !canPickFile} testId="inbox-reply-file" onFile={(picked) => actor.send({ type: 'reply.file', file: picked })}>
          <Trans>Choose a picture</Trans>
        </UploadButton>
        {file ? (
          <Typography variant="body2" noWrap sx={{ maxWidth: 200 }} data-testid="inbox-reply-file-name">
            {file.name}
          </Typography>
        ) : null}
        <Button
          variant="outlined"
          onClick={() => actor.send({ type: 'reply.sendPicture' })}
          disabled={!canSendPicture || uploading || sending}
          data-testid="inbox-reply-send-picture"
        >
          <Trans>Send picture</Trans>
        </Button>
        {uploading ? (
          <Button onClick={() => actor.send({ type: 'reply.cancel' })} disabled={!canCancel}>
            <Trans>Cancel</Trans>
          </Button>
        ) : null}
      </Box>
      {percent !== null ? (
        <Box data-testid="inbox-upload-progress">
          <LinearProgress variant="determinate" value={percent} aria-label={t`Sending the picture: ${formatNumber(percent, language)}%`} />
        </Box>
      ) : null}
      {problem ? (
        <Typography role="alert" color="error" data-testid="inbox-reply-problem">
          {replyProblemText(problem, i18n)}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The open chat: who it is with, the conversation, the reply box. */
export function ChatView({ actor }: { actor: InboxActor }) {
  const { t } = useLingui();
  const language = useSelector(useSystemActor('console'), (snapshot) => snapshot.context.language);
  const open = useSelector(actor, (snapshot) => snapshot.context.openUserId !== null);
  const customer = useSelector(actor, (snapshot) => snapshot.context.customer);
  const loading = useSelector(actor, isLoadingChat);
  const failure = useSelector(actor, chatFailure);
  const canRetry = useSelector(actor, (snapshot) => snapshot.can({ type: 'chat.retry' }));
  if (!open) {
    return (
      <Box sx={{ flexGrow: 1, display: 'grid', placeItems: 'center', p: 4 }}>
        <Typography color="text.secondary" data-testid="inbox-no-chat">
          <Trans>Choose a chat to read and answer it.</Trans>
        </Typography>
      </Box>
    );
  }
  return (
    <Box component="section" aria-labelledby="inbox-chat-title" sx={{ flexGrow: 1, minWidth: 0, p: 2, display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 2, mb: 1 }}>
        <Typography id="inbox-chat-title" component="h2" variant="h6" sx={{ fontWeight: 700 }} data-testid="inbox-customer-name">
          {customer ? customer.name || t`Customer` : ''}
        </Typography>
        {customer ? (
          <Typography component="p" variant="body2" color="text.secondary" dir="ltr">
            {localDigits(customer.mobile, language)}
          </Typography>
        ) : null}
        <Box sx={{ flexGrow: 1 }} />
        <Button size="small" onClick={() => actor.send({ type: 'inbox.close' })}>
          <Trans>Close</Trans>
        </Button>
      </Box>
      {loading ? <CircularProgress aria-label={t`Loading…`} sx={{ display: 'block', mx: 'auto', my: 4 }} /> : null}
      {failure ? (
        <Box role="alert">
          <Typography sx={{ mb: 1 }}>{failure.message || t`The server could not be reached; check the connection and try again.`}</Typography>
          <Button onClick={() => actor.send({ type: 'chat.retry' })} disabled={!canRetry}>
            <Trans>Try again</Trans>
          </Button>
        </Box>
      ) : null}
      {!loading && !failure ? (
        <>
          <Conversation actor={actor} />
          <ReplyBox actor={actor} />
        </>
      ) : null}
    </Box>
  );
}
