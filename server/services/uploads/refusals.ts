import type { Language } from '@contract/enums';
import { CHAT_ERRORS } from '@contract/rules/chat';
import { ApiError } from '../../errors';
import { translate } from '../../i18n/messages';

const megabytes = (bytes: number) => Math.floor(bytes / (1024 * 1024));

/** Spec §5: no file was chosen (or an empty one was sent). */
export const fileRequiredRefusal = (language: Language) => new ApiError(400, CHAT_ERRORS.fileRequired, translate(language, 'upload_file_required'));

/** Spec §8's 'unauthorized file type': not a JPEG, PNG or WebP by its bytes, or one that does not decode. */
export const fileTypeRefusal = (language: Language) => new ApiError(415, CHAT_ERRORS.fileType, translate(language, 'upload_file_type'));

/** Spec §8's 'unauthorized file size': more bytes than the kind allows. */
export const fileSizeRefusal = (language: Language, maxBytes: number) =>
  new ApiError(413, CHAT_ERRORS.fileSize, translate(language, 'upload_file_size', { max: megabytes(maxBytes) }));

/** 'unauthorized file size' too: a picture whose header declares more pixels than allowed (a pixel flood), however few its bytes. */
export const filePixelsRefusal = (language: Language, maxPixels: number) =>
  new ApiError(413, CHAT_ERRORS.fileSize, translate(language, 'upload_file_pixels', { max: Math.floor(maxPixels / 1_000_000) }));

/** The upload folder is full: 507 Insufficient Storage, nothing kept; the client may try again once there is room. */
export const storageFullRefusal = (language: Language) => new ApiError(507, 'upload_storage_full', translate(language, 'upload_storage_full'));
