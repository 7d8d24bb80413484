import type { ChatMessage, Media } from '@contract/entities/chat';
import type { ShopRow, SupportSender } from '../../db/schema';
import { customerAudience, staffAudience } from '../live/audiences';
import { writeAndAnnounce, type LiveWriteDeps } from '../live/announce';
import { toSupportMessage } from './chat-mappers';

/** A message of a customer's support chat with a shop. */
export interface SupportMessageInput {
  shop: ShopRow;
  /** the customer whose chat it is (also for a staff reply) */
  userId: number;
  /** 'user': the customer wrote it; 'shop': a staff reply */
  from: SupportSender;
  name: string;
  /** the text; may be '' for a media message */
  message: string;
  media?: Media | null;
  at?: Date;
}

/**
 * Stores a support message and appends its live events, then announces them once committed
 * (docs/server.md, "Live channel"). The customer's long-polls get `new_support_message` with the
 * message (their other tabs too, for their own messages), the shop's staff (`staffAudience`) get
 * it with the customer's `user_id`. send_message_web calls it inside its transaction (with
 * `afterCommit`); the upload route (media messages) and staff replies (from 'shop') call it with the database.
 * The caller has checked the input (name and message, or media, not blank).
 */
export async function appendSupportMessage(deps: LiveWriteDeps, input: SupportMessageInput): Promise<ChatMessage> {
  const { shop, userId } = input;
  return writeAndAnnounce(deps, async (tx) => {
    const row = await tx.support(userId).insert({
      sender: input.from,
      name: input.name,
      body: input.message,
      media: input.media ?? null,
      at: input.at ?? new Date(),
    });
    const message = toSupportMessage(row);
    const notices = await tx.live.append([
      { audience: customerAudience(shop.id, userId), type: 'new_support_message', payload: { message } },
      { audience: staffAudience(shop.id), type: 'new_support_message', payload: { user_id: userId, message } },
    ]);
    return { result: message, notices };
  });
}
