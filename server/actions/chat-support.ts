import { CHAT_ERRORS, CHAT_PAGE_LENGTH, MESSAGE_PAGE_LENGTH, supportMessageProblem } from '@contract/rules/chat';
import { ApiError } from '../errors';
import { translate } from '../i18n/messages';
import { createPublicMessageRepository } from '../repositories/public-message-repository';
import { createSupportRepository } from '../repositories/support-repository';
import { createUnreadRepository } from '../repositories/unread-repository';
import { nextOffset, toPublicMessage, toSupportMessage } from '../services/chat/chat-mappers';
import { appendSupportMessage } from '../services/chat/support-messages';
import type { Handlers } from './context';

/** The support chat (type chat) and the shop's public messages (type public): spec §4, §5, §7. */
export const chatSupportActions: Handlers<'get_messages' | 'send_message_web' | 'read_message'> = {
  async get_messages({ db, shop, user }, { type, offset, length }) {
    if (type === 'public') {
      const page = await createPublicMessageRepository(db, shop, user.id).page({ offset, length: length ?? MESSAGE_PAGE_LENGTH });
      return { messages: page.rows.map(toPublicMessage), num_results: page.total, unread_count: page.unread, next_offset: nextOffset(offset, page.rows.length, page.total) };
    }
    const page = await createSupportRepository(db, shop, user.id).page({ offset, length: length ?? CHAT_PAGE_LENGTH });
    return { messages: page.rows.map(toSupportMessage), num_results: page.total, unread_count: page.unread, next_offset: nextOffset(offset, page.rows.length, page.total) };
  },

  async send_message_web({ db, shop, user, language, live, afterCommit, clock }, { name, message }) {
    const problem = supportMessageProblem(name, message);
    if (problem) throw new ApiError(400, problem, translate(language, problem === CHAT_ERRORS.nameRequired ? 'chat_name_required' : 'chat_message_required'));
    return appendSupportMessage({ db, live, afterCommit }, { shop, userId: user.id, from: 'user', name, message, at: clock() });
  },

  async read_message({ db, shop, user, clock }, { type, id }) {
    if (type === 'chat') await createSupportRepository(db, shop, user.id).markRepliesRead(id, clock());
    else await createPublicMessageRepository(db, shop, user.id).markRead(id);
    return createUnreadRepository(db, shop, user.id).totals();
  },
};
