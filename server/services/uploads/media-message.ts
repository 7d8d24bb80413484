import type { ChatMessage, Media } from '@contract/entities/chat';
import type { UploadExtra } from '@contract/endpoints/upload';
import type { UploadRow } from '../../db/schema';
import type { SignedInContext } from '../context';
import type { EventBus } from '../events';

/** What the upload route hands the chat when a media_message picture is stored. */
export interface MediaMessageInput {
  /** the uploader's context; its db and repos are the transaction the upload row was written in */
  context: SignedInContext;
  upload: UploadRow;
  media: Media;
  /** `extra` as parsed by the contract (sender name and caption, both optional) */
  extra: UploadExtra;
  /** set when a staff member sends the picture to the customer's (context.user's) chat: the shop writes, under this name */
  shopSender?: { name: string } | null;
  events: EventBus;
  /** runs `task` once the transaction has committed (publish live events here, never before) */
  afterCommit: (task: () => Promise<void> | void) => void;
}

/**
 * Stores the support message that carries an uploaded picture and returns it (the chat's
 * appendSupportMessage). It runs inside the upload's transaction: if it throws (an ApiError such
 * as chat_name_required), neither the message nor the upload row is kept and the files are removed.
 */
export type MediaMessageHook = (input: MediaMessageInput) => Promise<ChatMessage>;
