import type { ConsoleFolder, ConsoleItem } from '@contract/console/catalog-entities';
import type { Language } from '@contract/enums';
import { ItemType } from '@contract/enums';
import { formatNumber } from '@contract/numbers';
import {
  CATALOG_DESCRIPTION_MAX,
  CATALOG_NAME_MAX,
  CATALOG_PRICE_MAX,
  CATALOG_SIZES_MAX,
  CATALOG_UNIT_STEP_MAX,
  folderDraftProblems,
  isUnit,
  itemDraftProblems,
  type DraftProblem,
} from '@contract/rules/catalog-edit';
import type { ItemRow } from '../../db/schema';
import { ApiError } from '../../errors';
import { translate } from '../../i18n/messages';
import type { Repositories } from '../../repositories';
import { pictureIdsOf } from '../catalog-mappers';
import { mediaUrl } from '../context';
import type { ConsoleHandlers, StaffContext } from './context';

export const toConsoleItem = (row: ItemRow): ConsoleItem => ({
  id: row.id,
  folder_id: row.folderId,
  type: row.type === ItemType.hidden ? 12 : 1,
  name: row.name,
  name_en: row.nameEn,
  description: row.description,
  description_en: row.descriptionEn,
  unit: isUnit(row.unit) ? row.unit : 'number',
  unit_step: row.data.unit_step && row.data.unit_step > 1 ? row.data.unit_step : 1,
  price: row.price,
  sizes: row.data.sizes ?? [],
  in_stock: row.inStock,
  picture: mediaUrl(row.pictureMediaId),
  pictures: pictureIdsOf(row).map((id) => ({ id, url: `/media/${id}` })),
  sort: row.sort,
});

export const toConsoleFolder = (row: ItemRow): ConsoleFolder => ({
  id: row.id,
  parent_id: row.folderId,
  name: row.name,
  name_en: row.nameEn,
  picture: mediaUrl(row.pictureMediaId),
  bg_color: row.bgColor,
  sort: row.sort,
});

/** The bound a problem's message names, in the language's digits. */
function boundOf(problem: DraftProblem['problem'], language: Language): string {
  const max = {
    name_too_long: CATALOG_NAME_MAX,
    description_too_long: CATALOG_DESCRIPTION_MAX,
    unit_step_range: CATALOG_UNIT_STEP_MAX,
    price_range: CATALOG_PRICE_MAX,
    size_price_range: CATALOG_PRICE_MAX,
    sizes_too_many: CATALOG_SIZES_MAX,
  }[problem as string];
  return max === undefined ? '' : formatNumber(max, language);
}

/** The first problem of a draft as the 400 the console shows beside its field; nothing is written. */
function refuseProblems(problems: readonly DraftProblem[], language: Language): void {
  const [first] = problems;
  if (first) throw new ApiError(400, 'invalid_input', translate(language, first.problem, { max: boundOf(first.problem, language) }), undefined, { field: first.field });
}

export const itemNotFound = (language: Language) => new ApiError(404, 'not_found', translate(language, 'catalog_item_not_found'));
export const folderNotFound = (language: Language) => new ApiError(404, 'not_found', translate(language, 'catalog_folder_not_found'));

/** A catalog write: one transaction through writeShopData (every instance's read cache drops the shop after commit). */
export const catalogWrite = <T>(context: StaffContext, write: (tx: Repositories) => Promise<T>) => context.repos.writeShopData(context.events, write);

/** The console's catalog (issue 32): staff list and switch stock; the owner edits items and folders. */
export const catalogActions: ConsoleHandlers<'catalog' | 'catalog_stock' | 'catalog_item_save' | 'catalog_folder_save' | 'catalog_folder_move'> = {
  async catalog({ repos }) {
    const all = await repos.catalogEdit.all();
    return { folders: all.folders.map(toConsoleFolder), items: all.items.map(toConsoleItem) };
  },

  async catalog_stock(context, input) {
    const { language, staff, clock } = context;
    return catalogWrite(context, async (tx) => {
      const item = await tx.catalogEdit.lockItem(input.item_id);
      if (!item) throw itemNotFound(language);
      const inStock = input.in_stock === 1;
      if (item.inStock === inStock) return toConsoleItem(item);
      const after = await tx.catalogEdit.setStock(item.id, inStock);
      await tx.staffAudit.record(staff, { action: 'item.stock', subjectType: 'item', subjectId: item.id, detail: { name: item.name, in_stock: inStock } }, clock());
      return toConsoleItem(after);
    });
  },

  async catalog_item_save(context, input) {
    const { language, staff, clock } = context;
    const draft = { ...input, name: input.name.trim(), name_en: input.name_en.trim(), unit: input.unit.trim(), sizes: input.sizes.map((size) => ({ ...size, name: size.name.trim(), name_en: size.name_en.trim() })) };
    refuseProblems(itemDraftProblems(draft), language);
    return catalogWrite(context, async (tx) => {
      const folder = await tx.catalogEdit.lockFolder(draft.folder_id);
      if (!folder) throw new ApiError(400, 'invalid_input', translate(language, 'folder_required'), undefined, { field: 'folder_id' });
      const values = {
        name: draft.name,
        nameEn: draft.name_en,
        description: draft.description,
        descriptionEn: draft.description_en,
        unit: draft.unit,
        unitStep: draft.unit_step,
        price: draft.price,
        folderId: folder.id,
        sizes: draft.sizes,
      };
      if (input.item_id === undefined) {
        const made = await tx.catalogEdit.createItem(values);
        await tx.staffAudit.record(staff, { action: 'item.create', subjectType: 'item', subjectId: made.id, detail: { name: made.name, price: made.price } }, clock());
        return toConsoleItem(made);
      }
      const before = await tx.catalogEdit.lockItem(input.item_id);
      if (!before) throw itemNotFound(language);
      const after = await tx.catalogEdit.updateItem(before, values);
      const detail: Record<string, unknown> = { name: after.name };
      if (after.price !== before.price) detail.price = { from: before.price, to: after.price };
      await tx.staffAudit.record(staff, { action: 'item.update', subjectType: 'item', subjectId: after.id, detail }, clock());
      return toConsoleItem(after);
    });
  },

  async catalog_folder_save(context, input) {
    const { language } = context;
    const draft = { name: input.name.trim(), name_en: input.name_en.trim(), parent_id: input.parent_id, bg_color: input.bg_color };
    refuseProblems(folderDraftProblems(draft), language);
    const tooDeep = () => new ApiError(400, 'invalid_input', translate(language, 'folder_too_deep'), undefined, { field: 'parent_id' });
    return catalogWrite(context, async (tx) => {
      if (draft.parent_id !== 0) {
        const parent = await tx.catalogEdit.lockFolder(draft.parent_id);
        if (!parent) throw folderNotFound(language);
        if (parent.folderId !== 0 || parent.id === input.folder_id) throw tooDeep();
      }
      // Absent keeps the colour; blank removes it; stored lower-case as the storefront compares it.
      const bgColor = draft.bg_color === undefined ? {} : { bgColor: draft.bg_color === '' ? null : draft.bg_color.toLowerCase() };
      const values = { name: draft.name, nameEn: draft.name_en, parentId: draft.parent_id, ...bgColor };
      if (input.folder_id === undefined) return toConsoleFolder(await tx.catalogEdit.createFolder(values));
      const folder = await tx.catalogEdit.lockFolder(input.folder_id);
      if (!folder) throw folderNotFound(language);
      if (draft.parent_id !== 0 && (await tx.catalogEdit.hasSubfolders(folder.id))) throw tooDeep();
      return toConsoleFolder(await tx.catalogEdit.updateFolder(folder.id, values));
    });
  },

  async catalog_folder_move(context, input) {
    const { language } = context;
    return catalogWrite(context, async (tx) => {
      const folder = await tx.catalogEdit.lockFolder(input.folder_id);
      if (!folder) throw folderNotFound(language);
      const siblings = await tx.catalogEdit.lockSiblings(folder.folderId);
      const at = siblings.findIndex((row) => row.id === folder.id);
      const to = input.direction === 'up' ? at - 1 : at + 1;
      if (to < 0 || to >= siblings.length) return siblings.map(toConsoleFolder);
      const order = [...siblings];
      [order[at], order[to]] = [order[to], order[at]];
      // Rewritten 1..n: seeded siblings may share a sort value, which a swap of values would not separate.
      for (const [index, row] of order.entries()) if (row.sort !== index + 1) await tx.catalogEdit.setSort(row.id, index + 1);
      return order.map((row, index) => toConsoleFolder({ ...row, sort: index + 1 }));
    });
  },
};
