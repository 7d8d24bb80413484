import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { adWizardMachine, wizardScreen } from '@machines/classifieds/ad-wizard-machine';
import type { PickedFile, UploadEvent } from '@machines/upload';
import { adDetail, jpeg } from './ad-wizard-fixtures';

describe('ad wizard: Back is offered where the chart takes it', () => {
  it('Scenario: while a picture uploads, Back (like Next) is not offered; once it is in, Back goes to the fields', async () => {
    let upload: ((event: UploadEvent) => void) | null = null;
    const machine = adWizardMachine.provide({
      actors: {
        'load draft': fromPromise(async (): Promise<unknown> => null),
        'load ad': fromPromise(async () => adDetail()),
        'upload picture': fromCallback<UploadEvent, { file: PickedFile }>(({ sendBack }) => void (upload = sendBack)),
      },
      actions: { 'save draft': () => {} },
    });
    const actor = createActor(machine, { input: { shopId: 4, editId: 31 } }).start();
    await waitFor(actor, (snapshot) => wizardScreen(snapshot) === 'fields');
    actor.send({ type: 'wizard.next' });
    expect(wizardScreen(actor.getSnapshot())).toBe('pictures');
    expect(actor.getSnapshot().can({ type: 'wizard.back' })).toBe(true);
    actor.send({ type: 'wizard.pick', file: jpeg() });
    expect(actor.getSnapshot().matches({ pictures: 'uploading' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'wizard.back' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'wizard.next' })).toBe(false);
    upload!({ type: 'upload.done', message: null, media: { id: 7, url: '/media/upload/7', thumbnail_url: '/media/upload/7/thumb', mime: 'image/jpeg', width: 800, height: 600 } });
    expect(actor.getSnapshot().can({ type: 'wizard.back' })).toBe(true);
    actor.send({ type: 'wizard.back' });
    expect(wizardScreen(actor.getSnapshot())).toBe('fields');
  });
});
