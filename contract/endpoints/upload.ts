import * as v from 'valibot';
import { ChatMessageSchema, MediaSchema } from '../entities/chat';
import { id, text } from '../fields';
import { CHAT_ERRORS, CHAT_MESSAGE_MAX, UPLOAD_EXTRA_MAX, UPLOAD_LIMITS, UPLOAD_MIME_TYPES, UPLOAD_TYPES } from '../rules/chat';
import { TEXT_MAX } from '../rules/limits';

/** Spec §7's upload endpoint: a multipart/form-data POST to this path with `?action=upload`. */
export const UPLOAD_PATH = '/Lemon/Uploader/index.php';
export const UPLOAD_URL = `${UPLOAD_PATH}?action=upload`;

/** The multipart part that carries the picture. */
export const UPLOAD_FILE_FIELD = 'file';

/**
 * `extra`: a media message's sender name and caption, both optional; other keys are ignored.
 * `user_id` is the operator console's: a staff session sends the picture to that customer's chat as the shop.
 */
export const UploadExtraSchema = v.object({
  name: v.optional(text({ max: TEXT_MAX.personName })),
  message: v.optional(text({ max: CHAT_MESSAGE_MAX, multiline: true })),
  user_id: v.optional(id()),
});
export type UploadExtra = v.InferOutput<typeof UploadExtraSchema>;

/** The stored picture, and for a media_message the support message that carries it (null until the chat stores one). */
export const UploadReplySchema = v.object({
  media: MediaSchema,
  message: v.nullable(ChatMessageSchema),
});
export type UploadReply = v.InferOutput<typeof UploadReplySchema>;

const megabytes = (bytes: number) => bytes / (1024 * 1024);

/**
 * The upload as the SPA calls it and the server checks it: `query` is the URL's query string,
 * `request` the text fields (the picture is the file part UPLOAD_FILE_FIELD), `data` the reply's.
 */
export const uploadEndpoint = {
  summary:
    `Spec §7: a picture for a support chat message (type media_message) or a classified ad (type ad_picture). ` +
    `Sign-in required; the shop's rules apply as to the cart (maintenance, access). The file's type is read from its bytes, never from its name or declared type: ` +
    `${UPLOAD_MIME_TYPES.join(', ')}; at most ${megabytes(UPLOAD_LIMITS.media_message.maxBytes)} MiB for media_message and ${megabytes(UPLOAD_LIMITS.ad_picture.maxBytes)} MiB for ad_picture, ` +
    `and at most ${UPLOAD_LIMITS.media_message.maxPixels / 1_000_000} megapixels. The picture is decoded, turned upright, stripped of its metadata (EXIF, GPS), ` +
    `re-encoded in its own format to fit PICTURE_EDGE and given a THUMBNAIL_EDGE thumbnail. Refusals: no file, 400 \`${CHAT_ERRORS.fileRequired}\`; ` +
    `another type or a picture that does not decode, 415 \`${CHAT_ERRORS.fileType}\`; too many bytes or pixels, 413 \`${CHAT_ERRORS.fileSize}\`. ` +
    `Fields may come in any order; sending \`type\` before \`file\` lets the server refuse an oversized file sooner. The language is the query's \`language\` or Accept-Language. ` +
    `The operator console sends a media_message with a staff session (cookie \`staff_sid\`) and \`extra.user_id\`: the picture goes to that customer's chat from the shop. ` +
    `A shop_picture (at most ${megabytes(UPLOAD_LIMITS.shop_picture.maxBytes)} MiB) is the owner's catalog or content picture: the shop owner's staff session only (a customer or none 401, other staff 403 \`owner_only\`); ` +
    `it becomes a picture of the Host's shop, and the reply's media is that picture (\`id\` for picture_id fields, \`url\` /media/:id, public).`,
  query: v.object({ action: v.literal('upload'), language: v.optional(v.picklist(['fa', 'en'])) }),
  request: v.object({
    type: v.picklist(UPLOAD_TYPES),
    // Absent or blank reads as {} (a default is checked as input, hence the JSON text); else jsonField's steps.
    extra: v.optional(
      v.pipe(v.string(), v.trim(), v.transform((raw) => raw || '{}'), v.maxLength(UPLOAD_EXTRA_MAX), v.parseJson(), UploadExtraSchema),
      '{}',
    ),
  }),
  data: UploadReplySchema,
  login: true,
} as const;
