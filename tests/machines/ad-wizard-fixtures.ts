import { createActor, fromCallback, fromPromise } from 'xstate';
import type { AdDetail } from '@contract/entities/ad';
import { adWizardMachine, type AdWizardInput, type SubmitAdInput } from '@machines/classifieds/ad-wizard-machine';
import type { WizardDraft } from '@machines/classifieds/ad-draft';
import type { PickedFile, UploadEvent } from '@machines/upload';

/** An ad as get_ad_ty answers its publisher (or another visitor, `mine: false`). */
export function adDetail(overrides: Partial<AdDetail> = {}): AdDetail {
  return {
    id: 31,
    code: 'A-31',
    title: 'آپارتمان نوساز در ونک',
    request: 'sale',
    type: 'apartment',
    city: 'تهران',
    neighborhood: 'ونک',
    meterage: 85,
    rooms: 2,
    total_price: 12_000_000_000,
    deposit: null,
    monthly_rent: null,
    cover: { id: 7, url: '/media/upload/7', thumbnail_url: '/media/upload/7/thumb' },
    picture_ids: [7],
    status: 'approved',
    bookmarked: false,
    published_at: '2026-11-20T10:00:00.000Z',
    location: { lat: 35.757, lng: 51.41 },
    publisher: { name: 'مریم', kind: 'person', consultant_code: null, deleted: false },
    province: 'تهران',
    business_class: null,
    build_year: 1400,
    partnership_for: null,
    comment: '',
    pictures: [{ id: 7, url: '/media/upload/7', thumbnail_url: '/media/upload/7/thumb' }],
    mine: true,
    reason: null,
    expires_at: null,
    actions: ['edit', 'close', 'delete'],
    ...overrides,
  };
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
