import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { ConsoleItem } from '@contract/console/catalog-entities';
import { CHAT_ERRORS, UPLOAD_LIMITS } from '@contract/rules/chat';
import { CATALOG_PICTURES_MAX } from '@contract/rules/shop-pictures';
import { isBusy, itemPicturesMachine, shownPictures, type ItemPicture, type ItemPicturesEmitted } from '@machines/console/item-pictures-machine';
import type { PickedFile, UploadEvent } from '@machines/upload';

const picture = (id: number): ItemPicture => ({ id, url: `/media/${id}` });
const item = (ids: number[]): ConsoleItem => ({
  id: 7,
  folder_id: 2,
  type: 1,
  name: 'کباب',
  name_en: 'Kebab',
  description: '',
  description_en: '',
  unit: 'number',
  unit_step: 1,
  price: 100,
  sizes: [],
  in_stock: true,
  picture: ids.length > 0 ? `/media/${ids[0]}` : null,
  pictures: ids.map(picture),
  sort: 1,
});
const photo: PickedFile = { name: 'photo.jpg', type: 'image/jpeg', size: 1000 };

function start(pictures: ItemPicture[], options: { upload?: 'ok' | 'refused'; save?: 'ok' | 'refused' } = {}) {
  const saved: number[][] = [];
  const uploads: PickedFile[] = [];
  const machine = itemPicturesMachine.provide({
    actors: {
      'upload picture': fromCallback<UploadEvent, { file: PickedFile }>(({ input, sendBack }) => {
        uploads.push(input.file);
        if (options.upload === 'refused') sendBack({ type: 'upload.failed', error: { result: CHAT_ERRORS.fileType, message: 'unauthorized file type' } });
        else sendBack({ type: 'upload.done', message: null, media: { id: 99, url: '/media/99', thumbnail_url: '/media/99/thumb', mime: 'image/jpeg', width: 10, height: 10 } });
      }),
      'save pictures': fromPromise(async ({ input }: { input: { item_id: number; picture_ids: number[] } }) => {
        saved.push(input.picture_ids);
        if (options.save === 'refused') throw { result: 'invalid_input', message: 'This picture is not one of this shop’s pictures.' };
        return item(input.picture_ids);
      }),
    },
  });
  const actor = createActor(machine, { input: { itemId: 7, pictures } });
  const emitted: ItemPicturesEmitted[] = [];
  actor.on('pictures.saved', (event) => emitted.push(event));
  actor.start();
  return { actor, saved, uploads, emitted };
}

describe('an item’s pictures in the console', () => {
  it('a picked picture is uploaded and appended to the item’s list, which is saved and told to the catalog', async () => {
    const { actor, saved, emitted } = start([picture(1)]);
    actor.send({ type: 'picture.pick', file: photo });
    await waitFor(actor, (snapshot) => !isBusy(snapshot));
    expect(saved).toEqual([[1, 99]]);
    expect(shownPictures(actor.getSnapshot()).map((entry) => entry.id)).toEqual([1, 99]);
    expect(emitted.map((event) => event.item.pictures.length)).toEqual([2]);
  });

  it('moving a picture first makes it the cover; removing saves the rest; an end picture does not move past the end', async () => {
    const { actor, saved } = start([picture(1), picture(2), picture(3)]);
    actor.send({ type: 'picture.move', index: 2, step: -1 });
    await waitFor(actor, (snapshot) => !isBusy(snapshot));
    actor.send({ type: 'picture.move', index: 1, step: -1 });
    await waitFor(actor, (snapshot) => !isBusy(snapshot));
    actor.send({ type: 'picture.remove', index: 2 });
    await waitFor(actor, (snapshot) => !isBusy(snapshot));
    expect(saved).toEqual([
      [1, 3, 2],
      [3, 1, 2],
      [3, 1],
    ]);
    actor.send({ type: 'picture.move', index: 0, step: -1 });
    await waitFor(actor, (snapshot) => !isBusy(snapshot));
    expect(saved.at(-1)).toEqual([3, 1]);
    // An index that is no picture sends nothing.
    actor.send({ type: 'picture.remove', index: 5 });
    expect(saved).toHaveLength(4);
  });

  it('a file that is no picture by its declared type, or too big, is refused before sending; a full list takes no more', () => {
    const { actor, uploads } = start([picture(1)]);
    actor.send({ type: 'picture.pick', file: { name: 'menu.pdf', type: 'application/pdf', size: 10 } });
    expect(actor.getSnapshot().context.refusal?.result).toBe(CHAT_ERRORS.fileType);
    actor.send({ type: 'picture.pick', file: { ...photo, size: UPLOAD_LIMITS.shop_picture.maxBytes + 1 } });
    expect(actor.getSnapshot().context.refusal?.result).toBe(CHAT_ERRORS.fileSize);
    expect(uploads).toEqual([]);

    const full = start(Array.from({ length: CATALOG_PICTURES_MAX }, (_, index) => picture(index + 1)));
    expect(full.actor.getSnapshot().can({ type: 'picture.pick', file: photo })).toBe(false);
  });

  it('a refused upload or save keeps the list as it was and the server’s words', async () => {
    const upload = start([picture(1)], { upload: 'refused' });
    upload.actor.send({ type: 'picture.pick', file: photo });
    await waitFor(upload.actor, (snapshot) => !isBusy(snapshot));
    expect(upload.actor.getSnapshot().context.refusal?.message).toBe('unauthorized file type');
    expect(upload.saved).toEqual([]);

    const save = start([picture(1), picture(2)], { save: 'refused' });
    save.actor.send({ type: 'picture.remove', index: 0 });
    await waitFor(save.actor, (snapshot) => !isBusy(snapshot));
    expect(shownPictures(save.actor.getSnapshot()).map((entry) => entry.id)).toEqual([1, 2]);
    expect(save.actor.getSnapshot().context.refusal?.message).toContain('not one of this shop');
    expect(save.emitted).toEqual([]);
  });
});
