import type { FastifyRequest } from 'fastify';
import type { Media } from '@contract/entities/chat';
import type { Language } from '@contract/enums';
import type { StaffRow, UploadRow } from '../../db/schema';
import { ApiError } from '../../errors';
import { requireStaff } from '../../http/staff-session';
import { translate } from '../../i18n/messages';

/**
 * A shop picture (the catalog's and the home's, issue 32) is the owner's to add, as the codes that use it are
 * owner codes: no staff session 401, another role 403 owner_only. Checked once the fields say the kind.
 */
export async function requireShopOwner(request: FastifyRequest, language: Language): Promise<StaffRow> {
  const member = await requireStaff(request, language);
  if (member.role !== 'owner') throw new ApiError(403, 'owner_only', translate(language, 'owner_only'));
  return member;
}

/** The upload reply's Media of a shop picture: the media row's id (what picture_id fields take) and its public URLs. */
export const toShopMedia = (mediaId: number, upload: UploadRow): Media => ({
  id: mediaId,
  // served publicly by routes/media.ts
  url: `/media/${mediaId}`,
  thumbnail_url: `/media/${mediaId}/thumb`,
  mime: upload.mime,
  width: upload.width,
  height: upload.height,
});
