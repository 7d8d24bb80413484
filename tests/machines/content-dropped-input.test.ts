import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import type { ContentPages, HomePicture, HomePictures } from '@contract/console/endpoints/content';
import type { ConsoleGalleryPicture } from '@contract/console/endpoints/gallery';
import type { ConsoleMagazinePost } from '@contract/console/endpoints/magazine';
import { galleryMachine, type GallerySave } from '@machines/console/gallery-machine';
import { magazineMachine, type MagazineChange, type MagazineSave } from '@machines/console/magazine-machine';
import { shopContentMachine, type PageSave, type PictureChange } from '@machines/console/shop-content-machine';
import type { PickedFile, UploadEvent } from '@machines/upload';
import { heldRequests, settle } from './held-requests';

const file: PickedFile = { name: 'cover.jpg', type: 'image/jpeg', size: 1000 };
const media = { id: 41, url: '/media/41', thumbnail_url: '/media/41/thumb', mime: 'image/jpeg', width: 8, height: 8 };

/** An upload the test finishes by hand; `stopped` once the chart stopped it. */
function heldUpload() {
  const upload = { sendBack: null as ((event: UploadEvent) => void) | null, stopped: false };
  const logic = fromCallback<UploadEvent, { file: PickedFile }>(({ sendBack }) => {
    upload.sendBack = sendBack;
    upload.stopped = false;
    return () => {
      upload.stopped = true;
    };
  });
  return { upload, logic };
}

describe('shop content: nothing typed is dropped while a picture uploads or something saves', () => {
  const pages: ContentPages = { about: { fa: 'درباره', en: 'About' }, rules: { fa: '', en: '' }, privacy: { fa: '', en: '' } };
  const picture = (id: number, order: number): HomePicture => ({ id, title: `اسلاید ${id}`, title_en: `Slide ${id}`, picture_id: 7, picture: '/media/7', link: '', order });
  const pictures: HomePictures = { slides: [picture(1, 0), picture(2, 1)], banners: [] };

  async function editing() {
    const pageSaves = heldRequests<PageSave, ContentPages>();
    const changes = heldRequests<PictureChange, HomePictures>();
    const { upload, logic } = heldUpload();
    const machine = shopContentMachine.provide({
      actors: {
        'load content': fromPromise(async () => ({ pages, pictures })),
        'save page': fromPromise(({ input }: { input: PageSave }) => pageSaves.call(input)),
        'change pictures': fromPromise(({ input }: { input: PictureChange }) => changes.call(input)),
        'upload picture': logic,
      },
    });
    const actor = createActor(machine).start();
    await settle();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    return { actor, pageSaves, changes, upload };
  }

  it('Scenario: typing the slide’s titles while its picture uploads keeps them, and the picture lands in the form', async () => {
    const { actor, upload } = await editing();
    actor.send({ type: 'picture.new', kind: 'slide' });
    actor.send({ type: 'picture.upload', file });
    expect(actor.getSnapshot().matches('uploadingPicture')).toBe(true);
    actor.send({ type: 'picture.field', field: 'title', value: 'بهار' });
    actor.send({ type: 'page.edit', language: 'en', value: 'About us' });
    upload.sendBack!({ type: 'upload.done', message: null, media });
    expect(actor.getSnapshot().context.form).toMatchObject({ title: 'بهار', picture_id: '41' });
    expect(actor.getSnapshot().context.draft.en).toBe('About us');
  });

  it('Scenario: the page’s text typed while the page saves is kept after the answer', async () => {
    const { actor, pageSaves } = await editing();
    actor.send({ type: 'page.edit', language: 'en', value: 'About us' });
    actor.send({ type: 'page.save' });
    actor.send({ type: 'page.edit', language: 'en', value: 'About us, since 1990' });
    const request = pageSaves.next();
    request.resolve({ ...pages, about: { fa: request.input.fa, en: request.input.en } });
    await settle();
    expect(actor.getSnapshot().context.saved).toBe('page');
    expect(actor.getSnapshot().context.draft.en).toBe('About us, since 1990');
  });

  it('Scenario: the slide form typed into while another slide is removed stays open with its text', async () => {
    const { actor, changes } = await editing();
    actor.send({ type: 'picture.new', kind: 'slide' });
    actor.send({ type: 'picture.remove', kind: 'slide', id: 2 });
    actor.send({ type: 'picture.field', field: 'title', value: 'بهار' });
    changes.next().resolve({ slides: [picture(1, 0)], banners: [] });
    await settle();
    expect(actor.getSnapshot().context.form?.title).toBe('بهار');
  });

  it('Scenario: saves, uploads and page switches wait for what runs; Cancel closes the form during an upload or the page’s save', async () => {
    const { actor, pageSaves, upload } = await editing();
    actor.send({ type: 'picture.new', kind: 'slide' });
    const commands = () => {
      const snapshot = actor.getSnapshot();
      return [snapshot.can({ type: 'page.save' }), snapshot.can({ type: 'page.pick', page: 'rules' }), snapshot.can({ type: 'picture.save' }), snapshot.can({ type: 'picture.upload', file })];
    };
    expect(commands()).toEqual([true, true, true, true]);
    actor.send({ type: 'picture.upload', file });
    expect(commands()).toEqual([false, false, false, false]);
    actor.send({ type: 'picture.cancel' });
    expect(upload.stopped).toBe(true);
    expect(actor.getSnapshot().context.form).toBeNull();
    actor.send({ type: 'picture.new', kind: 'slide' });
    actor.send({ type: 'page.save' });
    expect(commands()).toEqual([false, false, false, false]);
    actor.send({ type: 'picture.cancel' });
    expect(actor.getSnapshot().context.form).toBeNull();
    pageSaves.next().resolve(pages);
    await settle();
    actor.send({ type: 'picture.edit', kind: 'slide', id: 1 });
    actor.send({ type: 'picture.save' });
    expect(actor.getSnapshot().matches('changingPictures')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'picture.cancel' })).toBe(false);
  });
});

describe('gallery: nothing typed is dropped while its picture uploads', () => {
  const entry = (id: number): ConsoleGalleryPicture => ({ id, title: `تصویر ${id}`, title_en: `Picture ${id}`, picture_id: 100 + id, picture: `/media/${100 + id}`, width: 800, height: 600 });

  async function editing() {
    const saves = heldRequests<GallerySave, ConsoleGalleryPicture[]>();
    const removals = heldRequests<{ id: number }, ConsoleGalleryPicture[]>();
    const { upload, logic } = heldUpload();
    const machine = galleryMachine.provide({
      actors: {
        'load gallery': fromPromise(async () => [entry(1), entry(2)]),
        'save entry': fromPromise(({ input }: { input: GallerySave }) => saves.call(input)),
        'remove entry': fromPromise(({ input }: { input: { id: number } }) => removals.call(input)),
        'move entry': fromPromise(async () => [entry(2), entry(1)]),
        'upload picture': logic,
      },
    });
    const actor = createActor(machine).start();
    await settle();
    return { actor, saves, removals, upload };
  }

  it('Scenario: typing the titles while the picture uploads keeps them; Cancel stops the upload', async () => {
    const { actor, upload } = await editing();
    actor.send({ type: 'entry.new' });
    actor.send({ type: 'entry.upload', file });
    expect(actor.getSnapshot().matches('uploading')).toBe(true);
    actor.send({ type: 'entry.field', field: 'title', value: 'بهار' });
    upload.sendBack!({ type: 'upload.done', message: null, media });
    expect(actor.getSnapshot().context.form).toMatchObject({ title: 'بهار', picture: { id: 41 } });
    actor.send({ type: 'entry.upload', file });
    expect([actor.getSnapshot().can({ type: 'entry.save' }), actor.getSnapshot().can({ type: 'entry.upload', file })]).toEqual([false, false]);
    actor.send({ type: 'entry.cancel' });
    expect(upload.stopped).toBe(true);
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.form).toBeNull();
  });

  it('Scenario: typing while another picture is removed keeps the text; the save waits, Cancel does not', async () => {
    const { actor, removals } = await editing();
    actor.send({ type: 'entry.new' });
    actor.send({ type: 'entry.remove', id: 2 });
    actor.send({ type: 'entry.field', field: 'title_en', value: 'Spring' });
    expect(actor.getSnapshot().context.form?.title_en).toBe('Spring');
    expect([actor.getSnapshot().can({ type: 'entry.save' }), actor.getSnapshot().can({ type: 'entry.cancel' })]).toEqual([false, true]);
    removals.next().resolve([entry(1)]);
    await settle();
    expect(actor.getSnapshot().context.form?.title_en).toBe('Spring');
    expect(actor.getSnapshot().can({ type: 'entry.save' })).toBe(true);
  });
});

describe('magazine: nothing typed is dropped while its cover uploads', () => {
  const post = (id: number): ConsoleMagazinePost => ({
    id,
    title: `پست ${id}`,
    title_en: '',
    summary: '',
    summary_en: '',
    body: 'متن',
    body_en: '',
    picture_id: null,
    picture: null,
    published: false,
    date: '2026-11-01T08:00:00.000Z',
  });

  it('Scenario: typing and ticking Published while the cover uploads keeps them; saving waits; Cancel stops the upload', async () => {
    const saves = heldRequests<MagazineSave, ConsoleMagazinePost[]>();
    const changes = heldRequests<MagazineChange, ConsoleMagazinePost[]>();
    const { upload, logic } = heldUpload();
    const machine = magazineMachine.provide({
      actors: {
        'load posts': fromPromise(async () => [post(1)]),
        'save post': fromPromise(({ input }: { input: MagazineSave }) => saves.call(input)),
        'change post': fromPromise(({ input }: { input: MagazineChange }) => changes.call(input)),
        'upload picture': logic,
      },
    });
    const actor = createActor(machine).start();
    await settle();
    actor.send({ type: 'post.new' });
    actor.send({ type: 'post.upload', file });
    expect(actor.getSnapshot().matches('uploading')).toBe(true);
    actor.send({ type: 'post.field', field: 'title', value: 'بهار' });
    actor.send({ type: 'post.published', value: true });
    expect([actor.getSnapshot().can({ type: 'post.save' }), actor.getSnapshot().can({ type: 'post.unpicture' })]).toEqual([false, false]);
    upload.sendBack!({ type: 'upload.done', message: null, media });
    expect(actor.getSnapshot().context.form).toMatchObject({ title: 'بهار', published: true, picture: { id: 41 } });
    actor.send({ type: 'post.publish', id: 1, published: true });
    expect(actor.getSnapshot().matches('changing')).toBe(true);
    actor.send({ type: 'post.field', field: 'body', value: 'متن بهار' });
    actor.send({ type: 'post.unpicture' });
    expect(actor.getSnapshot().context.form).toMatchObject({ body: 'متن بهار', picture: null });
    changes.next().resolve([{ ...post(1), published: true }]);
    await settle();
    expect(actor.getSnapshot().context.form?.body).toBe('متن بهار');
    actor.send({ type: 'post.upload', file });
    actor.send({ type: 'post.cancel' });
    expect(upload.stopped).toBe(true);
    expect(actor.getSnapshot().context.form).toBeNull();
  });
});
