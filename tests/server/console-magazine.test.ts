import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { MAGAZINE_POST_LIMITS } from '@contract/rules/magazine-posts';
import { magazinePosts, media, shops } from '../../server/db/schema';
import { call } from './checkout-support/helpers';
import { staffLogin } from './helpers/console-client';
import { createTestApp, type TestApp } from './helpers/create-test-app';

/*
 * The owner's magazine (issue 32): posts written in the console in fa (en optional), with a cover picture of the
 * shop, a date that orders them and a draft state. A draft never reaches the storefront's get_magazines or
 * get_magazine_post; a publish does on the next read. Owner only; another shop's post or picture is refused, and
 * bad input is refused in fa and en with nothing written. Both databases.
 */

const KEBAB = 'kebab.localhost';
const GROCERY = 'grocery.localhost';
const database = process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
let t: TestApp;
let owner: Awaited<ReturnType<typeof staffLogin>>;
let staff: Awaited<ReturnType<typeof staffLogin>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await staffLogin(t.app, KEBAB);
  await owner.api.call('team_add', { name: 'Counter', username: 'counter', password: 'counter-secret-1', role: 'staff' });
  staff = await staffLogin(t.app, KEBAB, 'counter', 'counter-secret-1');
});
afterAll(async () => {
  await t?.close();
});

const shopIdOf = async (slug: string) => (await t.db.select({ id: shops.id }).from(shops).where(eq(shops.slug, slug)))[0].id;
const pictureOf = async (slug: string) => (await t.db.select({ id: media.id }).from(media).where(eq(media.shopId, await shopIdOf(slug))).limit(1))[0].id;
/** What a customer reads: the first page's posts in `language`. */
const storefront = async (language: 'fa' | 'en' = 'fa', fields: Record<string, string> = {}) => {
  const answer = await call(t, KEBAB, null, 'get_magazines', { page: 1, language, ...fields });
  expect(answer.status).toBe(200);
  return answer.data.posts;
};
const storefrontPost = (id: number, language: 'fa' | 'en' = 'fa') => call(t, KEBAB, null, 'get_magazine_post', { id, language });
const post = (fields: Record<string, string>) => ({ title: 'کباب تابستانی', body: 'متن مطلب', published: '0', ...fields });

describe(`the owner's magazine (${database})`, () => {
  it('Scenario: a draft with a cover stays off the storefront; published it shows first on the next read, edited, taken back and removed likewise', async () => {
    const seeded = await storefront();
    expect(seeded.length).toBeGreaterThan(0); // primed: the read cache holds the seeded posts
    const picture = await pictureOf('kebab');

    const afterAdd = await owner.api.call('magazine_post_save', post({ picture_id: String(picture), summary: 'خلاصه' }));
    const draft = afterAdd[0];
    expect(draft).toMatchObject({ title: 'کباب تابستانی', title_en: '', published: false, picture_id: picture, picture: `/media/${picture}` });
    expect(afterAdd.map((entry) => entry.date)).toEqual([...afterAdd.map((entry) => entry.date)].sort().reverse()); // newest first
    expect(await storefront()).toEqual(seeded);
    expect((await storefrontPost(draft.id)).status).toBe(404);
    // A category filter cannot reach a draft either (drafts keep no category a customer can name).
    for (const cat of ['-1', '0', '1']) expect((await storefront('fa', { cat_id: cat })).map((entry) => entry.id)).not.toContain(draft.id);

    await owner.api.call('magazine_post_publish', { id: String(draft.id), published: '1' });
    const [shown] = await storefront();
    expect(shown).toMatchObject({ id: draft.id, title: 'کباب تابستانی', summary: 'خلاصه', picture: `/media/${picture}` });
    // No English text written: the English storefront shows the Persian one, never a blank title.
    expect((await storefrontPost(draft.id, 'en')).data).toMatchObject({ title: 'کباب تابستانی', body: 'متن مطلب' });

    await owner.api.call('magazine_post_save', post({ id: String(draft.id), title_en: 'Summer kebab', body_en: 'The text', published: '1', date: '2001-01-02T10:00:00.000Z' }));
    expect((await storefrontPost(draft.id, 'en')).data).toMatchObject({ title: 'Summer kebab', body: 'The text', picture: null, created_at: '2001-01-02T10:00:00.000Z' });
    // Its older date puts it after the seeded posts, on the storefront's last page and in the owner's list.
    const listed = await owner.api.call('magazine_posts');
    expect(listed.at(-1)?.id).toBe(draft.id);
    const { pages } = (await call(t, KEBAB, null, 'get_magazines', { page: 1 })).data;
    expect((await storefront('fa', { page: String(pages) })).at(-1)?.id).toBe(draft.id);

    await owner.api.call('magazine_post_publish', { id: String(draft.id), published: '0' });
    expect(await storefront()).toEqual(seeded);
    expect((await owner.api.call('magazine_posts')).find((entry) => entry.id === draft.id)).toMatchObject({ published: false, title_en: 'Summer kebab' });

    const afterRemove = await owner.api.call('magazine_post_remove', { id: String(draft.id) });
    expect(afterRemove.map((entry) => entry.id)).not.toContain(draft.id);
    expect(await storefront()).toEqual(seeded);
  });

  it("Scenario: staff, another shop's post or picture, a blank title, an overlong text and a non-date are refused in fa and en; nothing is written", async () => {
    const grocery = await staffLogin(t.app, GROCERY);
    const [groceryPost] = await grocery.api.call('magazine_post_save', post({ title: 'قفسه تازه', published: '1' }));
    const rows = async () => (await t.db.select({ n: count() }).from(magazinePosts))[0].n;
    const before = { rows: await rows(), owners: await owner.api.call('magazine_posts'), shown: await storefront() };

    const asStaff = await staff.api.post({ code: 'magazine_post_save', ...post({}) });
    expect(asStaff).toMatchObject({ statusCode: 403, body: { result: 'owner_only' } });
    expect((await staff.api.post({ code: 'magazine_posts' })).statusCode).toBe(403);

    for (const code of ['magazine_post_publish', 'magazine_post_remove'] as const) {
      const foreign = await owner.api.post({ code, id: String(groceryPost.id), published: '0' });
      expect(foreign).toMatchObject({ statusCode: 404, body: { result: 'not_found', message: 'This magazine post could not be found.' } });
    }
    const foreignEdit = await owner.api.post({ code: 'magazine_post_save', ...post({ id: String(groceryPost.id) }) }, 'fa');
    expect(foreignEdit).toMatchObject({ statusCode: 404, body: { message: 'این مطلب مجله پیدا نشد.' } });
    expect(await grocery.api.call('magazine_posts')).toEqual([groceryPost]);

    const foreignPicture = await owner.api.post({ code: 'magazine_post_save', ...post({ picture_id: String(await pictureOf('grocery')) }) });
    expect(foreignPicture).toMatchObject({ statusCode: 400, body: { result: 'invalid_input', data: { field: 'picture_id' } } });

    const refusals: [Record<string, string>, string, { fa: string; en: string }][] = [
      [{ title: '  ' }, 'title', { fa: '«عنوان فارسی» را بنویسید.', en: 'Write the Persian title.' }],
      [{ body: 'x'.repeat(MAGAZINE_POST_LIMITS.body + 1) }, 'body', { fa: '«متن فارسی» حداکثر ۵۰۰۰ نویسه است.', en: 'The Persian text has at most 5000 characters.' }],
      [{ title_en: 'T'.repeat(MAGAZINE_POST_LIMITS.title + 1) }, 'title_en', { fa: '«عنوان انگلیسی» حداکثر ۱۵۰ نویسه است.', en: 'The English title has at most 150 characters.' }],
    ];
    for (const [fields, field, words] of refusals) {
      for (const language of ['fa', 'en'] as const) {
        const answer = await owner.api.post({ code: 'magazine_post_save', ...post(fields) }, language);
        expect(answer, field).toMatchObject({ statusCode: 400, body: { result: 'invalid_input', message: words[language], data: { field } } });
      }
    }
    const notADate = await owner.api.post({ code: 'magazine_post_save', ...post({ date: 'yesterday' }) });
    expect(notADate.statusCode).toBe(400);
    const tooLongForTheSchema = await owner.api.post({ code: 'magazine_post_save', ...post({ body: 'x'.repeat(MAGAZINE_POST_LIMITS.body * 3) }) });
    expect(tooLongForTheSchema.statusCode).toBe(400);

    expect({ rows: await rows(), owners: await owner.api.call('magazine_posts'), shown: await storefront() }).toEqual(before);
  });
});
