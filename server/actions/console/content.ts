import type { ContentPages, HomePicture, HomePictures } from '@contract/console/endpoints/content';
import { SHOP_CONTENT_LIMITS, type ContentPage } from '@contract/rules/shop-content';
import type { ShopTexts } from '../../db/schema';
import { ApiError } from '../../errors';
import { translate } from '../../i18n/messages';
import type { Repositories } from '../../repositories';
import type { HomePictureRow } from '../../repositories/content-editor-repository';
import type { ConsoleHandlers, StaffContext } from './context';

type PageRow = Awaited<ReturnType<Repositories['contentEditor']['pages']>>;

/** The stored texts' key of a page the storefront shows from shops.texts (about is the shop's description). */
const textKey = { rules: 'rules_page', privacy: 'privacy_page' } as const satisfies Record<Exclude<ContentPage, 'about'>, keyof ShopTexts>;

const toPages = (row: PageRow): ContentPages => ({
  about: { fa: row.description, en: row.descriptionEn },
  rules: { fa: row.texts.fa.rules_page ?? '', en: row.texts.en.rules_page ?? '' },
  privacy: { fa: row.texts.fa.privacy_page ?? '', en: row.texts.en.privacy_page ?? '' },
});

const toHomePicture = (row: HomePictureRow): HomePicture => ({
  id: row.id,
  title: row.title,
  title_en: row.titleEn,
  picture_id: row.pictureMediaId,
  picture: `/media/${row.pictureMediaId}`,
  link: row.link ?? '',
  order: row.order,
});

async function homePictures(repos: Repositories): Promise<HomePictures> {
  const [slides, banners] = [await repos.contentEditor.list('slide'), await repos.contentEditor.list('banner')];
  return { slides: slides.map(toHomePicture), banners: banners.map(toHomePicture) };
}

/**
 * A write of what customers read: one transaction through writeShopData (every instance drops the shop's snapshot,
 * and every master's, once committed), with an audit line, so the storefront's next read shows it.
 */
function contentWrite<Result>(context: StaffContext, detail: Record<string, unknown>, write: (tx: Repositories) => Promise<Result>): Promise<Result> {
  const { staff, shop, clock, events } = context;
  return context.repos.writeShopData(events, async (tx) => {
    const result = await write(tx);
    await tx.staffAudit.record(staff, { action: 'content.update', subjectType: 'shop', subjectId: shop.id, detail }, clock());
    return result;
  });
}

/** This shop's picture, else 400: a slide shows only what the shop stores (/media/:id of another shop is not found). */
async function checkPicture(context: StaffContext, tx: Repositories, pictureId: number): Promise<void> {
  if (!(await tx.contentEditor.hasPicture(pictureId))) throw new ApiError(400, 'invalid_input', translate(context.language, 'picture_not_found'), undefined, { field: 'picture_id' });
}

const valuesOf = (input: { title: string; title_en: string; picture_id: number; link: string }) => ({
  title: input.title,
  titleEn: input.title_en,
  pictureMediaId: input.picture_id,
  link: input.link === '' ? null : input.link,
});

const notFound = (context: StaffContext) => new ApiError(404, 'not_found', translate(context.language, 'home_picture_not_found'));

/** The owner's storefront content (`owner: true`, checked by the route): content pages, slides and banners. */
export const contentConsoleActions: ConsoleHandlers<
  'content_pages' | 'content_page_update' | 'home_pictures' | 'home_picture_add' | 'home_picture_update' | 'home_picture_remove' | 'home_pictures_reorder'
> = {
  async content_pages({ repos }) {
    return toPages(await repos.contentEditor.pages());
  },

  async content_page_update(context, { page, fa, en }) {
    return contentWrite(context, { page }, async (tx) => {
      const row = await tx.contentEditor.pages();
      if (page === 'about') {
        await tx.contentEditor.writePages({ ...row, description: fa, descriptionEn: en });
      } else {
        const key = textKey[page];
        await tx.contentEditor.writePages({ ...row, texts: { fa: { ...row.texts.fa, [key]: fa }, en: { ...row.texts.en, [key]: en } } });
      }
      return toPages(await tx.contentEditor.pages());
    });
  },

  async home_pictures({ repos }) {
    return homePictures(repos);
  },

  async home_picture_add(context, input) {
    return contentWrite(context, { kind: input.kind, add: input.title }, async (tx) => {
      await tx.contentEditor.lockShop();
      await checkPicture(context, tx, input.picture_id);
      const rows = await tx.contentEditor.list(input.kind);
      if (rows.length >= SHOP_CONTENT_LIMITS.perKind) {
        throw new ApiError(409, 'home_pictures_full', translate(context.language, 'home_pictures_full', { max: SHOP_CONTENT_LIMITS.perKind }));
      }
      const last = rows.at(-1)?.order ?? -1;
      await tx.contentEditor.add(input.kind, valuesOf(input), last + 1);
      return homePictures(tx);
    });
  },

  async home_picture_update(context, input) {
    return contentWrite(context, { kind: input.kind, update: input.id }, async (tx) => {
      await checkPicture(context, tx, input.picture_id);
      if (!(await tx.contentEditor.update(input.kind, input.id, valuesOf(input)))) throw notFound(context);
      return homePictures(tx);
    });
  },

  async home_picture_remove(context, { kind, id }) {
    return contentWrite(context, { kind, remove: id }, async (tx) => {
      if (!(await tx.contentEditor.remove(kind, id))) throw notFound(context);
      return homePictures(tx);
    });
  },

  async home_pictures_reorder(context, { kind, ids }) {
    return contentWrite(context, { kind, order: ids }, async (tx) => {
      await tx.contentEditor.lockShop();
      const current = new Set((await tx.contentEditor.list(kind)).map((row) => row.id));
      const sameIds = ids.length === current.size && new Set(ids).size === ids.length && ids.every((id) => current.has(id));
      if (!sameIds) throw new ApiError(400, 'invalid_input', translate(context.language, 'home_pictures_order'), undefined, { field: 'ids' });
      await tx.contentEditor.reorder(kind, ids);
      return homePictures(tx);
    });
  },
};
