import { CHAT_ERRORS } from '@contract/rules/chat';
import { ApiError } from '../../errors';
import { translate } from '../../i18n/messages';
import type { MediaMessageHook } from '../uploads/media-message';
import { appendSupportMessage } from './support-messages';

/**
 * The upload route's media_message: the picture goes to the customer's support chat as a
 * message (spec §7), sent by `extra.name` or else the account's name, with `extra.message` as its
 * caption. Inside the upload's transaction, so a refusal keeps neither the message nor the upload.
 */
export const supportMediaMessage: MediaMessageHook = async ({ context, media, extra, shopSender }) => {
  const { repos, live, afterCommit, shop, user, language, clock } = context;
  // A staff member's picture (the console): the shop's reply in the customer's chat.
  if (shopSender) return appendSupportMessage({ repos, live, afterCommit }, { shop, userId: user.id, from: 'shop', name: shopSender.name, message: extra.message ?? '', media, at: clock() });
  const name = extra.name?.trim() || user.name?.trim() || '';
  if (name === '') throw new ApiError(400, CHAT_ERRORS.nameRequired, translate(language, 'chat_name_required'));
  return appendSupportMessage({ repos, live, afterCommit }, { shop, userId: user.id, from: 'user', name, message: extra.message ?? '', media, at: clock() });
};
