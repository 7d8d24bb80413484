import { and, eq, inArray } from 'drizzle-orm';
import { ItemType } from '@contract/enums';
import type { Database } from '../db/connection';
import { items, type ItemData, type ItemRow, type ShopRow } from '../db/schema';

/** What the console's details editor writes into an item's `data` (its sizes and unit step stay). */
export type ItemDetailsValues = Pick<ItemData, 'features' | 'colors'> & { code: string; textureTypes: NonNullable<ItemData['texture_types']>; packagingTypes: NonNullable<ItemData['packaging_types']>; hidden: boolean };

/**
 * The console's writes of an item's details (issue 32): features, colors, labels and type 12. Only through the
 * shop's `writeShopData`: every instance's read cache drops the shop once it committed.
 */
export function createItemDetailsRepository(db: Database, shop: ShopRow) {
  return {
    async write(before: ItemRow, values: ItemDetailsValues): Promise<ItemRow> {
      const { code: _code, texture_types: _texture, packaging_types: _packaging, ...kept } = before.data;
      // An empty label list or code is left out, as the seed leaves it out where a shop gives none.
      const data: ItemData = {
        ...kept,
        features: values.features,
        colors: values.colors,
        ...(values.code === '' ? {} : { code: values.code }),
        ...(values.textureTypes.length > 0 ? { texture_types: values.textureTypes } : {}),
        ...(values.packagingTypes.length > 0 ? { packaging_types: values.packagingTypes } : {}),
      };
      const type = values.hidden ? ItemType.hidden : ItemType.product;
      const [row] = await db
        .update(items)
        .set({ data, type })
        .where(and(eq(items.shopId, shop.id), eq(items.id, before.id), inArray(items.type, [ItemType.product, ItemType.hidden])))
        .returning();
      return row;
    },
  };
}
