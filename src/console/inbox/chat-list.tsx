import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { formatNumber, localDigits } from '@contract/numbers';
import { chatsFailure, isLoadingChats } from '@machines/console/inbox-machine';
import { useSystemActor } from '@/ui/actor-system';
import type { ConsoleSystemActors } from '@machines/console/console-machine';

type InboxActor = ConsoleSystemActors['inbox'];
import { formatMessageTime } from '@/ui/chat-message';

/** The customers' chats, the newest message first, each with its unread count; choosing one opens it. */
export function ChatList({ actor }: { actor: InboxActor }) {
  const { t } = useLingui();
  const language = useSelector(useSystemActor('console'), (snapshot) => snapshot.context.language);
  const chats = useSelector(actor, (snapshot) => snapshot.context.chats);
  const openUserId = useSelector(actor, (snapshot) => snapshot.context.openUserId);
  const unread = useSelector(actor, (snapshot) => snapshot.context.unread);
  const loading = useSelector(actor, isLoadingChats);
  const failure = useSelector(actor, chatsFailure);
  const canMore = useSelector(actor, (snapshot) => snapshot.can({ type: 'inbox.more' }));
  const canRetry = useSelector(actor, (snapshot) => snapshot.can({ type: 'inbox.retry' }));

  return (
    <Box component="section" aria-labelledby="inbox-chats-title" sx={{ width: { md: 320 }, flexShrink: 0, borderInlineEnd: { md: 1 }, borderColor: { md: 'divider' } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 2 }}>
        <Typography id="inbox-chats-title" component="h1" variant="h6" sx={{ fontWeight: 700, flexGrow: 1 }}>
          <Trans>Support inbox</Trans>
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="inbox-total-unread" aria-live="polite">
          <Trans>Unread: {formatNumber(unread, language)}</Trans>
        </Typography>
      </Box>
      {loading ? <CircularProgress aria-label={t`Loading…`} sx={{ display: 'block', mx: 'auto', my: 4 }} /> : null}
      {failure ? (
        <Box role="alert" sx={{ p: 2 }}>
          <Typography sx={{ mb: 1 }}>{failure.message || t`The server could not be reached; check the connection and try again.`}</Typography>
          <Button onClick={() => actor.send({ type: 'inbox.retry' })} disabled={!canRetry}>
            <Trans>Try again</Trans>
          </Button>
        </Box>
      ) : null}
      {!loading && !failure && chats.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2 }} data-testid="inbox-empty">
          <Trans>No customer has written yet.</Trans>
        </Typography>
      ) : null}
      <List data-testid="inbox-chats" aria-label={t`Customers' chats`}>
        {chats.map((chat) => {
          const preview = chat.last_message ? localDigits(chat.last_message, language) : chat.last_has_media ? t`Picture` : '';
          return (
            <li key={chat.user_id}>
              <ListItemButton
                selected={chat.user_id === openUserId}
                aria-current={chat.user_id === openUserId ? 'true' : undefined}
                onClick={() => actor.send({ type: 'inbox.open', userId: chat.user_id })}
                data-testid={`inbox-chat-${chat.user_id}`}
              >
                <ListItemText
                  primary={chat.name || localDigits(chat.mobile, language)}
                  secondary={
                    <>
                      <Box component="span" sx={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                        {chat.last_from === 'shop' ? t`You: ${preview}` : preview}
                      </Box>
                      <time dateTime={chat.last_at}>{formatMessageTime(chat.last_at, language)}</time>
                    </>
                  }
                />
                {chat.unread > 0 ? (
                  <Badge
                    color="error"
                    badgeContent={formatNumber(chat.unread, language)}
                    aria-label={t`${formatNumber(chat.unread, language)} unread`}
                    data-testid={`inbox-unread-${chat.user_id}`}
                    sx={{ mx: 2 }}
                  />
                ) : null}
              </ListItemButton>
            </li>
          );
        })}
      </List>
      {canMore ? (
        <Box sx={{ p: 1, textAlign: 'center' }}>
          <Button onClick={() => actor.send({ type: 'inbox.more' })}>
            <Trans>More chats</Trans>
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
