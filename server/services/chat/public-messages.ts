import type { ChatMessage } from '@contract/entities/chat';
import type { ShopRow } from '../../db/schema';
import { publicAudience } from '../live/audiences';
import { writeAndAnnounce, type LiveWriteDeps } from '../live/announce';
import { toPublicMessage } from './chat-mappers';

/**
 * Posts a public message of the shop (the operator console) and tells every customer's long-poll
 * at the shop `new_message` with conversation_id null, so their unread totals are read again.
 */
export async function appendPublicMessage(deps: LiveWriteDeps, input: { shop: ShopRow; name: string; message: string; at?: Date }): Promise<ChatMessage> {
  return writeAndAnnounce(deps, async (tx) => {
    const row = await tx.shopMessages.insert({ name: input.name, body: input.message, at: input.at ?? new Date() });
    const notices = await tx.live.append([{ audience: publicAudience(input.shop.id), type: 'new_message', payload: { conversation_id: null } }]);
    return { result: toPublicMessage({ ...row, read: false }), notices };
  });
}
