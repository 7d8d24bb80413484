import { normalizeDigits } from '@contract/digits';
import { typedDigits } from '@contract/numbers';
import type { AdPicture, AdPoint } from '@contract/entities/ad';
import {
  AD_LIMITS,
  AD_REQUESTS,
  AD_TYPES,
  BUSINESS_CLASSES,
  REQUEST_FIELDS,
  adForRequest,
  adMissing,
  needsBusinessClass,
  type AdDraft,
  type AdMissing,
  type AdRequest,
  type AdType,
  type BusinessClass,
} from '@contract/rules/ads';

/*
 * The publishing wizard's ad as the person types it (texts, Persian digits and all), and what the
 * contract's one rule (adMissing) says of it once read. The wizard's chart keeps it; a draft in
 * localStorage is this shape.
 */

/** The wizard's steps, in order; a draft remembers the one it was left at. */
export const WIZARD_STEPS = ['request', 'type', 'businessClass', 'fields', 'pictures', 'location', 'review'] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

/** The typed fields of the fields step (numbers stay text until read). */
export const TEXT_FIELDS = ['title', 'province', 'city', 'neighborhood', 'partnership_for', 'comment'] as const;
export const NUMBER_FIELDS = ['meterage', 'rooms', 'build_year', 'total_price', 'deposit', 'monthly_rent'] as const;
export type NumberField = (typeof NUMBER_FIELDS)[number];
export type WizardField = (typeof TEXT_FIELDS)[number] | NumberField;

export type WizardTexts = Record<WizardField, string>;

export const BLANK_TEXTS: WizardTexts = {
  title: '',
  province: '',
  city: '',
  neighborhood: '',
  partnership_for: '',
  comment: '',
  meterage: '',
  rooms: '',
  build_year: '',
  total_price: '',
  deposit: '',
  monthly_rent: '',
};

/** What a draft keeps (localStorage, per shop) and the chart's context carries. */
export interface WizardDraft {
  step: WizardStep;
  request: AdRequest | null;
  type: AdType | null;
  business_class: BusinessClass | null;
  texts: WizardTexts;
  pictures: AdPicture[];
  location: AdPoint | null;
}

export const EMPTY_DRAFT: WizardDraft = { step: 'request', request: null, type: null, business_class: null, texts: BLANK_TEXTS, pictures: [], location: null };

const NUMBER_BOUNDS: Record<NumberField, { min: number; max: number }> = {
  meterage: AD_LIMITS.meterage,
  rooms: AD_LIMITS.rooms,
  build_year: AD_LIMITS.buildYear,
  total_price: AD_LIMITS.price,
  deposit: AD_LIMITS.price,
  monthly_rent: AD_LIMITS.price,
};

/** A typed number, Persian or Arabic digits and thousands separators accepted: null when blank, NaN when it is no whole number. */
export function readNumber(text: string): number | null {
  const plain = typedDigits(text);
  if (plain === '') return null;
  return /^\d+$/.test(plain) ? Number(plain) : Number.NaN;
}

/** The fields the fields step shows for the request (the others are dropped when the request changes). */
export function shownFields(request: AdRequest | null): WizardField[] {
  const priced = request ? REQUEST_FIELDS[request] : [];
  return ['title', 'province', 'city', 'neighborhood', 'meterage', 'rooms', 'build_year', ...priced, 'comment'];
}

/** The ad as create_new_ty_ad / update_ad_ty take it: numbers read, only the fields its request and type use. */
export function adOf(draft: WizardDraft): Partial<AdDraft> {
  const number = (field: NumberField) => {
    const value = readNumber(draft.texts[field]);
    return value === null || Number.isNaN(value) ? null : value;
  };
  return adForRequest({
    ...(draft.request ? { request: draft.request } : {}),
    ...(draft.type ? { type: draft.type } : {}),
    business_class: draft.business_class,
    title: draft.texts.title.trim(),
    province: draft.texts.province.trim(),
    city: draft.texts.city.trim(),
    neighborhood: draft.texts.neighborhood.trim(),
    meterage: number('meterage'),
    rooms: number('rooms'),
    build_year: number('build_year'),
    total_price: number('total_price'),
    deposit: number('deposit'),
    monthly_rent: number('monthly_rent'),
    partnership_for: draft.texts.partnership_for.trim() || null,
    comment: draft.texts.comment.trim() || null,
    picture_ids: draft.pictures.map((picture) => picture.id),
    location: draft.location,
  });
}

/** A field's problem: missing (the spec's required-box message) or a number that is not one or out of bounds. */
export type FieldProblem = 'required' | 'invalid';

/** Each problem of the draft by field: the contract's adMissing, and the typed numbers that are no number within bounds. */
export function draftProblems(draft: WizardDraft): Partial<Record<AdMissing | WizardField, FieldProblem>> {
  const problems: Partial<Record<AdMissing | WizardField, FieldProblem>> = {};
  for (const field of adMissing(adOf(draft))) problems[field] = 'required';
  const shown = shownFields(draft.request);
  for (const field of NUMBER_FIELDS) {
    if (!shown.includes(field)) continue;
    const value = readNumber(draft.texts[field]);
    if (value !== null && (Number.isNaN(value) || value < NUMBER_BOUNDS[field].min || value > NUMBER_BOUNDS[field].max)) problems[field] = 'invalid';
  }
  return problems;
}

/** The fields each step asks for: a step goes on only when none of them has a problem. */
export const STEP_FIELDS: Record<'businessClass' | 'fields' | 'location', readonly (AdMissing | WizardField)[]> = {
  businessClass: ['business_class'],
  fields: [...TEXT_FIELDS, ...NUMBER_FIELDS],
  location: ['location'],
};

/** The step that asks for a field (a server refusal naming it leads there). */
export function stepOfField(field: string): 'businessClass' | 'fields' | 'location' | null {
  if (field === 'business_class') return 'businessClass';
  if (field === 'location') return 'location';
  return (STEP_FIELDS.fields as readonly string[]).includes(field) ? 'fields' : null;
}

/** Whether `step` of the draft has nothing missing or wrong. */
export function stepComplete(draft: WizardDraft, step: 'businessClass' | 'fields' | 'location'): boolean {
  const problems = draftProblems(draft);
  return STEP_FIELDS[step].every((field) => problems[field] === undefined);
}

const isOneOf = <T extends string>(list: readonly T[], value: unknown): value is T => typeof value === 'string' && (list as readonly string[]).includes(value);

/** A stored draft read back, or null when it is not one (another version, edited by hand): the wizard starts afresh. */
export function readDraft(stored: unknown): WizardDraft | null {
  if (stored === null || typeof stored !== 'object') return null;
  const draft = stored as Partial<WizardDraft>;
  if (!isOneOf(WIZARD_STEPS, draft.step)) return null;
  const texts = { ...BLANK_TEXTS };
  for (const field of Object.keys(BLANK_TEXTS) as WizardField[]) {
    const value = (draft.texts as Record<string, unknown> | undefined)?.[field];
    if (typeof value === 'string') texts[field] = value;
  }
  const pictures = Array.isArray(draft.pictures)
    ? draft.pictures.filter((picture): picture is AdPicture => typeof picture?.id === 'number' && typeof picture.url === 'string' && typeof picture.thumbnail_url === 'string')
    : [];
  const location = draft.location && typeof draft.location.lat === 'number' && typeof draft.location.lng === 'number' ? { lat: draft.location.lat, lng: draft.location.lng } : null;
  return {
    step: draft.step,
    request: isOneOf(AD_REQUESTS, draft.request) ? draft.request : null,
    type: isOneOf(AD_TYPES, draft.type) ? draft.type : null,
    business_class: isOneOf(BUSINESS_CLASSES, draft.business_class) ? draft.business_class : null,
    texts,
    pictures,
    location,
  };
}

/** The step a draft resumes at: where it was left, or the first earlier step whose choice is not made. */
export function resumableStep(draft: WizardDraft): WizardStep {
  if (draft.request === null || draft.step === 'request') return 'request';
  if (draft.type === null || draft.step === 'type') return 'type';
  if (needsBusinessClass(draft.type) && (draft.business_class === null || draft.step === 'businessClass')) return 'businessClass';
  return draft.step === 'businessClass' ? 'fields' : draft.step;
}

export { isOneOf };

/** A typed coordinate (Persian digits accepted) within ±`bound`, or null. */
export function readCoordinate(text: string, bound: number): number | null {
  const plain = normalizeDigits(text).replace(/[\s\u066B]/g, (mark) => (mark === '\u066B' ? '.' : '')).trim();
  if (!/^-?\d+(\.\d+)?$/.test(plain)) return null;
  const value = Number(plain);
  return Math.abs(value) <= bound ? value : null;
}
