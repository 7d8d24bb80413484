import { createChatRepository } from '../repositories/chat-repository';
import type { Handlers } from './context';

export const chatActions: Handlers<'get_all_conversations'> = {
  async get_all_conversations({ db, shop, user }) {
    const rows = await createChatRepository(db, shop, user.id).conversations();
    const conversations = rows.map((row) => ({
      id: row.id,
      title: row.title,
      unread_count: Number(row.unread),
      last_message: row.last,
      updated_at: row.updatedAt.toISOString(),
    }));
    return { conversations, unread_count: conversations.reduce((sum, conversation) => sum + conversation.unread_count, 0) };
  },
};
