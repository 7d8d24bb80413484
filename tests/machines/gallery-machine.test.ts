import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { ConsoleGalleryPicture } from '@contract/console/endpoints/gallery';
import { CHAT_ERRORS } from '@contract/rules/chat';
import { galleryMachine, type GallerySave } from '@machines/console/gallery-machine';
import type { PickedFile, UploadEvent } from '@machines/upload';

const entry = (id: number): ConsoleGalleryPicture => ({ id, title: `تصویر ${id}`, title_en: `Picture ${id}`, picture_id: 100 + id, picture: `/media/${100 + id}`, width: 800, height: 600 });

function start(first = [entry(1)]) {
  const saves: GallerySave[] = [];
  const removed: number[] = [];
  const uploads: PickedFile[] = [];
  const moves: { id: number; direction: 'up' | 'down' }[] = [];
  let gallery = first;
  const machine = galleryMachine.provide({
    actors: {
      'load gallery': fromPromise(async () => gallery),
      'save entry': fromPromise(async ({ input }: { input: GallerySave }) => {
        saves.push(input);
        gallery = [...gallery, { ...entry(9), title: input.title, title_en: input.title_en, picture_id: input.picture_id, picture: `/media/${input.picture_id}` }];
        return gallery;
      }),
      'remove entry': fromPromise(async ({ input }: { input: { id: number } }) => {
        removed.push(input.id);
        gallery = gallery.filter((candidate) => candidate.id !== input.id);
        return gallery;
      }),
      'move entry': fromPromise(async ({ input }: { input: { id: number; direction: 'up' | 'down' } }) => {
        moves.push(input);
        const at = gallery.findIndex((candidate) => candidate.id === input.id);
        const to = input.direction === 'up' ? at - 1 : at + 1;
        [gallery[at], gallery[to]] = [gallery[to], gallery[at]];
        return [...gallery];
      }),
      'upload picture': fromCallback<UploadEvent, { file: PickedFile }>(({ input, sendBack }) => {
        uploads.push(input.file);
        sendBack({ type: 'upload.done', message: null, media: { id: 55, url: '/media/55', thumbnail_url: '/media/55/thumb', mime: 'image/jpeg', width: 1600, height: 900 } });
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, saves, removed, uploads, moves };
}

describe('the console’s gallery chart', () => {
  it('a picture moves up or down one place and the answered order is shown; the first cannot go up nor the last down', async () => {
    const { actor, moves } = start([entry(1), entry(2), entry(3)]);
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().can({ type: 'entry.move', id: 1, direction: 'up' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'entry.move', id: 3, direction: 'down' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'entry.move', id: 7, direction: 'down' })).toBe(false);
    actor.send({ type: 'entry.move', id: 3, direction: 'up' });
    expect(actor.getSnapshot().can({ type: 'entry.move', id: 1, direction: 'down' })).toBe(false); // one write at a time
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(moves).toEqual([{ id: 3, direction: 'up' }]);
    expect(actor.getSnapshot().context.gallery?.map((picture) => picture.id)).toEqual([1, 3, 2]);
    expect(actor.getSnapshot().context.moved).toBe(3);
  });

  it('a new entry needs titles and a picture before sending; an uploaded picture fills it and the saved gallery is shown', async () => {
    const { actor, saves, uploads } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'entry.new' });
    actor.send({ type: 'entry.save' });
    expect(actor.getSnapshot().context.problems).toEqual({ title: 'title_required', title_en: 'title_required', picture: 'picture_required' });
    expect(saves).toEqual([]);
    actor.send({ type: 'entry.upload', file: { name: 'notes.txt', type: 'text/plain', size: 10 } });
    expect(actor.getSnapshot().context.failure?.result).toBe(CHAT_ERRORS.fileType);
    expect(uploads).toEqual([]);
    actor.send({ type: 'entry.upload', file: { name: 'yard.jpg', type: 'image/jpeg', size: 5000 } });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context.form?.picture).toEqual({ id: 55, url: '/media/55' });
    actor.send({ type: 'entry.field', field: 'title', value: ' حیاط ' });
    actor.send({ type: 'entry.field', field: 'title_en', value: 'Courtyard' });
    actor.send({ type: 'entry.save' });
    await waitFor(actor, (snapshot) => snapshot.context.saved);
    expect(saves).toEqual([{ title: 'حیاط', title_en: 'Courtyard', picture_id: 55 }]);
    expect(actor.getSnapshot().context.form).toBeNull();
    expect(actor.getSnapshot().context.gallery?.map((picture) => picture.picture_id)).toEqual([101, 55]);
  });

  it('edits keep the entry’s id and picture; only a listed entry is edited or removed', async () => {
    const { actor, saves, removed } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'entry.edit', id: 77 });
    expect(actor.getSnapshot().context.form).toBeNull();
    actor.send({ type: 'entry.edit', id: 1 });
    actor.send({ type: 'entry.field', field: 'title_en', value: 'First' });
    actor.send({ type: 'entry.save' });
    await waitFor(actor, (snapshot) => snapshot.context.saved);
    expect(saves).toEqual([{ id: 1, title: 'تصویر 1', title_en: 'First', picture_id: 101 }]);
    actor.send({ type: 'entry.remove', id: 77 });
    expect(removed).toEqual([]);
    actor.send({ type: 'entry.remove', id: 1 });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && removed.length === 1);
    expect(removed).toEqual([1]);
  });
});
