import * as v from 'valibot';

/** A magazine post; texts are in the language asked for. */
export const MagazinePostSchema = v.object({
  id: v.number(),
  category_id: v.number(),
  title: v.string(),
  summary: v.string(),
  body: v.string(),
  picture: v.nullable(v.string()),
  /** ISO date-time */
  created_at: v.string(),
});
export type MagazinePost = v.InferOutput<typeof MagazinePostSchema>;

export const MagazinePageSchema = v.object({
  posts: v.array(MagazinePostSchema),
  num_results: v.number(),
  page: v.number(),
  pages: v.number(),
});
export type MagazinePage = v.InferOutput<typeof MagazinePageSchema>;

/** A gallery picture with its intrinsic size (no layout shift). */
export const GalleryPictureSchema = v.object({
  id: v.number(),
  title: v.string(),
  title_en: v.string(),
  picture: v.string(),
  width: v.number(),
  height: v.number(),
});
export type GalleryPicture = v.InferOutput<typeof GalleryPictureSchema>;

/** Magazine page size. */
export const MAGAZINE_PAGE_SIZE = 6;
