import { validateContact } from '@contract/contact';
import { MAGAZINE_PAGE_SIZE, type MagazinePost } from '@contract/entities/magazine';
import type { Language } from '@contract/enums';
import { ApiError } from '../errors';
import { translate } from '../i18n/messages';
import { mediaUrl, type Handlers } from './context';

type PostRow = {
  id: number;
  categoryId: number;
  title: string;
  titleEn: string;
  summary: string;
  summaryEn: string;
  body: string;
  bodyEn: string;
  pictureMediaId: number | null;
  createdAt: Date;
};

/** A text in the language asked for; an English text the owner left blank shows the Persian one. */
const inLanguage = (fa: string, en: string, language: Language) => (language === 'en' && en !== '' ? en : fa);

const toPost = (row: PostRow, language: Language): MagazinePost => ({
  id: row.id,
  category_id: row.categoryId,
  title: inLanguage(row.title, row.titleEn, language),
  summary: inLanguage(row.summary, row.summaryEn, language),
  body: inLanguage(row.body, row.bodyEn, language),
  picture: mediaUrl(row.pictureMediaId),
  created_at: row.createdAt.toISOString(),
});

export const contentPageActions: Handlers<'get_magazines' | 'get_magazine_post' | 'get_gallery' | 'contact_us'> = {
  async get_magazines(context, input) {
    const language = input.language ?? context.language;
    if (input.page < 1) throw new ApiError(400, 'invalid_input', translate(context.language, 'page_out_of_range'));
    const { rows, total } = await context.repos.contentExtra.magazinePage({
      offset: (input.page - 1) * MAGAZINE_PAGE_SIZE,
      limit: MAGAZINE_PAGE_SIZE,
      categoryId: input.cat_id,
    });
    return { posts: rows.map((row) => toPost(row, language)), num_results: total, page: input.page, pages: Math.max(1, Math.ceil(total / MAGAZINE_PAGE_SIZE)) };
  },

  async get_magazine_post(context, { id, language }) {
    const row = await context.repos.contentExtra.magazinePost(id);
    if (!row) throw new ApiError(404, 'not_found', translate(context.language, 'post_not_found'));
    return toPost(row, language ?? context.language);
  },

  async get_gallery({ repos }) {
    const rows = await repos.contentExtra.gallery();
    return rows.map((row) => ({ id: row.id, title: row.title, title_en: row.titleEn, picture: `/media/${row.pictureMediaId}`, width: row.width, height: row.height }));
  },

  async contact_us({ repos, language }, input) {
    const problems = validateContact(input);
    if (problems.name === 'required' || problems.phone === 'required' || problems.email === 'required') {
      throw new ApiError(400, 'invalid_input', translate(language, 'contact_required'));
    }
    if (problems.email) throw new ApiError(400, 'invalid_input', translate(language, 'contact_email_invalid'));
    if (problems.phone) throw new ApiError(400, 'invalid_input', translate(language, 'contact_phone_invalid'));
    // Lengths are the contract's (TEXT_MAX in contract/rules/limits.ts): a longer field never reaches here.
    return { id: await repos.contentExtra.addContactMessage(input) };
  },
};
