import * as v from 'valibot';
import { id, jsonList } from '../../fields';
import { CATALOG_PICTURES_MAX } from '../../rules/shop-pictures';
import { ConsoleFolderSchema, ConsoleItemSchema } from '../catalog-entities';

/**
 * The owner's catalog pictures (issue 32): ids of the shop's pictures (an upload of type shop_picture answers one),
 * written through writeShopData so every customer's next read shows them.
 */
export const catalogPictureEndpoints = {
  catalog_item_pictures: {
    summary: `Sets an item's pictures, in order, to \`picture_ids\` (JSON list, at most ${CATALOG_PICTURES_MAX}, each once): the first is its cover (picture_id), all of them its multipictures; [] leaves it without. An id that is not a picture of this shop: 400 \`picture_not_found\`, nothing written. Answers the item.`,
    request: v.object({ item_id: id(), picture_ids: jsonList(id()) }),
    data: ConsoleItemSchema,
    staff: true,
    owner: true,
  },
  catalog_folder_picture: {
    summary: "Sets a folder's picture to `picture_id` (a picture of this shop, else 400 `picture_not_found`); 0 removes it. Answers the folder.",
    request: v.object({ folder_id: id(), picture_id: id() }),
    data: ConsoleFolderSchema,
    staff: true,
    owner: true,
  },
} as const;
