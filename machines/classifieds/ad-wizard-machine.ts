import { assertEvent, assign, enqueueActions, fromCallback, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { AdDetail, AdPoint } from '@contract/entities/ad';
import { declaredFileProblem, type CHAT_ERRORS } from '@contract/rules/chat';
import { AD_LIMITS, AD_REQUESTS, AD_TYPES, needsBusinessClass, type AdDraft, type AdRequest, type AdType, type BusinessClass } from '@contract/rules/ads';
import { asFailure, type ApiFailure } from '../api-failure';
import { notProvided } from '../not-provided';
import { progressPercent, type PickedFile, type UploadEvent } from '../upload';
import {
  BLANK_TEXTS,
  EMPTY_DRAFT,
  adOf,
  draftProblems,
  isOneOf,
  readDraft,
  resumableStep,
  STEP_FIELDS,
  stepComplete,
  stepOfField,
  type FieldProblem,
  type WizardDraft,
  type WizardField,
  type WizardStep,
} from './ad-draft';

/** The server's refusals of a submitted ad the wizard words where they belong (contract/endpoints/ads.ts). */
export const AD_REFUSALS = { fieldRequired: 'ad_field_required', dailyLimit: 'ad_daily_limit', duplicate: 'ad_duplicate' } as const;

export interface AdWizardInput {
  /** drafts are kept per shop */
  shopId: number;
  /** the ad being edited (/home-4/edit/:id), or null for a new one */
  editId: number | null;
  /** /home-4/new/:request?/:type?: preselected, when they are a request and a type */
  request?: string | null;
  type?: string | null;
}

export interface AdWizardContext extends WizardDraft {
  shopId: number;
  editId: number | null;
  preselect: { request: AdRequest | null; type: AdType | null };
  /** a step's problems are shown once the person tried to go on (the spec's required-box message under each) */
  shown: boolean;
  /** a server refusal naming a field: its message under that field */
  fieldRefusal: { field: string; message: string } | null;
  /** any other refusal of the submit (daily limit, duplicate, network), shown on the review */
  refusal: ApiFailure | null;
  /** the picked picture being sent, and the refusal of the last one (a courtesy check or the server's) */
  file: PickedFile | null;
  progress: { loaded: number; total: number } | null;
  pictureRefusal: { result: string; message: string } | null;
  /** why the ad to edit could not be loaded */
  failure: ApiFailure | null;
}

export type AdWizardEvent =
  | { type: 'wizard.request'; request: AdRequest }
  | { type: 'wizard.type'; adType: AdType }
  | { type: 'wizard.businessClass'; businessClass: BusinessClass }
  | { type: 'wizard.field'; field: WizardField; value: string }
  | { type: 'wizard.pick'; file: PickedFile }
  | { type: 'wizard.movePicture'; id: number; by: -1 | 1 }
  | { type: 'wizard.removePicture'; id: number }
  | { type: 'wizard.place'; point: AdPoint }
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'wizard.submit' }
  | { type: 'wizard.retry' }
  | UploadEvent;

/** What 'submit ad' sends: a new ad (create_new_ty_ad) or the edit of one (update_ad_ty). */
export interface SubmitAdInput {
  editId: number | null;
  ad: Partial<AdDraft>;
}

// The draft's effects as enqueued by `persist` and `forget` (typed here: inferred inside setup they would refer to themselves).
type SaveDraft = { type: 'save draft'; params: { shopId: number; draft: WizardDraft } };
type ClearDraft = { type: 'clear draft'; params: { shopId: number } };

/** The picture refusals the chart decides itself before sending (the server decides by the bytes). */
export type PictureRule = typeof CHAT_ERRORS.fileType | typeof CHAT_ERRORS.fileSize | 'too_many_pictures';

const draftOf = (context: AdWizardContext): WizardDraft => ({
  step: context.step,
  request: context.request,
  type: context.type,
  business_class: context.business_class,
  texts: context.texts,
  pictures: context.pictures,
  location: context.location,
});

const pictureRule = (context: AdWizardContext, file: PickedFile): PictureRule | null =>
  context.pictures.length >= AD_LIMITS.pictures.max ? 'too_many_pictures' : declaredFileProblem('ad_picture', file);

const refusedField = (error: unknown): string | null => {
  const failure = asFailure(error);
  const field = (failure.data as { field?: unknown } | null | undefined)?.field;
  return failure.result === AD_REFUSALS.fieldRequired && typeof field === 'string' && stepOfField(field) !== null ? field : null;
};

/** The draft an edit starts from: the ad as its publisher sees it. */
const draftOfAd = (ad: AdDetail): WizardDraft => {
  const text = (value: number | string | null) => (value === null ? '' : String(value));
  return {
    step: 'fields',
    request: ad.request,
    type: ad.type,
    business_class: ad.business_class,
    texts: {
      ...BLANK_TEXTS,
      title: ad.title,
      province: ad.province,
      city: ad.city,
      neighborhood: ad.neighborhood,
      partnership_for: ad.partnership_for ?? '',
      comment: ad.comment,
      meterage: text(ad.meterage),
      rooms: text(ad.rooms),
      build_year: text(ad.build_year),
      total_price: text(ad.total_price),
      deposit: text(ad.deposit),
      monthly_rent: text(ad.monthly_rent),
    },
    pictures: ad.pictures,
    location: ad.location,
  };
};

/**
 * The publishing wizard (/home-4/new, /home-4/new/:request?/:type?, /home-4/edit/:id): request → type (→
 * business class when the type needs one) → the fields the request needs → pictures (sent as they are
 * picked, reordered, the first the cover) → the point on the map → review → submit. Each step goes on only
 * when the contract's rule (adMissing, the server's too) finds nothing missing in it; otherwise its
 * problems show under their fields. A new ad's draft is saved at every change and read back when the
 * wizard opens again (a reload), and cleared once submitted; an edit starts from the ad (its publisher's
 * only) and keeps no draft. The server's refusals land where they belong: a field it names on its step,
 * the rest on the review.
 */
export const adWizardMachine = setup({
  types: {
    context: {} as AdWizardContext,
    events: {} as AdWizardEvent,
    input: {} as AdWizardInput,
  },
  actors: {
    'load draft': fromPromise<unknown, { shopId: number }>(notProvided('load draft')),
    'load ad': fromPromise<AdDetail, { id: number }>(notProvided('load ad')),
    'upload picture': fromCallback<UploadEvent, { file: PickedFile }>(() => {
      throw new Error("'upload picture' not provided");
    }),
    'submit ad': fromPromise<AdDetail, SubmitAdInput>(notProvided('submit ad')),
  },
  guards: {
    'is an edit': ({ context }) => context.editId !== null,
    'the ad is mine': ({ event }) => (event as unknown as { output: AdDetail }).output.mine,
    'step is request': ({ context }) => context.step === 'request',
    'step is type': ({ context }) => context.step === 'type',
    'step is business class': ({ context }) => context.step === 'businessClass',
    'step is fields': ({ context }) => context.step === 'fields',
    'step is pictures': ({ context }) => context.step === 'pictures',
    'step is location': ({ context }) => context.step === 'location',
    'the type needs a business class': ({ context, event }) =>
      needsBusinessClass(event.type === 'wizard.type' ? event.adType : (context.type ?? 'apartment')),
    'the fields are complete': ({ context }) => stepComplete(draftOf(context), 'fields'),
    'it is located': ({ context }) => stepComplete(draftOf(context), 'location'),
    'the ad is complete': ({ context }) => Object.keys(draftProblems(draftOf(context))).length === 0,
    'the picture is refused': ({ context, event }) => {
      assertEvent(event, 'wizard.pick');
      return pictureRule(context, event.file) !== null;
    },
    'it has this picture': ({ context, event }) =>
      (event.type === 'wizard.removePicture' || event.type === 'wizard.movePicture') && context.pictures.some((picture) => picture.id === event.id),
    'a business class field is refused': ({ event }) => stepOfField(refusedField((event as { error?: unknown }).error) ?? '') === 'businessClass',
    'a fields field is refused': ({ event }) => stepOfField(refusedField((event as { error?: unknown }).error) ?? '') === 'fields',
    'the location is refused': ({ event }) => stepOfField(refusedField((event as { error?: unknown }).error) ?? '') === 'location',
  },
  actions: {
    /** provided by the composition root: spec §8's toast of a refused submit or picture (the event's error) */
    'tell failure': () => {},
    /** provided by the composition root: the draft in localStorage (per shop) */
    'save draft': (_: unknown, _draft: { shopId: number; draft: WizardDraft }) => {},
    'clear draft': (_: unknown, _params: { shopId: number }) => {},
    /** provided by the composition root: "my ads", where the submitted ad waits for review */
    'show my ads': () => {},
    // A step's problems show once the person tries to go on, or at once when the server refused one of its fields.
    'enter step': assign<AdWizardContext, AdWizardEvent, { step: WizardStep }, AdWizardEvent, never>(({ context }, params) => ({ step: params.step, shown: context.fieldRefusal !== null && stepOfField(context.fieldRefusal.field) === params.step })),
    'restore draft': assign(({ context, event }) => {
      const stored = readDraft((event as unknown as { output: unknown }).output) ?? EMPTY_DRAFT;
      const { request, type } = context.preselect;
      if (request === null) return { ...stored, step: resumableStep(stored) };
      // A preselecting link wins over the draft's choice; the draft's typed fields stay.
      const chosen: WizardDraft = { ...stored, request, type: type ?? null, business_class: type && type === stored.type ? stored.business_class : null };
      return { ...chosen, step: type === null ? ('type' as const) : needsBusinessClass(type) ? ('businessClass' as const) : ('fields' as const) };
    }),
    'take ad': assign(({ event }) => draftOfAd((event as unknown as { output: AdDetail }).output)),
    'take load failure': assign(({ event }) => ({ failure: asFailure((event as { error?: unknown }).error) })),
    'take request': assign(({ event }) => {
      assertEvent(event, 'wizard.request');
      return { request: event.request };
    }),
    'take type': assign(({ context, event }) => {
      assertEvent(event, 'wizard.type');
      return { type: event.adType, business_class: needsBusinessClass(event.adType) ? context.business_class : null };
    }),
    'take business class': assign(({ event }) => {
      assertEvent(event, 'wizard.businessClass');
      return { business_class: event.businessClass };
    }),
    'take field': assign(({ context, event }) => {
      assertEvent(event, 'wizard.field');
      return { texts: { ...context.texts, [event.field]: event.value }, fieldRefusal: context.fieldRefusal?.field === event.field ? null : context.fieldRefusal };
    }),
    'take point': assign(({ context, event }) => {
      assertEvent(event, 'wizard.place');
      return { location: event.point, fieldRefusal: context.fieldRefusal?.field === 'location' ? null : context.fieldRefusal };
    }),
    'show problems': assign({ shown: true }),
    'take file': assign(({ event }) => {
      assertEvent(event, 'wizard.pick');
      return { file: event.file, progress: null, pictureRefusal: null };
    }),
    'refuse picture': assign(({ context, event }) => {
      assertEvent(event, 'wizard.pick');
      const result = pictureRule(context, event.file) as PictureRule;
      return { pictureRefusal: { result, message: '' } };
    }),
    'store progress': assign(({ event }) => {
      assertEvent(event, 'upload.progress');
      return { progress: { loaded: event.loaded, total: event.total } };
    }),
    'add picture': assign(({ context, event }) => {
      assertEvent(event, 'upload.done');
      const media = event.media;
      return { file: null, progress: null, pictures: media ? [...context.pictures, { id: media.id, url: media.url, thumbnail_url: media.thumbnail_url }] : context.pictures };
    }),
    'refuse upload': assign(({ event }) => {
      assertEvent(event, 'upload.failed');
      const failure = asFailure(event.error);
      return { file: null, progress: null, pictureRefusal: { result: failure.result, message: failure.message } };
    }),
    'move picture': assign(({ context, event }) => {
      assertEvent(event, 'wizard.movePicture');
      const from = context.pictures.findIndex((picture) => picture.id === event.id);
      const to = Math.min(context.pictures.length - 1, Math.max(0, from + event.by));
      const pictures = [...context.pictures];
      const [moved] = pictures.splice(from, 1);
      pictures.splice(to, 0, moved);
      return { pictures };
    }),
    'remove picture': assign(({ context, event }) => {
      assertEvent(event, 'wizard.removePicture');
      return { pictures: context.pictures.filter((picture) => picture.id !== event.id) };
    }),
    'take field refusal': assign(({ event }) => {
      const error = (event as { error?: unknown }).error;
      return { fieldRefusal: { field: refusedField(error) as string, message: asFailure(error).message }, shown: true, refusal: null };
    }),
    'take refusal': assign(({ event }) => ({ refusal: asFailure((event as { error?: unknown }).error) })),
    'clear refusal': assign({ refusal: null }),
    // Last: enqueueActions is typed by the actions above it.
    // Only a new ad keeps a draft: an edit starts from the ad itself.
    persist: enqueueActions(({ context, enqueue }) => {
      const save: SaveDraft = { type: 'save draft', params: { shopId: context.shopId, draft: draftOf(context) } };
      if (context.editId === null) enqueue(save);
    }),
    forget: enqueueActions(({ context, enqueue }) => {
      const clear: ClearDraft = { type: 'clear draft', params: { shopId: context.shopId } };
      if (context.editId === null) enqueue(clear);
    }),
  },
}).createMachine({
  id: 'adWizard',
  context: ({ input }) => ({
    ...EMPTY_DRAFT,
    shopId: input.shopId,
    editId: input.editId,
    preselect: {
      request: isOneOf(AD_REQUESTS, input.request) ? input.request : null,
      type: isOneOf(AD_REQUESTS, input.request) && isOneOf(AD_TYPES, input.type) ? input.type : null,
    },
    shown: false,
    fieldRefusal: null,
    refusal: null,
    file: null,
    progress: null,
    pictureRefusal: null,
    failure: null,
  }),
  initial: 'opening',
  states: {
    opening: { always: [{ guard: 'is an edit', target: 'loadingAd' }, { target: 'restoring' }] },
    // The draft left here before (a reload), if any.
    restoring: {
      invoke: {
        id: 'draft',
        src: 'load draft',
        input: ({ context }) => ({ shopId: context.shopId }),
        onDone: { target: 'resuming', actions: 'restore draft' },
        onError: { target: 'resuming' },
      },
    },
    loadingAd: {
      invoke: {
        id: 'ad',
        src: 'load ad',
        input: ({ context }) => ({ id: context.editId ?? 0 }),
        onDone: [{ guard: 'the ad is mine', target: 'resuming', actions: 'take ad' }, { target: 'notMine' }],
        onError: { target: 'loadFailed', actions: 'take load failure' },
      },
    },
    loadFailed: { on: { 'wizard.retry': 'loadingAd' } },
    // Another user's ad is not theirs to edit.
    notMine: { type: 'final' },
    resuming: {
      always: [
        { guard: 'step is request', target: 'request' },
        { guard: 'step is type', target: 'type' },
        { guard: 'step is business class', target: 'businessClass' },
        { guard: 'step is fields', target: 'fields' },
        { guard: 'step is pictures', target: 'pictures' },
        { guard: 'step is location', target: 'location' },
        { target: 'review' },
      ],
    },
    request: {
      entry: [{ type: 'enter step', params: { step: 'request' } }, 'persist'],
      on: { 'wizard.request': { target: 'type', actions: 'take request' } },
    },
    type: {
      entry: [{ type: 'enter step', params: { step: 'type' } }, 'persist'],
      on: {
        'wizard.type': [
          { guard: 'the type needs a business class', target: 'businessClass', actions: 'take type' },
          { target: 'fields', actions: 'take type' },
        ],
        'wizard.back': 'request',
      },
    },
    businessClass: {
      entry: [{ type: 'enter step', params: { step: 'businessClass' } }, 'persist'],
      on: {
        'wizard.businessClass': { target: 'fields', actions: 'take business class' },
        'wizard.back': 'type',
      },
    },
    fields: {
      entry: [{ type: 'enter step', params: { step: 'fields' } }, 'persist'],
      on: {
        'wizard.field': { actions: ['take field', 'persist'] },
        'wizard.next': [{ guard: 'the fields are complete', target: 'pictures' }, { actions: 'show problems' }],
        'wizard.back': [{ guard: 'the type needs a business class', target: 'businessClass' }, { target: 'type' }],
      },
    },
    pictures: {
      entry: [{ type: 'enter step', params: { step: 'pictures' } }, 'persist'],
      initial: 'idle',
      on: {
        'wizard.movePicture': { guard: 'it has this picture', actions: ['move picture', 'persist'] },
        'wizard.removePicture': { guard: 'it has this picture', actions: ['remove picture', 'persist'] },
      },
      states: {
        idle: {
          on: {
            'wizard.pick': [{ guard: 'the picture is refused', actions: 'refuse picture' }, { target: 'uploading', actions: 'take file' }],
            'wizard.next': '#adWizard.location',
            'wizard.back': '#adWizard.fields',
          },
        },
        // Leaving stops the upload actor, which aborts the request.
        uploading: {
          invoke: { id: 'upload', src: 'upload picture', input: ({ context }) => ({ file: context.file as PickedFile }) },
          on: {
            'upload.progress': { actions: 'store progress' },
            'upload.done': { target: 'idle', actions: ['add picture', 'persist'] },
            'upload.failed': { target: 'idle', actions: ['refuse upload', 'tell failure'] },
          },
        },
      },
    },
    location: {
      entry: [{ type: 'enter step', params: { step: 'location' } }, 'persist'],
      on: {
        'wizard.place': { actions: ['take point', 'persist'] },
        'wizard.next': [{ guard: 'it is located', target: 'review' }, { actions: 'show problems' }],
        'wizard.back': 'pictures',
      },
    },
    review: {
      entry: [{ type: 'enter step', params: { step: 'review' } }, 'persist'],
      on: {
        'wizard.submit': { guard: 'the ad is complete', target: 'submitting', actions: 'clear refusal' },
        'wizard.back': 'location',
      },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit ad',
        input: ({ context }) => ({ editId: context.editId, ad: adOf(draftOf(context)) }),
        onDone: { target: 'submitted', actions: ['forget', 'show my ads'] },
        onError: [
          { guard: 'a business class field is refused', target: 'businessClass', actions: 'take field refusal' },
          { guard: 'a fields field is refused', target: 'fields', actions: 'take field refusal' },
          { guard: 'the location is refused', target: 'location', actions: 'take field refusal' },
          { target: 'review', actions: ['take refusal', 'tell failure'] },
        ],
      },
    },
    submitted: { type: 'final' },
  },
});

export type AdWizardSnapshot = SnapshotFrom<typeof adWizardMachine>;
type Viewed = AdWizardSnapshot | undefined;

/** The step the view shows (or what stands in for one). */
export type WizardScreen = WizardStep | 'loading' | 'loadFailed' | 'notMine' | 'submitting' | 'submitted';

export function wizardScreen(snapshot: Viewed): WizardScreen {
  if (!snapshot) return 'loading';
  if (snapshot.matches('opening') || snapshot.matches('restoring') || snapshot.matches('loadingAd') || snapshot.matches('resuming')) return 'loading';
  if (snapshot.matches('loadFailed')) return 'loadFailed';
  if (snapshot.matches('notMine')) return 'notMine';
  if (snapshot.matches('submitting')) return 'submitting';
  if (snapshot.matches('submitted')) return 'submitted';
  return snapshot.context.step;
}

/**
 * The problem under each field of the current step, once shown: the contract's 'required' or 'invalid', or
 * the server's own message for the field it named.
 */
export function shownProblems(snapshot: Viewed): Partial<Record<string, FieldProblem | { message: string }>> {
  if (!snapshot?.context.shown) return {};
  const { step } = snapshot.context;
  const asked: readonly string[] | null = step === 'businessClass' || step === 'fields' || step === 'location' ? STEP_FIELDS[step] : null;
  const problems: Partial<Record<string, FieldProblem | { message: string }>> = Object.fromEntries(
    Object.entries(draftProblems(draftOf(snapshot.context))).filter(([field]) => asked === null || asked.includes(field)),
  );
  const refused = snapshot.context.fieldRefusal;
  if (refused && problems[refused.field] === undefined) problems[refused.field] = { message: refused.message };
  return problems;
}

export const uploadPercent = (snapshot: Viewed): number | null => (snapshot?.matches({ pictures: 'uploading' }) ? progressPercent(snapshot.context.progress) ?? 0 : null);
export const adOfWizard = (snapshot: Viewed): Partial<AdDraft> | null => (snapshot ? adOf(draftOf(snapshot.context)) : null);
