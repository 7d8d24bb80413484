import { Trans, useLingui } from '@lingui/react/macro';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { useSelector } from '@xstate/react';
import { Link as RouterLink } from 'react-router-dom';
import type { ActorRefFrom } from 'xstate';
import type { Conversation } from '@contract/entities/chat';
import { conversationsFailure, isLoadingConversations, type MessagesSnapshot, type messagesMachine } from '@machines/messages-machine';
import { useLanguage } from '@/ui/actor-system';
import { formatNumber, localDigits } from '@/ui/format';
import { BlocksSkeleton, EmptyState, LoadFailure } from '@/ui/load-states';

type MessagesActor = ActorRefFrom<typeof messagesMachine>;

/** Every conversation of the list (/messages). */
export const allConversations = (snapshot: MessagesSnapshot): Conversation[] => snapshot.context.conversations;

/**
 * The user's conversations, newest first, each with its unread count: /messages opens one in place (`onOpen`),
 * /home-4/chat opens its own page (`linkTo`). `select` picks which of the chart's conversations are shown.
 */
export function ConversationList({ actor, select, onOpen, linkTo }: { actor: MessagesActor; select: (snapshot: MessagesSnapshot) => Conversation[]; onOpen?: (conversationId: number) => void; linkTo?: (conversationId: number) => string }) {
  const language = useLanguage();
  const { t } = useLingui();
  const conversations = useSelector(actor, select);
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
          const opening = linkTo ? { component: RouterLink, to: linkTo(conversation.id) } : { onClick: () => onOpen?.(conversation.id) };
          return (
            <ListItemButton
              key={conversation.id}
              {...opening}
              data-testid={`conversation-${conversation.id}`}
              aria-label={conversation.unread_count > 0 ? t`${localDigits(conversation.title, language)}, ${unread} unread` : localDigits(conversation.title, language)}
            >
              <ListItemText primary={localDigits(conversation.title, language)} secondary={conversation.last_message === null ? undefined : localDigits(conversation.last_message, language)} />
              <Badge color="error" badgeContent={conversation.unread_count > 0 ? unread : null} sx={{ mx: 2 }} data-testid="conversation-unread" />
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
