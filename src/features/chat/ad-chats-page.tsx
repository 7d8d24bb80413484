import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { adConversations } from '@machines/messages-machine';
import { SYSTEM_IDS } from '@machines/system';
import { useScreenActor, useSystemActor } from '@/ui/actor-system';
import { PageFrame } from '@/ui/page-frame';
import { ConversationList } from './conversation-list';
import { OfflineNotice } from './offline-notice';

const adChatPath = (conversationId: number) => `/home-4/chat/${conversationId}`;

/**
 * /home-4/chat (login): the user's conversations about ads, as the buyer and as the publisher, newest first with
 * their unread counts, each titled with its ad; one opens at /home-4/chat/:id. The list is the messages chart
 * without the shop's public messages, so the chat's news about a conversation reads it again.
 */
export default function AdChatsPage() {
  const { t } = useLingui();
  const startup = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.conversations);
  const actor = useScreenActor('messages', { conversations: startup, withPublic: false }, 'ad-chats', { systemId: SYSTEM_IDS.messages });
  return (
    <PageFrame title={t`My chats`} testId="ad-chats-page">
      <OfflineNotice />
      {actor ? <ConversationList actor={actor} select={adConversations} linkTo={adChatPath} /> : null}
    </PageFrame>
  );
}
