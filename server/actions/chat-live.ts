import type { ChatMessage, LiveEvent } from '@contract/entities/chat';
import { createLiveRepository, type StoredLiveEvent } from '../repositories/live-repository';
import { customerAudiences, holdForNews } from '../services/live';
import type { Handlers } from './context';

/** A stored event as the contract's LiveEvent; a type the customer's client does not know is left out (its id still moves the cursor). */
function toLiveEvent(event: StoredLiveEvent): LiveEvent[] {
  if (event.type === 'new_support_message') return [{ id: event.id, type: 'new_support_message', message: event.payload.message as ChatMessage }];
  if (event.type === 'new_message') {
    const conversationId = event.payload.conversation_id;
    return [{ id: event.id, type: 'new_message', conversation_id: typeof conversationId === 'number' ? conversationId : null }];
  }
  return [];
}

/** Spec §7's long poll (docs/server.md, "Live channel"). */
export const chatLiveActions: Handlers<'longpull'> = {
  async longpull({ db, shop, user, live, http }, { count }) {
    const audiences = customerAudiences(shop.id, user.id);
    const log = createLiveRepository(db, shop);
    // A first connection (0) or a cursor past the shop's newest event (a database started afresh) answers at once with the head.
    const restart = (head: number) => count === 0 || count > head;
    const answer = await holdForNews(live, {
      audiences,
      read: () => log.read(audiences, count, user.id),
      hasNews: (read) => restart(read.head) || read.events.length > 0,
      signal: http.disconnected,
    });
    const cursor = restart(answer.head) ? answer.head : (answer.events.at(-1)?.id ?? count);
    return { count: cursor, events: answer.events.flatMap(toLiveEvent), unread: answer.unread };
  },
};
