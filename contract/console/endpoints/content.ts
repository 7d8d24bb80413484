import * as v from 'valibot';
import { id, jsonList, text } from '../../fields';
import { CONTENT_LINK_INVALID, CONTENT_PAGES, HOME_PICTURE_KINDS, isContentLink, SHOP_CONTENT_LIMITS } from '../../rules/shop-content';

const page = () => text({ max: SHOP_CONTENT_LIMITS.page, multiline: true });

/** One content page in both languages ('' for rules or privacy: the storefront shows its standard text). */
const LocalizedPageSchema = v.object({ fa: v.string(), en: v.string() });

export const ContentPagesSchema = v.object({ about: LocalizedPageSchema, rules: LocalizedPageSchema, privacy: LocalizedPageSchema });
export type ContentPages = v.InferOutput<typeof ContentPagesSchema>;

/** A slide or banner as the owner edits it: the picture by id (a picture of this shop, /media/:id) and its order. */
export const HomePictureSchema = v.object({
  id: v.number(),
  title: v.string(),
  title_en: v.string(),
  picture_id: v.number(),
  picture: v.string(),
  link: v.string(),
  order: v.number(),
});
export type HomePicture = v.InferOutput<typeof HomePictureSchema>;

export const HomePicturesSchema = v.object({ slides: v.array(HomePictureSchema), banners: v.array(HomePictureSchema) });
export type HomePictures = v.InferOutput<typeof HomePicturesSchema>;

/** A slide's or banner's fields as sent: titles in both languages, a picture of this shop, a link (rules/shop-content.ts). */
const homePictureFields = {
  title: v.pipe(text({ max: SHOP_CONTENT_LIMITS.title }), v.minLength(1)),
  title_en: v.pipe(text({ max: SHOP_CONTENT_LIMITS.title }), v.minLength(1)),
  picture_id: id(),
  link: v.optional(v.pipe(text({ max: SHOP_CONTENT_LIMITS.link }), v.check(isContentLink, CONTENT_LINK_INVALID)), ''),
};

/**
 * The owner's storefront content (issue 32): content pages, slides and banners. Each write is one transaction and,
 * once committed, drops the shop's read-cache snapshot on every instance: the storefront's next read shows it.
 */
export const contentEndpoints = {
  content_pages: {
    summary: "The shop's content pages as the owner wrote them: about (the shop's description), rules and privacy, each in fa and en.",
    request: v.object({}),
    data: ContentPagesSchema,
    staff: true,
    owner: true,
  },
  content_page_update: {
    summary: `Sets one content page (\`page\`: ${CONTENT_PAGES.join(', ')}) in both languages, at most SHOP_CONTENT_LIMITS.page characters each; a blank rules or privacy page leaves the storefront's standard text. Answers every page.`,
    request: v.object({ page: v.picklist(CONTENT_PAGES), fa: page(), en: page() }),
    data: ContentPagesSchema,
    staff: true,
    owner: true,
  },
  home_pictures: {
    summary: "The home's slides and banners, each kind in the storefront's order.",
    request: v.object({}),
    data: HomePicturesSchema,
    staff: true,
    owner: true,
  },
  home_picture_add: {
    summary: `Adds a slide or banner (\`kind\`: ${HOME_PICTURE_KINDS.join(', ')}) after the others: titles, \`picture_id\` (a picture of this shop, else 400 \`picture_not_found\`), a link that is a path of this site or an https URL. At most SHOP_CONTENT_LIMITS.perKind of a kind (409 \`home_pictures_full\`). Answers both lists.`,
    request: v.object({ kind: v.picklist(HOME_PICTURE_KINDS), ...homePictureFields }),
    data: HomePicturesSchema,
    staff: true,
    owner: true,
  },
  home_picture_update: {
    summary: 'Edits slide or banner `id` of `kind` (another shop\'s id: 404 `home_picture_not_found`). Answers both lists.',
    request: v.object({ kind: v.picklist(HOME_PICTURE_KINDS), id: id(), ...homePictureFields }),
    data: HomePicturesSchema,
    staff: true,
    owner: true,
  },
  home_picture_remove: {
    summary: "Removes slide or banner `id` of `kind` (another shop's id: 404). Answers both lists.",
    request: v.object({ kind: v.picklist(HOME_PICTURE_KINDS), id: id() }),
    data: HomePicturesSchema,
    staff: true,
    owner: true,
  },
  home_pictures_reorder: {
    summary: "Puts a kind's slides or banners in the order of `ids` (JSON list): exactly that kind's ids, each once (else 400 `home_pictures_order`). Answers both lists.",
    request: v.object({ kind: v.picklist(HOME_PICTURE_KINDS), ids: jsonList(id()) }),
    data: HomePicturesSchema,
    staff: true,
    owner: true,
  },
} as const;
