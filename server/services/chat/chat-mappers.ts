import type { ChatMessage, Conversation, ConversationMessage } from '@contract/entities/chat';
import type { ConversationMessageRow, PublicMessageRow, SupportMessageRow } from '../../db/schema';
import type { ConversationSummary } from '../../repositories/conversation-repository';

/** A support message as the contract's ChatMessage; `read` is whether its recipient read it. */
export const toSupportMessage = (row: SupportMessageRow): ChatMessage => ({
  id: row.id,
  type: 'chat',
  from: row.sender,
  name: row.name,
  message: row.body,
  media: row.media ?? null,
  read: row.readAt !== null,
  created_at: row.createdAt.toISOString(),
});

export const toPublicMessage = (row: PublicMessageRow & { read: boolean }): ChatMessage => ({
  id: row.id,
  type: 'public',
  from: 'shop',
  name: row.name,
  message: row.body,
  media: null,
  read: row.read,
  created_at: row.createdAt.toISOString(),
});

export const toConversation = (row: ConversationSummary): Conversation => ({
  id: row.id,
  title: row.title,
  unread_count: row.unread,
  last_message: row.last,
  updated_at: row.updatedAt.toISOString(),
  peer_user_id: row.peerUserId,
  ...(row.starterName === null ? {} : { starter_name: row.starterName }),
});

/** A conversation message as `userId` sees it. */
export const toConversationMessage = (row: ConversationMessageRow, userId: number): ConversationMessage => ({
  id: row.id,
  conversation_id: row.conversationId,
  mine: row.senderUserId === userId,
  text_message: row.body,
  read: row.readAt !== null,
  created_at: row.createdAt.toISOString(),
});

/** The offset of the next (older) page, null when this page reached the end. */
export const nextOffset = (offset: number, shown: number, total: number): number | null => (offset + shown < total && shown > 0 ? offset + shown : null);
