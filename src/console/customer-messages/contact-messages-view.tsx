import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ContactMessage, ContactState } from '@contract/console/customer-message-entities';
import { formatNumber, localDigits } from '@contract/numbers';
import { contactFailure, isLoadingContact, isLoadingMoreContact } from '@machines/console/contact-messages-machine';
import { formatMessageTime } from '@/ui/chat-message';
import { useScreenFlow } from '@/ui/actor-system';
import { ConsoleList } from '../counter/console-list';
import { failureText, useConsoleLanguage } from '../counter/counter-format';
import { counterFlows } from '../live';

type ContactActor = NonNullable<ReturnType<typeof useContactActor>>;
const useContactActor = () => useScreenFlow(counterFlows.contactMessages(), undefined, 'contact-messages');

/** One message: who, how to answer them (their phone's SMS or call, their email), and its read and done marks. */
function MessageCard({ actor, message }: { actor: ContactActor; message: ContactMessage }) {
  const { t } = useLingui();
  const language = useConsoleLanguage();
  const canMark = useSelector(actor, (snapshot) => snapshot.can({ type: 'contact.mark', message_id: message.id }));
  const mark = (change: { read?: 0 | 1; done?: 0 | 1 }) => actor.send({ type: 'contact.mark', message_id: message.id, ...change });
  return (
    <Paper component="article" variant="outlined" aria-label={t`Message from ${message.name}`} data-testid="contact-message" sx={{ p: 2, borderInlineStart: message.read ? undefined : 4, borderInlineStartColor: 'primary.main' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography component="h2" sx={{ fontWeight: message.read ? 400 : 700 }}>
          {message.name}
        </Typography>
        {message.read ? null : <Chip size="small" color="primary" label={t`New`} />}
        <Typography variant="body2" color="text.secondary" sx={{ marginInlineStart: 'auto' }}>
          <time dateTime={message.created_at}>{formatMessageTime(message.created_at, language)}</time>
        </Typography>
      </Box>
      <Typography sx={{ whiteSpace: 'pre-wrap', mb: 1 }} data-testid="contact-message-text">
        {message.message}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        <bdi dir="ltr">{localDigits(message.phone, language)}</bdi>
        {message.email ? (
          <>
            {' · '}
            <bdi dir="ltr">{message.email}</bdi>
          </>
        ) : null}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {/* The reply leaves from the staff member's own phone or mail: the shop's SMS line sends only approved templates. */}
        <Button size="small" variant="outlined" href={`sms:${message.phone}`}>
          <Trans>Reply by SMS</Trans>
        </Button>
        <Button size="small" variant="outlined" href={`tel:${message.phone}`}>
          <Trans>Call</Trans>
        </Button>
        {message.email ? (
          <Button size="small" variant="outlined" href={`mailto:${message.email}`}>
            <Trans>Email</Trans>
          </Button>
        ) : null}
        <Button size="small" disabled={!canMark} onClick={() => mark({ read: message.read ? 0 : 1 })}>
          {message.read ? <Trans>Mark unread</Trans> : <Trans>Mark read</Trans>}
        </Button>
        <Button size="small" variant="contained" disabled={!canMark} onClick={() => mark(message.done ? { done: 0 } : { done: 1, read: 1 })}>
          {message.done ? <Trans>Open again</Trans> : <Trans>Done</Trans>}
        </Button>
      </Box>
    </Paper>
  );
}

/** The contact form's messages: the open ones to answer, or those done; unread ones stand out. */
export default function ContactMessagesView() {
  const { t, i18n } = useLingui();
  const language = useConsoleLanguage();
  const actor = useContactActor();
  const state = useSelector(actor, (snapshot) => snapshot?.context.state ?? 'open');
  const messages = useSelector(actor, (snapshot) => snapshot?.context.messages ?? []);
  const unread = useSelector(actor, (snapshot) => snapshot?.context.unread ?? 0);
  const loading = useSelector(actor, (snapshot) => (snapshot ? isLoadingContact(snapshot) : true));
  const loadingMore = useSelector(actor, (snapshot) => (snapshot ? isLoadingMoreContact(snapshot) : false));
  const failure = useSelector(actor, (snapshot) => (snapshot ? contactFailure(snapshot) : null));
  const refusal = useSelector(actor, (snapshot) => snapshot?.context.refusal ?? null);
  const canMore = useSelector(actor, (snapshot) => snapshot?.can({ type: 'contact.more' }) ?? false);
  return (
    <Box data-testid="contact-messages">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={state}
          aria-label={t`Which messages`}
          onChange={(_, next: ContactState | null) => (next ? actor?.send({ type: 'contact.state', state: next }) : undefined)}
        >
          <ToggleButton value="open">{t`To answer`}</ToggleButton>
          <ToggleButton value="done">{t`Done`}</ToggleButton>
        </ToggleButtonGroup>
        <Typography role="status" data-testid="contact-unread">
          {unread > 0 ? t`${formatNumber(unread, language)} unread` : t`Nothing unread`}
        </Typography>
      </Box>
      {refusal ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failureText(refusal, i18n)}
        </Alert>
      ) : null}
      <ConsoleList loading={loading} failure={failure} onRetry={() => actor?.send({ type: 'contact.retry' })} empty={messages.length === 0 ? (state === 'open' ? t`No message waits for an answer.` : t`No message is marked done.`) : null}>
        {actor ? messages.map((message) => <MessageCard key={message.id} actor={actor} message={message} />) : null}
      </ConsoleList>
      {canMore || loadingMore ? (
        <Button sx={{ mt: 2 }} disabled={!canMore} onClick={() => actor?.send({ type: 'contact.more' })}>
          <Trans>More</Trans>
        </Button>
      ) : null}
    </Box>
  );
}
