import * as v from 'valibot';
import { blankAsAbsent, id, text } from '../../fields';
import { SHOP_CONTENT_LIMITS } from '../../rules/shop-content';
import { GALLERY_PICTURES_MAX } from '../../rules/shop-pictures';

/** A gallery picture as the owner edits it: titles, the picture (a picture of this shop) and its size. */
export const ConsoleGalleryPictureSchema = v.object({
  id: v.number(),
  title: v.string(),
  title_en: v.string(),
  picture_id: v.number(),
  picture: v.string(),
  width: v.number(),
  height: v.number(),
});
export type ConsoleGalleryPicture = v.InferOutput<typeof ConsoleGalleryPictureSchema>;

const title = () => v.pipe(text({ max: SHOP_CONTENT_LIMITS.title }), v.minLength(1));

/**
 * The owner's gallery (issue 32; the storefront's get_gallery): each write is one transaction through writeShopData,
 * so the storefront's next read shows it. Every answer is the whole gallery in its order.
 */
export const galleryEndpoints = {
  gallery_pictures: {
    summary: 'The gallery in the storefront’s order.',
    request: v.object({}),
    data: v.array(ConsoleGalleryPictureSchema),
    staff: true,
    owner: true,
  },
  gallery_picture_save: {
    summary: `Adds a gallery picture after the others (no \`id\`; at most ${GALLERY_PICTURES_MAX}, else 409 \`gallery_full\`) or edits one: titles in fa and en, \`picture_id\` a picture of this shop (else 400 \`picture_not_found\`); its width and height are the uploaded picture's. Another shop's id: 404 \`gallery_picture_not_found\`.`,
    request: v.object({ id: blankAsAbsent(id()), title: title(), title_en: title(), picture_id: id() }),
    data: v.array(ConsoleGalleryPictureSchema),
    staff: true,
    owner: true,
  },
  gallery_picture_move: {
    summary: "Moves a gallery picture one place up or down (an end: nothing moves); the storefront's next read shows the new order. Another shop's id: 404 `gallery_picture_not_found`.",
    request: v.object({ id: id(), direction: v.picklist(['up', 'down']) }),
    data: v.array(ConsoleGalleryPictureSchema),
    staff: true,
    owner: true,
  },
  gallery_picture_remove: {
    summary: 'Removes a gallery picture (another shop\'s id: 404 `gallery_picture_not_found`).',
    request: v.object({ id: id() }),
    data: v.array(ConsoleGalleryPictureSchema),
    staff: true,
    owner: true,
  },
} as const;
