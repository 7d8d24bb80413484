import * as v from 'valibot';
import { blankAsAbsent, blankOr, id, integer, text } from '../../fields';
import { MAGAZINE_POST_LIMITS } from '../../rules/magazine-posts';

/** A post as the owner edits it: both languages, the cover (a picture of this shop), draft or published, its date. */
export const ConsoleMagazinePostSchema = v.object({
  id: v.number(),
  title: v.string(),
  title_en: v.string(),
  summary: v.string(),
  summary_en: v.string(),
  body: v.string(),
  body_en: v.string(),
  picture_id: v.nullable(v.number()),
  picture: v.nullable(v.string()),
  /** false: a draft, which customers never see */
  published: v.boolean(),
  /** ISO timestamp: the date customers see, posts newest first */
  date: v.string(),
});
export type ConsoleMagazinePost = v.InferOutput<typeof ConsoleMagazinePostSchema>;

// The schema only bounds what reaches the rule (twice its length): contract/rules/magazine-posts.ts words the refusal.
const words = (max: number, multiline = false) => text({ max: max * 2, multiline });
const flag = () => blankOr(integer({ min: 0, max: 1 }), 0);

/**
 * The owner's magazine (issue 32; the storefront's get_magazines and get_magazine_post): each write is one transaction
 * through writeShopData, so the storefront's next read shows it. Every answer is every post, newest first, drafts too.
 */
export const magazineEndpoints = {
  magazine_posts: {
    summary: 'Every post of the shop, drafts too, newest first.',
    request: v.object({}),
    data: v.array(ConsoleMagazinePostSchema),
    staff: true,
    owner: true,
  },
  magazine_post_save: {
    summary: `Writes a new post (no \`id\`) or changes one: the Persian \`title\` and \`body\` required, the English texts optional (blank shows the Persian), at most MAGAZINE_POST_LIMITS characters (else 400 naming the \`field\`); \`picture_id\` a picture of this shop or blank for none (else 400 \`picture_not_found\`); \`published\` 0 (a draft, never shown to customers) or 1; \`date\` an ISO timestamp, blank for now (kept on an edit). Another shop's id: 404 \`magazine_post_not_found\`.`,
    request: v.object({
      id: blankAsAbsent(id()),
      title: words(MAGAZINE_POST_LIMITS.title),
      title_en: blankOr(words(MAGAZINE_POST_LIMITS.title), ''),
      summary: blankOr(words(MAGAZINE_POST_LIMITS.summary, true), ''),
      summary_en: blankOr(words(MAGAZINE_POST_LIMITS.summary, true), ''),
      body: words(MAGAZINE_POST_LIMITS.body, true),
      body_en: blankOr(words(MAGAZINE_POST_LIMITS.body, true), ''),
      picture_id: blankAsAbsent(id()),
      published: flag(),
      date: blankAsAbsent(v.pipe(v.string(), v.trim(), v.isoTimestamp('an ISO timestamp'))),
    }),
    data: v.array(ConsoleMagazinePostSchema),
    staff: true,
    owner: true,
  },
  magazine_post_publish: {
    summary: "Publishes (`published` 1) or takes back to a draft (0) one post; another shop's id: 404 `magazine_post_not_found`.",
    request: v.object({ id: id(), published: integer({ min: 0, max: 1 }) }),
    data: v.array(ConsoleMagazinePostSchema),
    staff: true,
    owner: true,
  },
  magazine_post_remove: {
    summary: "Removes a post; another shop's id: 404 `magazine_post_not_found`.",
    request: v.object({ id: id() }),
    data: v.array(ConsoleMagazinePostSchema),
    staff: true,
    owner: true,
  },
} as const;
