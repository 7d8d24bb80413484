import { HTTP_TIMEOUT_MS, TEXT_MAX } from './limits';
import type { CodeArea } from './shop-access';

/**
 * Chat, messages and uploads: the constants both ends use (spec §5, §9). The SPA checks a
 * message before sending with the same rules the server enforces.
 */

/** Spec §9: a page of the support chat holds 7 messages. */
export const CHAT_PAGE_LENGTH = 7;
/** Public messages and conversation messages: entries per page. */
export const MESSAGE_PAGE_LENGTH = 20;
/** Conversations per page of get_all_conversations. */
export const CONVERSATION_PAGE_LENGTH = 20;
/** Spec §9: send_message_web's `type` for a message typed on the web. */
export const WEB_MESSAGE_TYPE = 20;

/** Longest text of one chat message, in characters. */
export const CHAT_MESSAGE_MAX = 2000;

/**
 * How long the server holds a long-poll with nothing to say before it answers empty. Well under
 * the client's 65 s timeout, so proxies that cut idle requests at 30 s never see one.
 */
export const LONGPOLL_HOLD_MS = 25_000;
/**
 * Each hold is shortened by up to this share of LONGPOLL_HOLD_MS, at random: polls opened together (after a restart or
 * a network blip) would otherwise end and come back together, every one reading the database at the same moment.
 */
export const LONGPOLL_HOLD_JITTER = 0.2;
/** The shortest hold a server may be set to: below it, idle clients poll in a tight loop. */
export const LONGPOLL_HOLD_MIN_MS = 1_000;
/** The longest: the answer must reach the client well before its HTTP_TIMEOUT_MS aborts the poll. */
export const LONGPOLL_HOLD_MAX_MS = HTTP_TIMEOUT_MS - 10_000;

/** Spec §5: the chat's refusals, word for word in Persian. The server sends the same `result`. */
export const CHAT_ERRORS = {
  /** 'نام کاربر نباید خالی باشد' */
  nameRequired: 'chat_name_required',
  /** 'لطفا پیام خود را وارد کنید' */
  messageRequired: 'chat_message_required',
  /** 'لطفا فایل خود را انتخاب کنید' */
  fileRequired: 'chat_file_required',
  /** 'unauthorized file type' */
  fileType: 'unauthorized_file_type',
  /** 'unauthorized file size' */
  fileSize: 'unauthorized_file_size',
} as const;

/** The upload endpoint's kinds (spec §7); shop_picture is the owner's catalog or content picture (a staff upload, issue 32). */
export const UPLOAD_TYPES = ['media_message', 'ad_picture', 'shop_picture'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** Picture formats accepted, by their magic bytes (never by name or declared type). */
export const UPLOAD_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type UploadMimeType = (typeof UPLOAD_MIME_TYPES)[number];

/**
 * Per kind: the largest file in bytes, and the most pixels a picture may decode to (a
 * decompression bomb of a small PNG stops here, before it is decoded).
 */
export const UPLOAD_LIMITS: Record<UploadType, { maxBytes: number; maxPixels: number }> = {
  media_message: { maxBytes: 8 * 1024 * 1024, maxPixels: 40_000_000 },
  ad_picture: { maxBytes: 5 * 1024 * 1024, maxPixels: 40_000_000 },
  shop_picture: { maxBytes: 8 * 1024 * 1024, maxPixels: 40_000_000 },
};

/** Stored pictures fit in this many pixels on their long side; thumbnails in THUMBNAIL_EDGE. */
export const PICTURE_EDGE = 1600;
export const THUMBNAIL_EDGE = 320;

/** The largest file of any kind: the upload is read up to this while its `type` field is not yet known. */
export const UPLOAD_MAX_BYTES = Math.max(...Object.values(UPLOAD_LIMITS).map((limit) => limit.maxBytes));

/**
 * The upload request's whole body: the largest file and its few text fields (at most
 * MULTIPART_FIELD_BYTES each) with room to spare. Above the API's BODY_LIMIT_BYTES, for this route only.
 */
export const UPLOAD_BODY_LIMIT_BYTES = UPLOAD_MAX_BYTES + 128 * 1024;

/**
 * Longest raw JSON of the upload's `extra` field ({"name", "message"} caption): a whole chat
 * message with every character escaped twice over, a name, and the JSON around them.
 */
export const UPLOAD_EXTRA_MAX = 2 * CHAT_MESSAGE_MAX + 2 * TEXT_MAX.personName + 100;

/**
 * Spec §2's shop rules for the upload endpoint: those of a write by a customer (login first at
 * force_login / access_request, refused to access_flag -1, closed while the shop is in
 * development), i.e. the cart area's. The media it stores belong to a chat or an ad; when the
 * chat codes get an area of their own, this follows them.
 */
export const UPLOAD_AREA: CodeArea = 'cart';

/** Checks a chat text (support, conversation or the shop's reply) as the server will: spec §5's refusal of a blank one. */
export function chatTextProblem(text: string): typeof CHAT_ERRORS.messageRequired | null {
  return text.trim() === '' ? CHAT_ERRORS.messageRequired : null;
}

/** The refusal of a reply in a conversation with the shop, which no one at the shop can read yet (the console has no conversations). */
export const CONVERSATION_NO_REPLIES = 'conversation_no_replies';

/** Checks a support message as the server will: the refusal's result word, or null when it may be sent. */
export function supportMessageProblem(name: string, message: string): (typeof CHAT_ERRORS)[keyof typeof CHAT_ERRORS] | null {
  if (name.trim() === '') return CHAT_ERRORS.nameRequired;
  return chatTextProblem(message);
}

/** What is known of a picked file before it is sent: its declared type and its size in bytes. */
export interface DeclaredFile {
  type: string;
  size: number;
}

/**
 * A courtesy check of a picked file by its declared type and size, before any byte is sent; the
 * server decides by the file's magic bytes and its real size.
 */
export function declaredFileProblem(kind: UploadType, file: DeclaredFile): typeof CHAT_ERRORS.fileType | typeof CHAT_ERRORS.fileSize | null {
  if (!(UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)) return CHAT_ERRORS.fileType;
  if (file.size > UPLOAD_LIMITS[kind].maxBytes) return CHAT_ERRORS.fileSize;
  return null;
}

/** Checks a picture sent to the support chat: a name (spec §5), a file, then the file's declared type and size. */
export function supportMediaProblem(name: string, file: DeclaredFile | null): (typeof CHAT_ERRORS)[keyof typeof CHAT_ERRORS] | null {
  if (name.trim() === '') return CHAT_ERRORS.nameRequired;
  if (file === null) return CHAT_ERRORS.fileRequired;
  return declaredFileProblem('media_message', file);
}
