import type { ConsoleMagazinePost } from '@contract/console/endpoints/magazine';
import { magazinePostBound, magazinePostProblems, type MagazinePostField, type MagazinePostInput, type MagazinePostProblem } from '@contract/rules/magazine-posts';
import { ApiError } from '../../errors';
import { translate, type MessageKey } from '../../i18n/messages';
import type { Repositories } from '../../repositories';
import { type MagazinePostValues } from '../../repositories/content-extra-repository';
import { mediaUrl } from '../context';
import type { ConsoleHandlers, StaffContext } from './context';

type PostRow = Awaited<ReturnType<Repositories['contentExtra']['ownerPosts']>>[number];

const toPost = (row: PostRow): ConsoleMagazinePost => ({
  id: row.id,
  title: row.title,
  title_en: row.titleEn,
  summary: row.summary,
  summary_en: row.summaryEn,
  body: row.body,
  body_en: row.bodyEn,
  picture_id: row.pictureMediaId,
  picture: mediaUrl(row.pictureMediaId),
  published: row.published,
  date: row.createdAt.toISOString(),
});

const posts = async (repos: Repositories) => (await repos.contentExtra.ownerPosts()).map(toPost);

/** One write of the magazine: through writeShopData (every instance's storefront reads it next) with an audit line; answers every post. */
function magazineWrite(context: StaffContext, detail: Record<string, unknown>, write: (tx: Repositories) => Promise<void>): Promise<ConsoleMagazinePost[]> {
  const { staff, shop, clock, events } = context;
  return context.repos.writeShopData(events, async (tx) => {
    await write(tx);
    await tx.staffAudit.record(staff, { action: 'magazine.update', subjectType: 'shop', subjectId: shop.id, detail }, clock());
    return posts(tx);
  });
}

const problemKey = (problem: MagazinePostProblem): MessageKey => (problem === 'required' ? 'magazine_required' : problem === 'not_a_date' ? 'magazine_date_invalid' : 'magazine_too_long');

/** 400 invalid_input naming the first refused field in the request's language (contract/rules/magazine-posts.ts); nothing is written. */
function checked(context: StaffContext, input: MagazinePostInput): void {
  const [first] = Object.entries(magazinePostProblems(input)) as [MagazinePostField, MagazinePostProblem][];
  if (!first) return;
  const [field, problem] = first;
  const fieldName = translate(context.language, `magazine_field_${field}`);
  throw new ApiError(400, 'invalid_input', translate(context.language, problemKey(problem), { field: fieldName, max: magazinePostBound(field) }), undefined, { field });
}

const notFound = (context: StaffContext) => new ApiError(404, 'not_found', translate(context.language, 'magazine_post_not_found'));

/** The owner's magazine (issue 32; `owner: true`, checked by the route: a post speaks for the shop). */
export const magazineConsoleActions: ConsoleHandlers<'magazine_posts' | 'magazine_post_save' | 'magazine_post_publish' | 'magazine_post_remove'> = {
  async magazine_posts({ repos }) {
    return posts(repos);
  },

  async magazine_post_save(context, request) {
    const input: MagazinePostInput = { ...request, date: request.date ?? null };
    checked(context, input);
    const values: MagazinePostValues = {
      title: input.title,
      titleEn: input.title_en,
      summary: input.summary,
      summaryEn: input.summary_en,
      body: input.body,
      bodyEn: input.body_en,
      pictureMediaId: request.picture_id ?? null,
      published: request.published === 1,
      ...(input.date === null ? {} : { createdAt: new Date(input.date) }),
    };
    return magazineWrite(context, { id: request.id ?? null, title: input.title, published: values.published }, async (tx) => {
      const picture = request.picture_id;
      if (picture !== undefined && !(await tx.contentEditor.pictureSize(picture))) {
        throw new ApiError(400, 'invalid_input', translate(context.language, 'picture_not_found'), undefined, { field: 'picture_id' });
      }
      if (request.id === undefined) await tx.contentExtra.addPost({ ...values, createdAt: values.createdAt ?? context.clock() });
      else if (!(await tx.contentExtra.updatePost(request.id, values))) throw notFound(context);
    });
  },

  async magazine_post_publish(context, { id, published }) {
    return magazineWrite(context, { id, published: published === 1 }, async (tx) => {
      if (!(await tx.contentExtra.setPostPublished(id, published === 1))) throw notFound(context);
    });
  },

  async magazine_post_remove(context, { id }) {
    return magazineWrite(context, { removed: id }, async (tx) => {
      if (!(await tx.contentExtra.removePost(id))) throw notFound(context);
    });
  },
};
