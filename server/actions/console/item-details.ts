import type { Language } from '@contract/enums';
import { ItemType } from '@contract/enums';
import type { ConsoleItemDetails } from '@contract/console/item-details-entities';
import { formatNumber } from '@contract/numbers';
import { CATALOG_NAME_MAX } from '@contract/rules/catalog-edit';
import { ITEM_CODE_MAX, ITEM_DETAILS_MAX, itemDetailsProblems, type DetailProblem } from '@contract/rules/item-details';
import type { ItemRow } from '../../db/schema';
import { ApiError } from '../../errors';
import { translate } from '../../i18n/messages';
import type { ConsoleHandlers } from './context';

const BOUNDS: Partial<Record<DetailProblem, number>> = { details_too_many: ITEM_DETAILS_MAX, detail_name_required: CATALOG_NAME_MAX, code_too_long: ITEM_CODE_MAX };

const itemNotFound = (language: Language) => new ApiError(404, 'not_found', translate(language, 'catalog_item_not_found'));

const detailsOf = (row: ItemRow): ConsoleItemDetails => ({
  item_id: row.id,
  type: row.type === ItemType.hidden ? 12 : 1,
  features: row.data.features ?? [],
  colors: row.data.colors ?? [],
  code: row.data.code ?? '',
  texture_types: row.data.texture_types ?? [],
  packaging_types: row.data.packaging_types ?? [],
});

const trimmed = <T extends { name: string; name_en: string }>(entries: readonly T[]): T[] => entries.map((entry) => ({ ...entry, name: entry.name.trim(), name_en: entry.name_en.trim() }));

/** The owner's details of an item (issue 32), checked by contract/rules/item-details.ts. */
export const itemDetailsActions: ConsoleHandlers<'catalog_item_details' | 'catalog_item_details_save'> = {
  async catalog_item_details({ repos, language }, input) {
    const item = await repos.catalogEdit.lockItem(input.item_id);
    if (!item) throw itemNotFound(language);
    return detailsOf(item);
  },

  async catalog_item_details_save(context, input) {
    const { language, staff, clock } = context;
    const draft = {
      features: trimmed(input.features),
      colors: trimmed(input.colors).map((color) => ({ ...color, hex: color.hex.trim() })),
      code: input.item_code.trim(),
      texture_types: trimmed(input.texture_types),
      packaging_types: trimmed(input.packaging_types),
      hidden: input.hidden === 1,
    };
    const [first] = itemDetailsProblems(draft);
    if (first) {
      const max = BOUNDS[first.problem];
      throw new ApiError(400, 'invalid_input', translate(language, first.problem, { max: max === undefined ? '' : formatNumber(max, language) }), undefined, { field: first.field });
    }
    return context.repos.writeShopData(context.events, async (tx) => {
      const before = await tx.catalogEdit.lockItem(input.item_id);
      if (!before) throw itemNotFound(language);
      const after = await tx.itemDetails.write(before, { ...draft, textureTypes: draft.texture_types, packagingTypes: draft.packaging_types });
      await tx.staffAudit.record(staff, { action: 'item.details', subjectType: 'item', subjectId: after.id, detail: { name: after.name, hidden: draft.hidden } }, clock());
      return detailsOf(after);
    });
  },
};
