import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { ConsoleMagazinePost } from '@contract/console/endpoints/magazine';
import { magazineMachine, type MagazineChange, type MagazineSave } from '@machines/console/magazine-machine';
import type { PickedFile, UploadEvent } from '@machines/upload';

const post = (id: number, published: boolean): ConsoleMagazinePost => ({
  id,
  title: `مطلب ${id}`,
  title_en: '',
  summary: '',
  summary_en: '',
  body: 'متن',
  body_en: '',
  picture_id: null,
  picture: null,
  published,
  date: '2026-01-02T10:30:00.000Z',
});

function start() {
  const saves: MagazineSave[] = [];
  const changes: MagazineChange[] = [];
  let posts = [post(1, true)];
  const machine = magazineMachine.provide({
    actors: {
      'load posts': fromPromise(async () => posts),
      'save post': fromPromise(async ({ input }: { input: MagazineSave }) => {
        saves.push(input);
        posts = [{ ...post(9, input.published === 1), title: input.title }, ...posts];
        return posts;
      }),
      'change post': fromPromise(async ({ input }: { input: MagazineChange }) => {
        changes.push(input);
        posts = input.change === 'remove' ? posts.filter((entry) => entry.id !== input.id) : posts.map((entry) => (entry.id === input.id ? { ...entry, published: input.change === 'publish' } : entry));
        return posts;
      }),
      'upload picture': fromCallback<UploadEvent, { file: PickedFile }>(({ sendBack }) => {
        sendBack({ type: 'upload.done', message: null, media: { id: 55, url: '/media/55', thumbnail_url: '/media/55/thumb', mime: 'image/jpeg', width: 1600, height: 900 } });
      }),
    },
  });
  return { actor: createActor(machine).start(), saves, changes };
}

describe('the console’s magazine chart', () => {
  it('a new post needs a Persian title and text; saved as a draft with its cover and date, then published from the list', async () => {
    const { actor, saves, changes } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'post.new' });
    actor.send({ type: 'post.field', field: 'title_en', value: 'x'.repeat(151) });
    actor.send({ type: 'post.save' });
    expect(actor.getSnapshot().context.problems).toEqual({ title: 'required', title_en: 'too_long', body: 'required' });
    expect(saves).toEqual([]);
    actor.send({ type: 'post.field', field: 'title_en', value: ' Summer ' });
    actor.send({ type: 'post.field', field: 'title', value: 'تابستان' });
    actor.send({ type: 'post.field', field: 'body', value: 'متن' });
    actor.send({ type: 'post.field', field: 'date', value: '2026-03-04T09:15' });
    actor.send({ type: 'post.upload', file: { name: 'cover.jpg', type: 'image/jpeg', size: 5000 } });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'post.save' });
    await waitFor(actor, (snapshot) => snapshot.context.saved);
    expect(saves).toEqual([
      { title: 'تابستان', title_en: 'Summer', summary: '', summary_en: '', body: 'متن', body_en: '', picture_id: 55, published: 0, date: new Date('2026-03-04T09:15').toISOString() },
    ]);
    expect(actor.getSnapshot().context.form).toBeNull();
    // Publishing a draft is offered; publishing what is already published is not.
    expect(actor.getSnapshot().can({ type: 'post.publish', id: 1, published: true })).toBe(false);
    actor.send({ type: 'post.publish', id: 9, published: true });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && snapshot.context.posts?.[0].published === true);
    actor.send({ type: 'post.publish', id: 9, published: false });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && snapshot.context.posts?.[0].published === false);
    actor.send({ type: 'post.remove', id: 9 });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && snapshot.context.posts?.length === 1);
    expect(changes).toEqual([
      { id: 9, change: 'publish' },
      { id: 9, change: 'draft' },
      { id: 9, change: 'remove' },
    ]);
  });

  it('editing a post fills the form with its texts and its date in local time; an unreadable date is refused before sending', async () => {
    const { actor, saves } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'post.edit', id: 1 });
    const form = actor.getSnapshot().context.form!;
    expect(form).toMatchObject({ id: 1, title: 'مطلب 1', published: true, picture: null });
    expect(new Date(form.date).toISOString()).toBe('2026-01-02T10:30:00.000Z');
    actor.send({ type: 'post.field', field: 'date', value: 'soon' });
    actor.send({ type: 'post.save' });
    expect(actor.getSnapshot().context.problems).toEqual({ date: 'not_a_date' });
    expect(saves).toEqual([]);
  });
});
