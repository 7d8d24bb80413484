import { fileTypeFromBuffer } from 'file-type';
import sharp, { type FormatEnum, type Metadata } from 'sharp';
import { PICTURE_EDGE, THUMBNAIL_EDGE, UPLOAD_MIME_TYPES, type UploadMimeType } from '@contract/rules/chat';
import type { StoredExtension } from './storage';

/** Bytes file-type reads at most to decide; the upload is sniffed as soon as this many have arrived. */
export const SNIFF_BYTES = 4100;

/** Per accepted type: sharp's name for the format, the stored extension and the encoder's options. */
const FORMATS: Record<UploadMimeType, { format: keyof FormatEnum & ('jpeg' | 'png' | 'webp'); extension: StoredExtension; options: object }> = {
  'image/jpeg': { format: 'jpeg', extension: 'jpg', options: { quality: 82, progressive: true } },
  'image/png': { format: 'png', extension: 'png', options: { compressionLevel: 9, adaptiveFiltering: true } },
  'image/webp': { format: 'webp', extension: 'webp', options: { quality: 80 } },
};

export const extensionOf = (mime: UploadMimeType): StoredExtension => FORMATS[mime].extension;

const isAccepted = (mime: string): mime is UploadMimeType => (UPLOAD_MIME_TYPES as readonly string[]).includes(mime);

/**
 * The file's type by its magic bytes (file-type), when it is one we accept; null for anything
 * else (an executable, a PDF, an SVG, unknown bytes). Name and declared type are never asked.
 */
export async function sniffPicture(head: Uint8Array): Promise<UploadMimeType | null> {
  const found = await fileTypeFromBuffer(head);
  return found && isAccepted(found.mime) ? found.mime : null;
}

/** sharp's refusal of limitInputPixels ("Input image exceeds pixel limit"), raised as soon as a header declares too many. */
const overPixelLimit = (error: unknown): boolean => error instanceof Error && /exceeds pixel limit/i.test(error.message);

export interface EncodedPicture {
  data: Buffer;
  width: number;
  height: number;
}

export type PictureResult =
  | { ok: true; picture: EncodedPicture; thumbnail: EncodedPicture }
  /** 'type': not a picture of the sniffed format, or one that does not decode; 'pixels': more pixels than allowed */
  | { ok: false; problem: 'type' | 'pixels' };

/**
 * Decodes an upload and encodes it anew in its own format: turned upright by its EXIF
 * orientation, fitted in PICTURE_EDGE, every piece of metadata left behind (sharp writes none
 * unless asked: no EXIF, GPS, XMP, IPTC or ICC), plus a THUMBNAIL_EDGE thumbnail made from the result.
 *
 * Pixel floods: the header is read first (metadata() decodes no pixels) and sharp's limitInputPixels
 * refuses a picture that declares more than `maxPixels` right there, before any decoding (the
 * explicit check below holds if that ever changes). Decoding runs on libuv's thread pool (4
 * threads by default), which bounds how many pictures are decoded at once.
 */
export async function reencodePicture(bytes: Uint8Array, mime: UploadMimeType, maxPixels: number): Promise<PictureResult> {
  const { format, options } = FORMATS[mime];
  // 'warning' (sharp's default, for untrusted input) refuses damaged pixel data as well as bad headers.
  const input = () => sharp(bytes, { limitInputPixels: maxPixels, failOn: 'warning', pages: 1 });
  let header: Metadata;
  try {
    header = await input().metadata();
  } catch (error) {
    return { ok: false, problem: overPixelLimit(error) ? 'pixels' : 'type' };
  }
  if (header.format !== format || !header.width || !header.height) return { ok: false, problem: 'type' };
  if (header.width * header.height > maxPixels) return { ok: false, problem: 'pixels' };
  try {
    const fit = (edge: number) => ({ width: edge, height: edge, fit: 'inside' as const, withoutEnlargement: true });
    const picture = await input().autoOrient().resize(fit(PICTURE_EDGE)).toFormat(format, options).toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(picture.data).resize(fit(THUMBNAIL_EDGE)).toFormat(format, options).toBuffer({ resolveWithObject: true });
    return {
      ok: true,
      picture: { data: picture.data, width: picture.info.width, height: picture.info.height },
      thumbnail: { data: thumbnail.data, width: thumbnail.info.width, height: thumbnail.info.height },
    };
  } catch (error) {
    return { ok: false, problem: overPixelLimit(error) ? 'pixels' : 'type' };
  }
}
