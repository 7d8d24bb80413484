import type { Media } from '@contract/entities/chat';
import type { UploadRow } from '../../db/schema';

/** Where a stored picture is served: the picture, or its thumbnail (routes/upload-media.ts). */
export const uploadUrl = (id: number, variant: 'picture' | 'thumbnail' = 'picture'): string =>
  variant === 'picture' ? `/media/upload/${id}` : `/media/upload/${id}/thumb`;

/** The contract's Media of an upload row: what a message or the upload's reply carries. */
export function toMedia(upload: UploadRow): Media {
  return {
    id: upload.id,
    url: uploadUrl(upload.id),
    thumbnail_url: uploadUrl(upload.id, 'thumbnail'),
    mime: upload.mime,
    width: upload.width,
    height: upload.height,
  };
}
