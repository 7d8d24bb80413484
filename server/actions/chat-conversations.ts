import { CHAT_ERRORS, CONVERSATION_NO_REPLIES, chatTextProblem } from '@contract/rules/chat';
import { ApiError } from '../errors';
import { translate } from '../i18n/messages';
import { nextOffset, toConversation, toConversationMessage } from '../services/chat/chat-mappers';
import { appendConversationMessage } from '../services/chat/conversation-messages';
import { customerAudience } from '../services/live';
import type { SignedInContext } from './context';
import type { Handlers } from './context';

/** Another user's (or another shop's) conversation is not there: 404, nothing read or written. */
const notFound = (context: SignedInContext) => new ApiError(404, 'not_found', translate(context.language, 'conversation_not_found'));

/** The user's conversations with the shop or with another customer (spec §3, §7). */
export const chatConversationActions: Handlers<'get_all_conversations' | 'get_conversation_messages' | 'send_message_to_conversation' | 'readConversation'> = {
  async get_all_conversations({ repos, user }, { offset, length }) {
    const page = await repos.conversations(user.id).page({ offset, length });
    return { conversations: page.rows.map(toConversation), num_results: page.total, unread_count: page.unread, next_offset: nextOffset(offset, page.rows.length, page.total) };
  },

  async get_conversation_messages(context, { conversation_id, offset, length }) {
    const repository = context.repos.conversations(context.user.id);
    const conversation = await repository.byId(conversation_id);
    if (!conversation) throw notFound(context);
    const page = await repository.messages(conversation.id, { offset, length });
    return {
      conversation: toConversation(conversation),
      messages: page.rows.map((row) => toConversationMessage(row, context.user.id)),
      num_results: page.total,
      next_offset: nextOffset(offset, page.rows.length, page.total),
    };
  },

  async send_message_to_conversation(context, { to, text_message }) {
    const { repos, shop, user, live, afterCommit, clock } = context;
    if (chatTextProblem(text_message)) throw new ApiError(400, CHAT_ERRORS.messageRequired, translate(context.language, 'chat_message_required'));
    const conversation = await repos.conversations(user.id).row(to);
    if (!conversation) throw notFound(context);
    // A conversation with the shop (no peer) has no reader on the shop's side: the console has no
    // conversations yet. Until it does, a reply is refused rather than stored where no one will see it.
    if (conversation.peerUserId === null) throw new ApiError(409, CONVERSATION_NO_REPLIES, translate(context.language, 'conversation_no_replies'));
    return appendConversationMessage({ repos, live, afterCommit }, { shop, conversation, senderUserId: user.id, text: text_message, at: clock() });
  },

  async readConversation(context, { conv_id }) {
    const { repos, shop, user, live, afterCommit, clock } = context;
    const repository = repos.conversations(user.id);
    if (!(await repository.row(conv_id))) throw notFound(context);
    await repository.markRead(conv_id, clock());
    // The customer's other tabs: their polls' unread totals.
    afterCommit(() => live.touch([customerAudience(shop.id, user.id)]));
    return repos.unread(user.id).totals();
  },
};
