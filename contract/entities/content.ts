import * as v from 'valibot';

export const SlideSchema = v.object({
  id: v.number(),
  title: v.string(),
  title_en: v.string(),
  /** URL of the picture, served by this server */
  picture: v.string(),
  link: v.nullable(v.string()),
});
export type Slide = v.InferOutput<typeof SlideSchema>;

export const BannerSchema = v.object({
  id: v.number(),
  title: v.string(),
  title_en: v.string(),
  picture: v.string(),
  link: v.nullable(v.string()),
  /** order on the home page */
  position: v.number(),
});
export type Banner = v.InferOutput<typeof BannerSchema>;

/** A folder is an item of type 2; folder_id is its parent (0 at the top). */
export const FolderSchema = v.object({
  item_id: v.number(),
  folder_id: v.number(),
  type: v.literal(2),
  name: v.string(),
  name_en: v.string(),
  picture: v.nullable(v.string()),
  /** id of the picture (spec §3 picture_id); `picture` is its URL */
  picture_id: v.nullable(v.number()),
  bg_color: v.nullable(v.string()),
  sort: v.number(),
});
export type Folder = v.InferOutput<typeof FolderSchema>;
