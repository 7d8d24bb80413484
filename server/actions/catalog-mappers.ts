import { UNITS, type Breadcrumb, type Item, type ListFolder, type Unit } from '@contract/entities/catalog';
import { ItemType } from '@contract/enums';
import type { ItemRow } from '../db/schema';
import type { ListedItemRow } from '../repositories/catalog-repository';
import { mediaUrl } from './context';

const unitOf = (unit: string): Unit => ((UNITS as readonly string[]).includes(unit) ? (unit as Unit) : 'number');

/** An item's picture ids, the cover first: multipictures, else the cover alone (older rows). */
export const pictureIdsOf = (row: Pick<ItemRow, 'multipictures' | 'pictureMediaId'>): number[] =>
  row.multipictures.length > 0 ? row.multipictures : row.pictureMediaId === null ? [] : [row.pictureMediaId];

/** The contract's Item for a product row. */
export function toItem(row: ListedItemRow): Item {
  const pictures = pictureIdsOf(row);
  return {
    item_id: row.id,
    folder_id: row.folderId,
    type: 1,
    name: row.name,
    name_en: row.nameEn,
    description: row.description,
    description_en: row.descriptionEn,
    picture: mediaUrl(row.pictureMediaId),
    picture_id: row.pictureMediaId,
    file_type: row.fileType,
    multipictures: pictures.map((id) => `/media/${id}`),
    bg_color: row.bgColor,
    unit: unitOf(row.unit),
    ...(row.data.unit_step && row.data.unit_step > 1 ? { unit_step: row.data.unit_step } : {}),
    price: row.price,
    data: {
      features: row.data.features ?? [],
      colors: row.data.colors ?? [],
      sizes: row.data.sizes ?? [],
      // Labels only where the shop has them: an item without them carries no empty fields.
      ...(row.data.code ? { code: row.data.code } : {}),
      ...(row.data.texture_types?.length ? { texture_types: row.data.texture_types } : {}),
      ...(row.data.packaging_types?.length ? { packaging_types: row.data.packaging_types } : {}),
    },
    has_options: row.hasOptions,
    // Only on a finished item: the replies of every other item stay as they were.
    ...(row.inStock ? {} : { finished: true as const }),
  };
}

/** The contract's ListFolder for a folder row. */
export const toListFolder = (row: ItemRow): ListFolder => ({
  item_id: row.id,
  folder_id: row.folderId,
  type: 2,
  name: row.name,
  name_en: row.nameEn,
  picture: mediaUrl(row.pictureMediaId),
  picture_id: row.pictureMediaId,
  bg_color: row.bgColor,
});

/** A breadcrumb link for a folder or product row. */
export const toBreadcrumb = (row: ItemRow): Breadcrumb => ({
  item_id: row.id,
  type: row.type === ItemType.folder ? 2 : 1,
  name: row.name,
  name_en: row.nameEn,
});
