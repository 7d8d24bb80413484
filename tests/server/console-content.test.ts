import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { banners, media, shops, slides } from '../../server/db/schema';
import { staffLogin, type ConsoleClient } from './helpers/console-client';
import { createTestApp, type TestApp } from './helpers/create-test-app';

/*
 * The owner's storefront content (issue 32): content pages, slides and banners written from the console; the
 * storefront's next read (get_shop, get_slides, get_banners: the codes the SPA calls, through the read cache) shows
 * each change. Staff are refused, another shop's ids are not found, bad input writes nothing.
 */

const KEBAB = 'kebab.localhost';
const WHOLESALE = 'wholesale.localhost';
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const shopId = async (slug: string) => (await t.db.select().from(shops).where(eq(shops.slug, slug)))[0].id;
const pictureOf = async (slug: string) => (await t.db.select().from(media).where(eq(media.shopId, await shopId(slug))))[0].id;
/** The storefront's read, as the SPA asks it. */
const storefront = async (code: string, language = 'fa') => {
  const reply = await t.call(KEBAB, { code, language }, { headers: { 'accept-language': language } });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data;
};
/** Everything the content codes write, for "nothing written". */
const written = async (slug: string) => {
  const id = await shopId(slug);
  const [shop] = await t.db.select({ description: shops.description, descriptionEn: shops.descriptionEn, texts: shops.texts }).from(shops).where(eq(shops.id, id));
  return { shop, slides: await t.db.select().from(slides).where(eq(slides.shopId, id)), banners: await t.db.select().from(banners).where(eq(banners.shopId, id)) };
};

let staffSeq = 0;
async function newStaff(owner: ConsoleClient) {
  const username = `content${++staffSeq}${Date.now() % 100_000}`;
  const password = `secret-${username}`;
  await owner.call('team_add', { name: `Content ${staffSeq}`, username, password, role: 'staff' });
  return staffLogin(t.app, KEBAB, username, password);
}

describe(`the owner's content pages (${database})`, () => {
  it('Scenario: the owner writes about, rules and privacy in fa and en; get_shop shows them in each language at once; a blank rules page gives the standard text back', async () => {
    const owner = await staffLogin(t.app, KEBAB);
    await storefront('get_shop'); // the snapshot the change must drop
    const about = await owner.api.call('content_page_update', { page: 'about', fa: 'کباب تازه از ۱۳۵۰', en: 'Fresh kebab since 1971' });
    expect(about.about).toEqual({ fa: 'کباب تازه از 1350', en: 'Fresh kebab since 1971' });
    await owner.api.call('content_page_update', { page: 'rules', fa: 'سفارش تا ساعت ۲۲', en: 'Orders until 22:00' });
    const pages = await owner.api.call('content_page_update', { page: 'privacy', fa: 'شماره شما نزد ما می‌ماند.\nهمین.', en: 'Your number stays with us.\nThat is all.' });
    expect(pages).toEqual({
      about: { fa: 'کباب تازه از 1350', en: 'Fresh kebab since 1971' },
      rules: { fa: 'سفارش تا ساعت 22', en: 'Orders until 22:00' },
      privacy: { fa: 'شماره شما نزد ما می‌ماند.\nهمین.', en: 'Your number stays with us.\nThat is all.' },
    });
    expect(await owner.api.call('content_pages')).toEqual(pages);

    const fa = await storefront('get_shop', 'fa');
    expect(fa).toMatchObject({ description: 'کباب تازه از 1350', description_en: 'Fresh kebab since 1971', rules_text: 'سفارش تا ساعت 22', privacy_text: 'شماره شما نزد ما می‌ماند.\nهمین.' });
    expect(await storefront('get_shop', 'en')).toMatchObject({ rules_text: 'Orders until 22:00', privacy_text: 'Your number stays with us.\nThat is all.' });

    await owner.api.call('content_page_update', { page: 'rules', fa: '', en: '' });
    expect((await storefront('get_shop', 'fa')).rules_text).toBe('');
  });

  it('Scenario: a page over its length or with control characters, or an unknown page, is refused with 400 in the language asked and nothing is written', async () => {
    const owner = await staffLogin(t.app, KEBAB);
    const before = await written('kebab');
    const long = await owner.api.post({ code: 'content_page_update', page: 'about', fa: 'ا'.repeat(5001), en: 'ok' }, 'fa');
    expect(long.statusCode).toBe(400);
    expect(long.body).toMatchObject({ status: false, result: 'invalid_input', message: expect.stringContaining('۵۰۰۰') });
    const control = await owner.api.post({ code: 'content_page_update', page: 'rules', fa: 'ok', en: 'bell\u0007' });
    expect(control.statusCode).toBe(400);
    const unknown = await owner.api.post({ code: 'content_page_update', page: 'terms', fa: 'ok', en: 'ok' });
    expect(unknown.statusCode).toBe(400);
    expect(await written('kebab')).toEqual(before);
  });
});

describe(`the owner's slides and banners (${database})`, () => {
  it('Scenario: the owner adds, edits, reorders and removes slides and banners; get_slides and get_banners show each change on the next read', async () => {
    const owner = await staffLogin(t.app, KEBAB);
    const picture = await pictureOf('kebab');
    const seeded = (await owner.api.call('home_pictures')).slides;
    expect((await storefront('get_slides')).map((slide: { id: number }) => slide.id)).toEqual(seeded.map((slide) => slide.id));

    const added = await owner.api.call('home_picture_add', { kind: 'slide', title: 'جوجه ویژه', title_en: 'Special chicken', picture_id: String(picture), link: '/list-item/3' });
    const slide = added.slides.at(-1)!;
    expect(slide).toMatchObject({ title: 'جوجه ویژه', title_en: 'Special chicken', picture_id: picture, picture: `/media/${picture}`, link: '/list-item/3' });
    expect((await storefront('get_slides')).at(-1)).toEqual({ id: slide.id, title: 'جوجه ویژه', title_en: 'Special chicken', picture: `/media/${picture}`, link: '/list-item/3' });

    await owner.api.call('home_picture_update', { kind: 'slide', id: String(slide.id), title: 'جوجه', title_en: 'Chicken', picture_id: String(picture), link: 'https://example.com/menu' });
    expect((await storefront('get_slides')).at(-1)).toMatchObject({ id: slide.id, title_en: 'Chicken', link: 'https://example.com/menu' });

    const order = [slide.id, ...seeded.map((entry) => entry.id)];
    const reordered = await owner.api.call('home_pictures_reorder', { kind: 'slide', ids: JSON.stringify(order) });
    expect(reordered.slides.map((entry) => entry.id)).toEqual(order);
    expect((await storefront('get_slides')).map((entry: { id: number }) => entry.id)).toEqual(order);

    const banner = (await owner.api.call('home_picture_add', { kind: 'banner', title: 'تخفیف', title_en: 'Offer', picture_id: String(picture) })).banners.at(-1)!;
    expect(banner.link).toBe('');
    expect((await storefront('get_banners')).at(-1)).toMatchObject({ id: banner.id, title_en: 'Offer', link: null });

    await owner.api.call('home_picture_remove', { kind: 'slide', id: String(slide.id) });
    await owner.api.call('home_picture_remove', { kind: 'banner', id: String(banner.id) });
    expect((await storefront('get_slides')).map((entry: { id: number }) => entry.id)).toEqual(seeded.map((entry) => entry.id));
    expect((await storefront('get_banners')).find((entry: { id: number }) => entry.id === banner.id)).toBeUndefined();
  });

  it("Scenario: another shop's slide, banner or picture is refused (404, 400) and a link that is not a site path or https, or an order that is not the list's, is 400; nothing is written", async () => {
    const owner = await staffLogin(t.app, KEBAB);
    const other = await staffLogin(t.app, WHOLESALE);
    const picture = await pictureOf('kebab');
    const otherPicture = await pictureOf('wholesale');
    const otherSlide = (await other.api.call('home_pictures')).slides[0] ?? (await other.api.call('home_picture_add', { kind: 'slide', title: 'x', title_en: 'x', picture_id: String(otherPicture) })).slides[0];
    const before = await written('kebab');
    const otherBefore = await written('wholesale');

    const foreign = await owner.api.post({ code: 'home_picture_update', kind: 'slide', id: String(otherSlide.id), title: 'mine', title_en: 'mine', picture_id: String(picture) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toMatchObject({ status: false, result: 'not_found', message: 'This slide or banner could not be found.' });
    const fa = await owner.api.post({ code: 'home_picture_remove', kind: 'slide', id: String(otherSlide.id) }, 'fa');
    expect(fa.statusCode).toBe(404);
    expect(fa.body.message).toBe('این اسلاید یا بنر پیدا نشد.');

    const theirPicture = await owner.api.post({ code: 'home_picture_add', kind: 'slide', title: 'x', title_en: 'x', picture_id: String(otherPicture) });
    expect(theirPicture.statusCode).toBe(400);
    expect(theirPicture.body.message).toMatch(/not one of this shop/);

    for (const link of ['javascript:alert(1)', 'http://example.com', '//evil.example', 'https://', 'data:text/html,hi', '/a b']) {
      const answer = await owner.api.post({ code: 'home_picture_add', kind: 'banner', title: 'x', title_en: 'x', picture_id: String(picture), link }, 'fa');
      expect(answer.statusCode, link).toBe(400);
      expect(answer.body.message, link).toContain('https');
    }
    expect((await owner.api.post({ code: 'home_picture_add', kind: 'slide', title: 'x'.repeat(101), title_en: 'x', picture_id: String(picture) })).statusCode).toBe(400);

    const ids = before.slides.map((row) => row.id);
    for (const order of [ids.slice(1), [...ids, otherSlide.id], [ids[0], ...ids]]) {
      const answer = await owner.api.post({ code: 'home_pictures_reorder', kind: 'slide', ids: JSON.stringify(order) });
      expect(answer.statusCode, JSON.stringify(order)).toBe(400);
    }
    expect(await written('kebab')).toEqual(before);
    expect(await written('wholesale')).toEqual(otherBefore);
  });

  it('Scenario: a staff member who is not an owner is refused every content code with 403 owner_only and nothing is written', async () => {
    const owner = await staffLogin(t.app, KEBAB);
    const staff = await newStaff(owner.api);
    const picture = await pictureOf('kebab');
    const before = await written('kebab');
    const slideId = String(before.slides[0].id);
    const attempts: Record<string, string>[] = [
      { code: 'content_pages' },
      { code: 'content_page_update', page: 'about', fa: 'x', en: 'x' },
      { code: 'home_pictures' },
      { code: 'home_picture_add', kind: 'slide', title: 'x', title_en: 'x', picture_id: String(picture) },
      { code: 'home_picture_update', kind: 'slide', id: slideId, title: 'x', title_en: 'x', picture_id: String(picture) },
      { code: 'home_picture_remove', kind: 'slide', id: slideId },
      { code: 'home_pictures_reorder', kind: 'slide', ids: JSON.stringify(before.slides.map((row) => row.id)) },
    ];
    for (const fields of attempts) {
      const answer = await staff.api.post(fields);
      expect(answer.statusCode, fields.code).toBe(403);
      expect(answer.body).toMatchObject({ status: false, result: 'owner_only' });
    }
    expect(await written('kebab')).toEqual(before);
  });
});
