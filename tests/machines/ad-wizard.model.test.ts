import { describe, expect, it } from 'vitest';
import { createMachine, type MachineConfig, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { adMissing, needsBusinessClass } from '@contract/rules/ads';
import { adWizardMachine, shownProblems, type AdWizardContext, type AdWizardEvent, type AdWizardInput } from '@machines/classifieds/ad-wizard-machine';
import { adOf, draftProblems, stepComplete, type WizardDraft } from '@machines/classifieds/ad-draft';
import { adDetail, refusal } from './ad-wizard-fixtures';
import { withInvocationsAsEvents, type ConfigNode } from './model-config';

/*
 * The publishing wizard walked as a model (issue 31): the chart's own config with each invocation replaced by the
 * events it would deliver (model-config.ts), its guards and actions unchanged. Every state reachable by a person's
 * choices, typing, pictures, the map and the server's answers is reached by a shortest path, and on every step of
 * every path the contract's rule holds: no step after the fields while a field the request needs is missing, nothing
 * submitted that adMissing (the server's check) would refuse, the business class asked exactly for the types that
 * need one, and a server refusal naming a field shown under it on that field's step.
 */

type ModelEvent = AdWizardEvent | { type: string; output?: unknown; error?: unknown };
const modelMachine = createMachine(
  {
    ...(withInvocationsAsEvents(adWizardMachine.config as ConfigNode) as MachineConfig<AdWizardContext, ModelEvent>),
    types: {} as { context: AdWizardContext; events: ModelEvent; input: AdWizardInput },
  },
  adWizardMachine.implementations as never,
);
type ModelSnapshot = SnapshotFrom<typeof modelMachine>;

const draftOf = ({ context }: ModelSnapshot): WizardDraft => context;
/**
 * A draft left before with everything but the title typed (adOf keeps only the amounts its request uses): the
 * model types or clears the title and types a right or wrong meterage, so the fields' problems stay few.
 */
const leftDraft: WizardDraft = {
  step: 'request',
  request: null,
  type: null,
  business_class: null,
  texts: { title: '', province: 'تهران', city: 'تهران', neighborhood: 'ونک', partnership_for: '', comment: '', meterage: '۸۵', rooms: '', build_year: '', total_price: '۱۲۰۰۰۰۰۰۰۰۰', deposit: '۰', monthly_rent: '۲۵۰۰۰۰۰۰' },
  pictures: [],
  location: null,
};

const field = (name: 'title' | 'meterage', value: string): ModelEvent => ({ type: 'wizard.field', field: name, value });

/** What a person (and the server) can do at a snapshot, by the state it is in: a bounded set, so the model is finite. */
function events(snapshot: ModelSnapshot): ModelEvent[] {
  const pictures = snapshot.context.pictures.length;
  const moves: ModelEvent[] = [{ type: 'wizard.next' }, { type: 'wizard.back' }];
  if (snapshot.matches('restoring')) return [{ type: 'xstate.done.actor.draft', output: leftDraft }];
  if (snapshot.matches('loadingAd'))
    return [
      { type: 'xstate.done.actor.ad', output: adDetail() },
      { type: 'xstate.done.actor.ad', output: adDetail({ mine: false }) },
      { type: 'xstate.error.actor.ad', error: refusal('ad_not_found', 'آگهی پیدا نشد') },
    ];
  if (snapshot.matches('request')) return [{ type: 'wizard.request', request: 'sale' }, { type: 'wizard.request', request: 'rent' }];
  if (snapshot.matches('type')) return [{ type: 'wizard.type', adType: 'apartment' }, { type: 'wizard.type', adType: 'shop' }, ...moves];
  if (snapshot.matches('businessClass')) return [{ type: 'wizard.businessClass', businessClass: 'food' }, ...moves];
  if (snapshot.matches('fields')) return [field('title', 'آپارتمان نوساز ونک'), field('meterage', 'هشتاد'), field('meterage', '۸۵'), ...moves];
  if (snapshot.matches({ pictures: 'uploading' }))
    return [{ type: 'upload.done', message: null, media: { id: pictures + 1, url: `/m/${pictures + 1}`, thumbnail_url: `/m/${pictures + 1}/t`, mime: 'image/jpeg', width: 1, height: 1 } }];
  if (snapshot.matches('pictures'))
    return [...(pictures < 2 ? [{ type: 'wizard.pick', file: { name: 'a.jpg', type: 'image/jpeg', size: 1000 } } as ModelEvent] : []), { type: 'wizard.removePicture', id: pictures }, ...moves];
  if (snapshot.matches('location')) return [{ type: 'wizard.place', point: { lat: 35.75, lng: 51.41 } }, ...moves];
  if (snapshot.matches('review')) return [{ type: 'wizard.submit' }, ...moves];
  if (snapshot.matches('submitting'))
    return [
      { type: 'xstate.done.actor.submit', output: adDetail({ status: 'awaiting' }) },
      { type: 'xstate.error.actor.submit', error: refusal('ad_field_required', 'قیمت کل الزامی است', { field: 'total_price' }) },
      { type: 'xstate.error.actor.submit', error: refusal('ad_field_required', 'موقعیت الزامی است', { field: 'location' }) },
      { type: 'xstate.error.actor.submit', error: refusal('ad_daily_limit', 'سقف آگهی امروز') },
    ];
  return [];
}

/** The states a person tells apart: where they are, their choices, what the contract finds missing or wrong, how many pictures, the point, what is shown. */
function serializeState(snapshot: ModelSnapshot): string {
  const { context } = snapshot;
  const problems = Object.entries(draftProblems(context)).map(([name, problem]) => `${name}:${problem}`).sort().join(',');
  return JSON.stringify([snapshot.value, context.request, context.type, context.business_class, problems, context.pictures.length, context.shown, context.fieldRefusal?.field ?? null, context.refusal?.result ?? null]);
}

const walk = (input: AdWizardInput) => getShortestPaths(modelMachine, { events, input, serializeState: (snapshot) => serializeState(snapshot as ModelSnapshot) });

const leafOf = (snapshot: ModelSnapshot) => JSON.stringify(snapshot.value);

describe('the publishing wizard: model-based paths (xstate/graph)', () => {
  const newAd = walk({ shopId: 4, editId: null });
  const edit = walk({ shopId: 4, editId: 31 });
  // Each state a person tells apart once (paths share their beginnings).
  const snapshots = [...new Map([...newAd, ...edit].flatMap((path) => path.steps.map((step) => [serializeState(step.state as ModelSnapshot), step.state as ModelSnapshot] as const))).values()];

  it('reaches every state of the chart a person can be in', () => {
    const reached = new Set(snapshots.map(leafOf));
    const expected = ['request', 'type', 'businessClass', 'fields', { pictures: 'idle' }, { pictures: 'uploading' }, 'location', 'review', 'submitting', 'submitted', 'loadFailed', 'notMine'];
    for (const state of expected) expect(reached, JSON.stringify(state)).toContain(JSON.stringify(state));
    expect(newAd.length).toBeGreaterThan(100);
  });

  it('no step after the fields is reached while a field the request needs is missing or wrong', () => {
    for (const snapshot of snapshots) {
      if (['pictures', 'location', 'review', 'submitting', 'submitted'].some((state) => snapshot.matches(state as never))) {
        expect(stepComplete(draftOf(snapshot), 'fields'), serializeState(snapshot)).toBe(true);
      }
    }
  });

  it("nothing is submitted that the contract's adMissing (the server's check) would refuse", () => {
    const submitting = snapshots.filter((snapshot) => snapshot.matches('submitting'));
    expect(submitting.length).toBeGreaterThan(0);
    for (const snapshot of submitting) expect(adMissing(adOf(draftOf(snapshot))), serializeState(snapshot)).toEqual([]);
  });

  it('the business class is asked exactly when the type needs one', () => {
    for (const path of newAd) {
      path.steps.forEach((step, index) => {
        const previous = path.steps[index - 1]?.state as ModelSnapshot | undefined;
        const snapshot = step.state as ModelSnapshot;
        if (step.event.type === 'wizard.type' && previous?.matches('type')) {
          expect(snapshot.matches('businessClass')).toBe(needsBusinessClass((step.event as { adType: 'shop' }).adType));
        }
      });
    }
  });

  it("a server refusal naming a field lands on that field's step, its message under the field", () => {
    let seen = 0;
    for (const path of newAd) {
      for (const step of path.steps) {
        const error = (step.event as { error?: { data?: { field?: string }; message: string } }).error;
        if (step.event.type !== 'xstate.error.actor.submit' || !error?.data?.field) continue;
        const snapshot = step.state as ModelSnapshot;
        seen += 1;
        expect(snapshot.value).toBe(error.data.field === 'location' ? 'location' : 'fields');
        const problem = shownProblems(snapshot as never)[error.data.field];
        // The contract's own word wins when the draft lacks it too; otherwise the server's message is shown.
        expect(problem === 'required' || (problem as { message: string }).message === error.message).toBe(true);
      }
    }
    expect(seen).toBeGreaterThan(0);
  });
});
