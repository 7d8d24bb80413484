import type { Language } from '@contract/enums';
import { formatNumber } from '@contract/numbers';
import { CATALOG_PICTURES_MAX, pictureListProblem } from '@contract/rules/shop-pictures';
import { ApiError } from '../../errors';
import { translate } from '../../i18n/messages';
import type { Repositories } from '../../repositories';
import { catalogWrite, folderNotFound, itemNotFound, toConsoleFolder, toConsoleItem } from './catalog';
import type { ConsoleHandlers } from './context';

const pictureNotFound = (language: Language, field: string) => new ApiError(400, 'invalid_input', translate(language, 'picture_not_found'), undefined, { field });

/** Every id must be a picture of this shop (another shop's /media/:id is not found at this one). */
async function checkPictures(tx: Repositories, ids: readonly number[], language: Language, field: string): Promise<void> {
  const found = await tx.contentEditor.picturesOfShop(ids);
  if (ids.some((id) => !found.has(id))) throw pictureNotFound(language, field);
}

/** The owner's catalog pictures (issue 32; `owner: true`, checked by the route): an item's pictures and a folder's. */
export const catalogPictureActions: ConsoleHandlers<'catalog_item_pictures' | 'catalog_folder_picture'> = {
  async catalog_item_pictures(context, input) {
    const { language, staff, clock } = context;
    const ids = input.picture_ids;
    const problem = pictureListProblem(ids);
    if (problem) throw new ApiError(400, 'invalid_input', translate(language, problem, { max: formatNumber(CATALOG_PICTURES_MAX, language) }), undefined, { field: 'picture_ids' });
    return catalogWrite(context, async (tx) => {
      const item = await tx.catalogEdit.lockItem(input.item_id);
      if (!item) throw itemNotFound(language);
      await checkPictures(tx, ids, language, 'picture_ids');
      const after = await tx.catalogEdit.setPictures(item.id, ids);
      await tx.staffAudit.record(staff, { action: 'item.pictures', subjectType: 'item', subjectId: item.id, detail: { name: item.name, pictures: ids } }, clock());
      return toConsoleItem(after);
    });
  },

  async catalog_folder_picture(context, input) {
    const { language, staff, clock } = context;
    return catalogWrite(context, async (tx) => {
      const folder = await tx.catalogEdit.lockFolder(input.folder_id);
      if (!folder) throw folderNotFound(language);
      if (input.picture_id !== 0) await checkPictures(tx, [input.picture_id], language, 'picture_id');
      const after = await tx.catalogEdit.setFolderPicture(folder.id, input.picture_id === 0 ? null : input.picture_id);
      await tx.staffAudit.record(staff, { action: 'folder.picture', subjectType: 'item', subjectId: folder.id, detail: { name: folder.name, picture: input.picture_id } }, clock());
      return toConsoleFolder(after);
    });
  },
};
