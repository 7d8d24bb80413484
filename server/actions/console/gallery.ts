import type { ConsoleGalleryPicture } from '@contract/console/endpoints/gallery';
import { formatNumber } from '@contract/numbers';
import { GALLERY_PICTURES_MAX, movedPicture } from '@contract/rules/shop-pictures';
import { ApiError } from '../../errors';
import { translate } from '../../i18n/messages';
import type { Repositories } from '../../repositories';
import type { ConsoleHandlers, StaffContext } from './context';

/** A seeded SVG picture has no stored size: it is drawn for this one. */
const DRAWN_SIZE = { width: 800, height: 600 };

async function gallery(repos: Repositories): Promise<ConsoleGalleryPicture[]> {
  const rows = await repos.contentExtra.gallery();
  return rows.map((row) => ({ id: row.id, title: row.title, title_en: row.titleEn, picture_id: row.pictureMediaId, picture: `/media/${row.pictureMediaId}`, width: row.width, height: row.height }));
}

/** One write of the gallery: through writeShopData (the storefront's next read shows it) with an audit line; answers the gallery. */
function galleryWrite(context: StaffContext, detail: Record<string, unknown>, write: (tx: Repositories) => Promise<void>): Promise<ConsoleGalleryPicture[]> {
  const { staff, shop, clock, events } = context;
  return context.repos.writeShopData(events, async (tx) => {
    await write(tx);
    await tx.staffAudit.record(staff, { action: 'gallery.update', subjectType: 'shop', subjectId: shop.id, detail }, clock());
    return gallery(tx);
  });
}

const notFound = (context: StaffContext) => new ApiError(404, 'not_found', translate(context.language, 'gallery_picture_not_found'));

/** The owner's gallery (issue 32; `owner: true`, checked by the route). */
export const galleryConsoleActions: ConsoleHandlers<'gallery_pictures' | 'gallery_picture_save' | 'gallery_picture_move' | 'gallery_picture_remove'> = {
  async gallery_pictures({ repos }) {
    return gallery(repos);
  },

  async gallery_picture_save(context, input) {
    const { language } = context;
    return galleryWrite(context, { title: input.title }, async (tx) => {
      await tx.contentEditor.lockShop();
      const size = await tx.contentEditor.pictureSize(input.picture_id);
      if (!size) throw new ApiError(400, 'invalid_input', translate(language, 'picture_not_found'), undefined, { field: 'picture_id' });
      const values = { title: input.title, titleEn: input.title_en, pictureMediaId: input.picture_id, width: size.width ?? DRAWN_SIZE.width, height: size.height ?? DRAWN_SIZE.height };
      if (input.id !== undefined) {
        if (!(await tx.contentExtra.updateGalleryPicture(input.id, values))) throw notFound(context);
        return;
      }
      if ((await tx.contentExtra.gallery()).length >= GALLERY_PICTURES_MAX) {
        throw new ApiError(409, 'gallery_full', translate(language, 'gallery_full', { max: formatNumber(GALLERY_PICTURES_MAX, language) }));
      }
      await tx.contentExtra.addGalleryPicture(values);
    });
  },

  async gallery_picture_move(context, input) {
    return galleryWrite(context, { moved: input.id, direction: input.direction }, async (tx) => {
      const entries = await tx.contentExtra.lockGallery();
      const at = entries.findIndex((entry) => entry.id === input.id);
      if (at < 0) throw notFound(context);
      const order = movedPicture(entries, at, input.direction === 'up' ? -1 : 1);
      // Rewritten 1..n: seeded pictures may share a sort value, which a swap of values would not separate.
      for (const [index, entry] of order.entries()) if (entry.sort !== index + 1) await tx.contentExtra.setGallerySort(entry.id, index + 1);
    });
  },

  async gallery_picture_remove(context, input) {
    return galleryWrite(context, { removed: input.id }, async (tx) => {
      if (!(await tx.contentExtra.removeGalleryPicture(input.id))) throw notFound(context);
    });
  },
};
