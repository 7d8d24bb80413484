import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useCallback, useId, useMemo, useRef, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { UPLOAD_MIME_TYPES } from '@contract/rules/chat';
import type { ChatMessage } from '@contract/entities/chat';
import {
  hasOlder,
  isEmpty,
  isLoadingList,
  isLoadingOlder,
  isSending,
  isUploading,
  listFailure,
  oldestFirst,
  uploadPercent,
  type supportChatMachine,
} from '@machines/support-chat-machine';
import { SYSTEM_IDS } from '@machines/system';
import { useLanguage, useSystemActor, useScreenActor } from '@/ui/actor-system';
import { formatNumber } from '@/ui/format';
import { BlocksSkeleton, EmptyState, LoadFailure } from '@/ui/load-states';
import { PageFrame } from '@/ui/page-frame';
import { ChatMessageBubble } from '@/ui/chat-message';
import { MessageLog } from './message-log';
import { OfflineNotice } from './offline-notice';
import { problemText } from './problem-text';

type SupportChatActor = ActorRefFrom<typeof supportChatMachine>;

function SupportMessage({ message }: { message: ChatMessage }) {
  const language = useLanguage();
  const { t } = useLingui();
  const mine = message.from === 'user';
  return (
    <ChatMessageBubble
      message={message}
      mine={mine}
      sender={mine ? message.name : t`Support`}
      language={language}
      pictureAlt={t`Picture sent in the chat`}
      testId={`support-message-${message.id}`}
    />
  );
}

function SupportList({ actor }: { actor: SupportChatActor }) {
  const { t } = useLingui();
  const messages = useSelector(actor, (snapshot) => snapshot.context.messages);
  const loading = useSelector(actor, isLoadingList);
  const failure = useSelector(actor, listFailure);
  const empty = useSelector(actor, isEmpty);
  const older = useSelector(actor, hasOlder);
  const loadingOlder = useSelector(actor, isLoadingOlder);
  const shown = useMemo(() => oldestFirst(messages), [messages]);
  const askOlder = useCallback(() => actor.send({ type: 'support.older' }), [actor]);
  if (failure) return <LoadFailure message={failure.message} onRetry={() => actor.send({ type: 'support.retry' })} />;
  if (loading && messages.length === 0) return <BlocksSkeleton count={3} height={56} />;
  return (
    <MessageLog
      label={t`Support messages`}
      testId="support-messages"
      oldestId={shown[0]?.id ?? null}
      newestId={shown.at(-1)?.id ?? null}
      hasOlder={older}
      loadingOlder={loadingOlder}
      onOlder={askOlder}
    >
      {empty ? (
        <EmptyState>
          <Trans>No message</Trans>
        </EmptyState>
      ) : (
        shown.map((message) => <SupportMessage key={message.id} message={message} />)
      )}
    </MessageLog>
  );
}

function SupportComposer({ actor }: { actor: SupportChatActor }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const errorId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const name = useSelector(actor, (snapshot) => snapshot.context.name);
  const text = useSelector(actor, (snapshot) => snapshot.context.text);
  const file = useSelector(actor, (snapshot) => snapshot.context.file);
  const problem = useSelector(actor, (snapshot) => snapshot.context.problem);
  const sending = useSelector(actor, isSending);
  const uploading = useSelector(actor, isUploading);
  const percent = useSelector(actor, uploadPercent);
  const canSend = useSelector(actor, (snapshot) => snapshot.can({ type: 'support.send' }));
  const canSendPicture = useSelector(actor, (snapshot) => snapshot.can({ type: 'support.sendPicture' }));
  // The picture is picked or removed while nothing is on its way (a text's send clears it when it is done).
  const canPickFile = useSelector(actor, (snapshot) => snapshot.can({ type: 'support.file', file: null }));
  const message = problem ? problemText(i18n, problem) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'support.send' });
  };
  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t`Write to support`} data-testid="support-composer">
      <Stack spacing={1.5}>
        <TextField
          label={t`Your name`}
          value={name}
          onChange={(event) => actor.send({ type: 'support.name', name: event.target.value })}
          required
          autoComplete="name"
          slotProps={{ htmlInput: { 'data-testid': 'support-name', 'aria-describedby': message ? errorId : undefined } }}
        />
        <TextField
          label={t`Message`}
          value={text}
          onChange={(event) => actor.send({ type: 'support.text', text: event.target.value })}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { 'data-testid': 'support-text', 'aria-describedby': message ? errorId : undefined } }}
        />
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
          <input
            ref={fileInput}
            type="file"
            accept={UPLOAD_MIME_TYPES.join(',')}
            hidden
            data-testid="support-file"
            onChange={(event) => {
              actor.send({ type: 'support.file', file: event.target.files?.[0] ?? null });
              event.target.value = '';
            }}
          />
          <Button variant="outlined" onClick={() => fileInput.current?.click()} disabled={!canPickFile}>
            <Trans>Attach picture</Trans>
          </Button>
          {file ? (
            <>
              <Typography variant="body2" data-testid="support-file-name">
                <bdi>{file.name}</bdi>
              </Typography>
              <Button size="small" onClick={() => actor.send({ type: 'support.file', file: null })} disabled={!canPickFile} aria-label={t`Remove the picture ${file.name}`}>
                <Trans>Remove</Trans>
              </Button>
            </>
          ) : null}
        </Stack>
        {message ? (
          <Alert severity="error" role="alert" id={errorId} data-testid="support-error">
            {message}
          </Alert>
        ) : null}
        {uploading ? (
          <Stack direction="row" spacing={1} alignItems="center" data-testid="upload-progress">
            <LinearProgress
              variant="determinate"
              value={percent ?? 0}
              aria-label={t`Sending the picture`}
              aria-valuetext={`${formatNumber(percent ?? 0, language)}%`}
              sx={{ flexGrow: 1 }}
            />
            <Typography variant="caption">
              <bdi>{formatNumber(percent ?? 0, language)}%</bdi>
            </Typography>
            <Button size="small" color="inherit" onClick={() => actor.send({ type: 'support.cancel' })} data-testid="upload-cancel">
              <Trans>Cancel</Trans>
            </Button>
          </Stack>
        ) : null}
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" disabled={!canSend} data-testid="support-send">
            {sending ? <Trans>Sending…</Trans> : <Trans>Send</Trans>}
          </Button>
          <Button variant="outlined" onClick={() => actor.send({ type: 'support.sendPicture' })} disabled={!canSendPicture} data-testid="support-send-picture">
            <Trans>Send picture</Trans>
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/** /support: the support chat (login required), a chart of its own while the page shows; the chat appends the shop's replies. */
export default function SupportPage() {
  const { t } = useLingui();
  const userName = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.user?.name ?? '');
  const actor = useScreenActor('supportChat', { name: userName }, 'support', { systemId: SYSTEM_IDS.supportChat });
  return (
    <PageFrame title={t`Support`} testId="support-page">
      <OfflineNotice />
      {actor ? (
        <>
          <SupportList actor={actor} />
          <SupportComposer actor={actor} />
        </>
      ) : null}
    </PageFrame>
  );
}
