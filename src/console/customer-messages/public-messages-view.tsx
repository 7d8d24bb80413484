import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PublicMessage } from '@contract/console/customer-message-entities';
import { CHAT_MESSAGE_MAX } from '@contract/rules/chat';
import { isLoadingPublicMessages, isWritingPublicMessage } from '@machines/console/public-messages-machine';
import { formatMessageTime } from '@/ui/chat-message';
import { useScreenFlow } from '@/ui/actor-system';
import { ConsoleOutcome } from '../counter/console-outcome';
import { ConsoleList } from '../counter/console-list';
import { useConsoleLanguage } from '../counter/counter-format';
import { counterFlows } from '../live';

type PublicActor = NonNullable<ReturnType<typeof usePublicActor>>;
const usePublicActor = () => useScreenFlow(counterFlows.publicMessages(), undefined, 'public-messages');

/** One message as customers read it, with its edit in place and its delete. */
function MessageCard({ actor, message }: { actor: PublicActor; message: PublicMessage }) {
  const { t } = useLingui();
  const language = useConsoleLanguage();
  const editing = useSelector(actor, (snapshot) => (snapshot.context.editing?.id === message.id ? snapshot.context.editing : null));
  const blank = useSelector(actor, (snapshot) => snapshot.context.problem?.kind === 'blank' && snapshot.context.problem.on === 'edit');
  const canEdit = useSelector(actor, (snapshot) => snapshot.can({ type: 'edit.open', messageId: message.id }));
  const canSave = useSelector(actor, (snapshot) => snapshot.can({ type: 'edit.submit' }));
  const canCancel = useSelector(actor, (snapshot) => snapshot.can({ type: 'edit.cancel' }));
  const canDelete = useSelector(actor, (snapshot) => snapshot.can({ type: 'delete.ask', messageId: message.id }));
  const problemId = useId();
  return (
    <Paper component="article" variant="outlined" aria-label={t`Message of ${formatMessageTime(message.created_at, language)}`} data-testid="public-message" sx={{ p: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {message.name} · <time dateTime={message.created_at}>{formatMessageTime(message.created_at, language)}</time>
      </Typography>
      {editing ? (
        <Box
          component="form"
          aria-label={t`Change the message`}
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'edit.submit' });
          }}
        >
          <TextField
            label={t`Message`}
            value={editing.body}
            onChange={(event) => actor.send({ type: 'edit.change', value: event.target.value })}
            multiline
            minRows={2}
            fullWidth
            error={blank}
            slotProps={{ htmlInput: { maxLength: CHAT_MESSAGE_MAX, 'aria-describedby': blank ? problemId : undefined } }}
          />
          {blank ? (
            <Typography id={problemId} color="error" role="alert" variant="body2">
              <Trans>Write the message.</Trans>
            </Typography>
          ) : null}
          <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
            <Button type="submit" variant="contained" disabled={!canSave}>
              <Trans>Save</Trans>
            </Button>
            <Button disabled={!canCancel} onClick={() => actor.send({ type: 'edit.cancel' })}>
              <Trans>Cancel</Trans>
            </Button>
          </Box>
        </Box>
      ) : (
        <>
          <Typography sx={{ whiteSpace: 'pre-wrap' }} data-testid="public-message-text">
            {message.body}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, mt: 1 }}>
            <Button size="small" disabled={!canEdit} onClick={() => actor.send({ type: 'edit.open', messageId: message.id })}>
              <Trans>Edit</Trans>
            </Button>
            <Button size="small" color="error" disabled={!canDelete} onClick={() => actor.send({ type: 'delete.ask', messageId: message.id })}>
              <Trans>Delete</Trans>
            </Button>
          </Box>
        </>
      )}
    </Paper>
  );
}

/** The shop's public messages: a new one on top, every one customers read in /messages below, each editable. */
export default function PublicMessagesView() {
  const { t } = useLingui();
  const actor = usePublicActor();
  const messages = useSelector(actor, (snapshot) => snapshot?.context.messages ?? []);
  const draft = useSelector(actor, (snapshot) => snapshot?.context.draft ?? '');
  const loading = useSelector(actor, (snapshot) => (snapshot ? isLoadingPublicMessages(snapshot) : true));
  const writing = useSelector(actor, (snapshot) => (snapshot ? isWritingPublicMessage(snapshot) : false));
  const failure = useSelector(actor, (snapshot) => (snapshot?.matches('failed') ? snapshot.context.failure : null));
  const refusal = useSelector(actor, (snapshot) => (snapshot?.context.problem?.kind === 'server' ? snapshot.context.problem.failure : null));
  const blankDraft = useSelector(actor, (snapshot) => snapshot?.context.problem?.kind === 'blank' && snapshot.context.problem.on === 'draft');
  const note = useSelector(actor, (snapshot) => snapshot?.context.note ?? null);
  const asked = useSelector(actor, (snapshot) => snapshot?.context.deleting ?? null);
  const canSend = useSelector(actor, (snapshot) => snapshot?.can({ type: 'draft.submit' }) ?? false);
  const canConfirm = useSelector(actor, (snapshot) => snapshot?.can({ type: 'delete.confirm' }) ?? false);
  const canKeep = useSelector(actor, (snapshot) => snapshot?.can({ type: 'delete.cancel' }) ?? false);
  const problemId = useId();
  const notes = { added: t`The message is published: customers see it in their messages.`, saved: t`The message is changed.`, deleted: t`The message is deleted.` };
  return (
    <Box data-testid="public-messages">
      <Box
        component="form"
        aria-label={t`New public message`}
        sx={{ mb: 3 }}
        onSubmit={(event) => {
          event.preventDefault();
          actor?.send({ type: 'draft.submit' });
        }}
      >
        <TextField
          label={t`A message to every customer`}
          value={draft}
          onChange={(event) => actor?.send({ type: 'draft.edit', value: event.target.value })}
          multiline
          minRows={2}
          fullWidth
          error={blankDraft}
          slotProps={{ htmlInput: { maxLength: CHAT_MESSAGE_MAX, 'aria-describedby': blankDraft ? problemId : undefined, 'data-testid': 'public-draft' } }}
        />
        {blankDraft ? (
          <Typography id={problemId} color="error" role="alert" variant="body2">
            <Trans>Write the message.</Trans>
          </Typography>
        ) : null}
        <Button type="submit" variant="contained" disabled={!canSend} sx={{ mt: 1 }}>
          {writing ? <Trans>Sending…</Trans> : <Trans>Publish</Trans>}
        </Button>
      </Box>
      <ConsoleOutcome note={note ? notes[note] : null} refusal={refusal} />
      <ConsoleList loading={loading} failure={failure} onRetry={() => actor?.send({ type: 'list.retry' })} empty={messages.length === 0 ? t`The shop has no public messages yet.` : null}>
        {actor ? messages.map((message) => <MessageCard key={message.id} actor={actor} message={message} />) : null}
      </ConsoleList>
      <Dialog open={asked !== null} onClose={() => (canKeep ? actor?.send({ type: 'delete.cancel' }) : undefined)} aria-labelledby={`${problemId}-delete`}>
        <DialogTitle id={`${problemId}-delete`}>
          <Trans>Delete this message? Customers will no longer see it.</Trans>
        </DialogTitle>
        <DialogActions>
          <Button disabled={!canKeep} onClick={() => actor?.send({ type: 'delete.cancel' })}>
            <Trans>Keep it</Trans>
          </Button>
          <Button color="error" variant="contained" disabled={!canConfirm} onClick={() => actor?.send({ type: 'delete.confirm' })}>
            <Trans>Delete</Trans>
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
