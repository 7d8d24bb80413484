import { createActor, fromCallback, fromPromise } from 'xstate';
import type { AdDetail } from '@contract/entities/ad';
import { adDetail as anAd } from './classifieds/ad-fixtures';
import { adWizardMachine, type AdWizardInput, type SubmitAdInput } from '@machines/classifieds/ad-wizard-machine';
import type { WizardDraft } from '@machines/classifieds/ad-draft';
import type { PickedFile, UploadEvent } from '@machines/upload';

/** An ad as get_ad_ty answers its publisher: ad 31, a sale with one picture (or another visitor's, `mine: false`); the contract's schema checks it. */
export function adDetail(overrides: Partial<AdDetail> = {}): AdDetail {
  const picture = { id: 7, url: '/media/upload/7', thumbnail_url: '/media/upload/7/thumb' };
  return anAd(31, {
    title: 'آپارتمان نوساز در ونک',
    request: 'sale',
    meterage: 85,
    total_price: 12_000_000_000,
    deposit: null,
    monthly_rent: null,
    cover: picture,
    picture_ids: [7],
    location: { lat: 35.757, lng: 51.41 },
    build_year: 1400,
    comment: '',
    pictures: [picture],
    mine: true,
    actions: ['edit', 'close', 'delete'],
    ...overrides,
  });
}

export const refusal = (result: string, message: string, data?: unknown) => ({ result, message, ...(data === undefined ? {} : { data }) });

/**
 * The wizard with its effects stubbed: the draft store is a Map (as localStorage per shop), each
 * upload answers at once with a new picture (or `uploadFails`), the submit records what it was sent.
 */
export function startWizard(
  input: AdWizardInput,
  options: { stored?: Map<number, WizardDraft>; submit?: (input: SubmitAdInput) => Promise<AdDetail>; load?: () => Promise<AdDetail>; uploadFails?: unknown } = {},
) {
  const stored = options.stored ?? new Map<number, WizardDraft>();
  const submitted: SubmitAdInput[] = [];
  const shown: string[] = [];
  const cleared: number[] = [];
  let nextPicture = 100;
  const machine = adWizardMachine.provide({
    actors: {
      'load draft': fromPromise(async ({ input: { shopId } }: { input: { shopId: number } }): Promise<unknown> => stored.get(shopId) ?? null),
      'load ad': fromPromise(options.load ?? (async () => adDetail())),
      'upload picture': fromCallback<UploadEvent, { file: PickedFile }>(({ sendBack }) => {
        sendBack({ type: 'upload.progress', loaded: 5, total: 10 });
        if (options.uploadFails) sendBack({ type: 'upload.failed', error: options.uploadFails });
        else {
          const id = nextPicture++;
          sendBack({ type: 'upload.done', message: null, media: { id, url: `/media/upload/${id}`, thumbnail_url: `/media/upload/${id}/thumb`, mime: 'image/jpeg', width: 800, height: 600 } });
        }
      }),
      'submit ad': fromPromise(async ({ input }: { input: SubmitAdInput }) => {
        submitted.push(input);
        return options.submit ? options.submit(input) : adDetail({ status: 'awaiting' });
      }),
    },
    actions: {
      'save draft': (_, params) => void stored.set(params.shopId, params.draft),
      'clear draft': (_, params) => {
        cleared.push(params.shopId);
        stored.delete(params.shopId);
      },
      'show my ads': () => void shown.push('my ads'),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, stored, submitted, shown, cleared };
}

export const jpeg = (name = 'flat.jpg', size = 200_000) => ({ name, type: 'image/jpeg', size });
