import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { ConsoleCatalog, ConsoleFolder } from '@contract/console/catalog-entities';
import { CHAT_ERRORS } from '@contract/rules/chat';
import type { FolderSave } from '@machines/console/catalog-machine';
import { folderEditorMachine, parentChoices, type FolderEditorEmitted } from '@machines/console/folder-editor-machine';
import type { PickedFile, UploadEvent } from '@machines/upload';

const folder = (id: number, parent_id = 0, bg_color: string | null = null): ConsoleFolder => ({ id, parent_id, name: `پوشه ${id}`, name_en: `Folder ${id}`, picture: null, bg_color, sort: id });

function start(edited: ConsoleFolder, options: { refuseSave?: unknown } = {}) {
  const saves: FolderSave[] = [];
  const pictures: { folder_id: number; picture_id: number }[] = [];
  const uploads: PickedFile[] = [];
  const told: FolderEditorEmitted[] = [];
  const machine = folderEditorMachine.provide({
    actors: {
      'save folder': fromPromise(async ({ input }: { input: FolderSave }) => {
        saves.push(input);
        if (options.refuseSave) throw options.refuseSave;
        return { ...edited, name: input.name, name_en: input.name_en, parent_id: input.parent_id, bg_color: input.bg_color === undefined ? edited.bg_color : input.bg_color || null };
      }),
      'set picture': fromPromise(async ({ input }: { input: { folder_id: number; picture_id: number } }) => {
        pictures.push(input);
        return { ...edited, picture: input.picture_id === 0 ? null : `/media/${input.picture_id}` };
      }),
      'upload picture': fromCallback<UploadEvent, { file: PickedFile }>(({ input, sendBack }) => {
        uploads.push(input.file);
        sendBack({ type: 'upload.done', message: null, media: { id: 55, url: '/media/55', thumbnail_url: '/media/55/thumb', mime: 'image/jpeg', width: 800, height: 800 } });
      }),
    },
  });
  const actor = createActor(machine, { input: { folder: edited } });
  actor.on('folder.stored', (event) => told.push(event));
  actor.start();
  return { actor, saves, pictures, uploads, told };
}

describe('the console’s folder editor chart', () => {
  it('Scenario: a colour that is not #rrggbb or a blank name is refused by the rule and nothing is sent; a good form sends names, parent and the changed colour, and the catalog hears the saved folder', async () => {
    const { actor, saves, told } = start(folder(4));
    actor.send({ type: 'folder.field', field: 'bg_color', value: 'red' });
    actor.send({ type: 'folder.field', field: 'name_en', value: ' ' });
    actor.send({ type: 'folder.submit' });
    expect(actor.getSnapshot().context.problems).toEqual([
      { field: 'name_en', problem: 'name_en_required' },
      { field: 'bg_color', problem: 'color_invalid' },
    ]);
    expect(saves).toEqual([]);
    actor.send({ type: 'folder.field', field: 'bg_color', value: '#F5E6D3' });
    actor.send({ type: 'folder.field', field: 'name_en', value: ' Salads ' });
    actor.send({ type: 'folder.parent', parentId: 2 });
    actor.send({ type: 'folder.submit' });
    await waitFor(actor, (snapshot) => snapshot.context.saved === 'folder');
    expect(saves).toEqual([{ folder_id: 4, name: 'پوشه 4', name_en: 'Salads', parent_id: 2, bg_color: '#F5E6D3' }]);
    expect(told.map((event) => event.folder)).toEqual([{ ...folder(4), name_en: 'Salads', parent_id: 2, bg_color: '#F5E6D3' }]);
  });

  it('Scenario: a seeded colour that is not #rrggbb is kept (not sent) when only the name changes; clearing it sends blank', async () => {
    const seeded = folder(4, 0, 'hsl(20, 60%, 92%)');
    const { actor, saves } = start(seeded);
    actor.send({ type: 'folder.field', field: 'name', value: 'سالاد' });
    actor.send({ type: 'folder.submit' });
    await waitFor(actor, (snapshot) => snapshot.context.saved === 'folder');
    expect(saves[0]).toEqual({ folder_id: 4, name: 'سالاد', name_en: 'Folder 4', parent_id: 0 });
    actor.send({ type: 'folder.field', field: 'bg_color', value: '' });
    actor.send({ type: 'folder.submit' });
    await waitFor(actor, (snapshot) => snapshot.context.saved === 'folder');
    expect(saves[1]).toMatchObject({ bg_color: '' });
  });

  it('Scenario: the server’s refusal is kept with its field and the form as typed', async () => {
    const { actor } = start(folder(4), { refuseSave: { result: 'invalid_input', message: 'Folders have two levels', data: { field: 'parent_id' } } });
    actor.send({ type: 'folder.parent', parentId: 3 });
    actor.send({ type: 'folder.submit' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && snapshot.context.refusal !== null);
    expect(actor.getSnapshot().context.refusal).toMatchObject({ message: 'Folders have two levels', data: { field: 'parent_id' } });
    expect(actor.getSnapshot().context.form.parent_id).toBe(3);
  });

  it('Scenario: a picked picture is uploaded and set as the folder’s; a text file is refused before sending; remove sets none', async () => {
    const { actor, pictures, uploads, told } = start(folder(4));
    expect(actor.getSnapshot().can({ type: 'picture.remove' })).toBe(false);
    actor.send({ type: 'folder.field', field: 'name_en', value: 'Typed, not saved' });
    actor.send({ type: 'picture.pick', file: { name: 'notes.txt', type: 'text/plain', size: 10 } });
    expect(actor.getSnapshot().context.refusal?.result).toBe(CHAT_ERRORS.fileType);
    expect(uploads).toEqual([]);
    actor.send({ type: 'picture.pick', file: { name: 'tile.jpg', type: 'image/jpeg', size: 5000 } });
    await waitFor(actor, (snapshot) => snapshot.context.saved === 'picture');
    expect(pictures).toEqual([{ folder_id: 4, picture_id: 55 }]);
    expect(actor.getSnapshot().context.folder.picture).toBe('/media/55');
    expect(actor.getSnapshot().context.form.name_en).toBe('Typed, not saved');
    actor.send({ type: 'picture.remove' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && snapshot.context.folder.picture === null);
    expect(pictures).toEqual([{ folder_id: 4, picture_id: 55 }, { folder_id: 4, picture_id: 0 }]);
    expect(told.map((event) => event.folder.picture)).toEqual(['/media/55', null]);
  });

  it('Scenario: a folder goes to the top or under another top folder; one holding subfolders stays on top', () => {
    const catalog: ConsoleCatalog = { folders: [folder(1), folder(2), folder(3, 1)], items: [] };
    expect(parentChoices(catalog, 2).map((choice) => choice.id)).toEqual([1]);
    expect(parentChoices(catalog, 3).map((choice) => choice.id)).toEqual([1, 2]);
    expect(parentChoices(catalog, 1)).toEqual([]);
  });
});
