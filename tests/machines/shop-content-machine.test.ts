import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { CHAT_ERRORS } from '@contract/rules/chat';
import type { PickedFile, UploadEvent } from '@machines/upload';
import type { ContentPages, HomePicture, HomePictures } from '@contract/console/endpoints/content';
import { SHOP_CONTENT_LIMITS } from '@contract/rules/shop-content';
import { shopContentMachine, type PageSave, type PictureChange } from '@machines/console/shop-content-machine';

const pages: ContentPages = { about: { fa: 'درباره', en: 'About' }, rules: { fa: '', en: '' }, privacy: { fa: '', en: '' } };
const picture = (id: number, order: number): HomePicture => ({ id, title: `اسلاید ${id}`, title_en: `Slide ${id}`, picture_id: 7, picture: '/media/7', link: '', order });
const pictures: HomePictures = { slides: [picture(1, 0), picture(2, 1), picture(3, 2)], banners: [] };

function start() {
  const sent: (PageSave | PictureChange)[] = [];
  const uploads: PickedFile[] = [];
  const machine = shopContentMachine.provide({
    actors: {
      'load content': fromPromise(async () => ({ pages, pictures })),
      'save page': fromPromise(async ({ input }: { input: PageSave }) => {
        sent.push(input);
        return { ...pages, [input.page]: { fa: input.fa, en: input.en } };
      }),
      'change pictures': fromPromise(async ({ input }: { input: PictureChange }) => {
        sent.push(input);
        return pictures;
      }),
      'upload picture': fromCallback<UploadEvent, { file: PickedFile }>(({ input, sendBack }) => {
        uploads.push(input.file);
        sendBack({ type: 'upload.done', message: null, media: { id: 41, url: '/media/41', thumbnail_url: '/media/41/thumb', mime: 'image/png', width: 8, height: 8 } });
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, sent, uploads };
}

describe('shop content chart', () => {
  it('edits a page in both languages and saves it; a page over its length is refused before sending', async () => {
    const { actor, sent } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context.draft).toEqual({ fa: 'درباره', en: 'About' });
    actor.send({ type: 'page.pick', page: 'rules' });
    actor.send({ type: 'page.edit', language: 'en', value: 'x'.repeat(SHOP_CONTENT_LIMITS.page + 1) });
    actor.send({ type: 'page.save' });
    expect(actor.getSnapshot().context.pageProblems).toEqual({ en: 'too_long' });
    actor.send({ type: 'page.edit', language: 'en', value: 'Orders until 22:00' });
    actor.send({ type: 'page.edit', language: 'fa', value: 'سفارش تا ۲۲' });
    actor.send({ type: 'page.save' });
    await waitFor(actor, (snapshot) => snapshot.context.saved === 'page');
    expect(sent).toEqual([{ page: 'rules', fa: 'سفارش تا ۲۲', en: 'Orders until 22:00' }]);
  });

  it("refuses a slide without titles or with a link off the site before sending, then adds it; moves and removes only what is listed and can move", async () => {
    const { actor, sent } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'picture.new', kind: 'slide' });
    actor.send({ type: 'picture.field', field: 'picture_id', value: '۷' });
    actor.send({ type: 'picture.field', field: 'link', value: 'javascript:alert(1)' });
    actor.send({ type: 'picture.save' });
    expect(actor.getSnapshot().context.formProblems).toEqual({ title: 'required', title_en: 'required', link: 'not_a_link' });
    actor.send({ type: 'picture.field', field: 'title', value: 'ویژه' });
    actor.send({ type: 'picture.field', field: 'title_en', value: 'Special' });
    actor.send({ type: 'picture.field', field: 'link', value: '/list-item/3' });
    actor.send({ type: 'picture.save' });
    await waitFor(actor, (snapshot) => snapshot.context.saved === 'pictures');
    expect(actor.getSnapshot().context.form).toBeNull();

    expect(actor.getSnapshot().can({ type: 'picture.move', kind: 'slide', id: 1, by: -1 })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'picture.remove', kind: 'banner', id: 1 })).toBe(false);
    actor.send({ type: 'picture.move', kind: 'slide', id: 1, by: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'picture.remove', kind: 'slide', id: 3 });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(sent).toEqual([
      { code: 'home_picture_add', kind: 'slide', title: 'ویژه', title_en: 'Special', picture_id: 7, link: '/list-item/3' },
      { code: 'home_pictures_reorder', kind: 'slide', ids: '[2,1,3]' },
      { code: 'home_picture_remove', kind: 'slide', id: 3 },
    ]);
  });

  it("an uploaded picture becomes the open slide's picture; a file that is no picture is refused before sending", async () => {
    const { actor, sent, uploads } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'picture.new', kind: 'slide' });
    actor.send({ type: 'picture.upload', file: { name: 'menu.txt', type: 'text/plain', size: 10 } });
    expect(actor.getSnapshot().context.failure?.result).toBe(CHAT_ERRORS.fileType);
    expect(uploads).toEqual([]);
    actor.send({ type: 'picture.upload', file: { name: 'slide.png', type: 'image/png', size: 1000 } });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context.form?.picture_id).toBe('41');
    actor.send({ type: 'picture.field', field: 'title', value: 'تازه' });
    actor.send({ type: 'picture.field', field: 'title_en', value: 'New' });
    actor.send({ type: 'picture.save' });
    await waitFor(actor, (snapshot) => snapshot.context.saved === 'pictures');
    expect(sent.at(-1)).toMatchObject({ code: 'home_picture_add', kind: 'slide', picture_id: 41 });
  });
});
