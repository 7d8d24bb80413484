import { CHAT_ERRORS, CHAT_PAGE_LENGTH, MESSAGE_PAGE_LENGTH, supportMessageProblem } from '@contract/rules/chat';
import { ApiError } from '../errors';
import { translate } from '../i18n/messages';
import { nextOffset, toPublicMessage, toSupportMessage } from '../services/chat/chat-mappers';
import { appendSupportMessage } from '../services/chat/support-messages';
import { customerAudience } from '../services/live';
import type { Handlers } from './context';

/** The support chat (type chat) and the shop's public messages (type public): spec §4, §5, §7. */
export const chatSupportActions: Handlers<'get_messages' | 'send_message_web' | 'read_message'> = {
  async get_messages({ repos, user }, { type, offset, length }) {
    if (type === 'public') {
      const page = await repos.publicMessages(user.id).page({ offset, length: length ?? MESSAGE_PAGE_LENGTH });
      return { messages: page.rows.map(toPublicMessage), num_results: page.total, unread_count: page.unread, next_offset: nextOffset(offset, page.rows.length, page.total) };
    }
    const page = await repos.support(user.id).page({ offset, length: length ?? CHAT_PAGE_LENGTH });
    return { messages: page.rows.map(toSupportMessage), num_results: page.total, unread_count: page.unread, next_offset: nextOffset(offset, page.rows.length, page.total) };
  },

  async send_message_web({ repos, shop, user, language, live, afterCommit, clock }, { name, message }) {
    const problem = supportMessageProblem(name, message);
    if (problem) throw new ApiError(400, problem, translate(language, problem === CHAT_ERRORS.nameRequired ? 'chat_name_required' : 'chat_message_required'));
    return appendSupportMessage({ repos, live, afterCommit }, { shop, userId: user.id, from: 'user', name, message, at: clock() });
  },

  async read_message({ repos, shop, user, live, afterCommit, clock }, { type, id }) {
    if (type === 'chat') await repos.support(user.id).markRepliesRead(id, clock());
    else await repos.publicMessages(user.id).markRead(id);
    // The customer's other tabs: their polls' unread totals.
    afterCommit(() => live.touch([customerAudience(shop.id, user.id)]));
    return repos.unread(user.id).totals();
  },
};
