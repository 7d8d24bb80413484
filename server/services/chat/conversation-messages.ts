import type { ConversationMessage } from '@contract/entities/chat';
import type { ConversationRow, ShopRow } from '../../db/schema';
import { customerAudience, staffAudience } from '../live/audiences';
import { writeAndAnnounce, type LiveWriteDeps } from '../live/announce';
import { toConversationMessage } from './chat-mappers';

/**
 * Stores a message of a conversation and tells both sides `new_message` (the conversation's id),
 * once committed: the user and the peer, or the shop's staff when the peer is the shop. `senderUserId`
 * null is the shop writing (the operator console). The caller has checked that the conversation is
 * the sender's and the text is not blank.
 */
export async function appendConversationMessage(
  deps: LiveWriteDeps,
  input: { shop: ShopRow; conversation: ConversationRow; senderUserId: number | null; text: string; at?: Date },
): Promise<ConversationMessage> {
  const { shop, conversation, senderUserId } = input;
  return writeAndAnnounce(deps, async (tx) => {
    const repository = tx.conversations(senderUserId ?? conversation.userId);
    const row = await repository.insertMessage(conversation.id, input.text, input.at ?? new Date(), { fromShop: senderUserId === null });
    const peer = conversation.peerUserId === null ? staffAudience(shop.id) : customerAudience(shop.id, conversation.peerUserId);
    const payload = { conversation_id: conversation.id };
    const notices = await tx.live.append([
      { audience: customerAudience(shop.id, conversation.userId), type: 'new_message', payload },
      { audience: peer, type: 'new_message', payload },
    ]);
    return { result: toConversationMessage(row, senderUserId ?? -1), notices };
  });
}

