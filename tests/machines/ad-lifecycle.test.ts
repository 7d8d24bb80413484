import { describe, expect, it } from 'vitest';
import { getSimplePaths } from 'xstate/graph';
import { AD_ACTIONS, AD_ACTORS, AD_STATUSES, AD_TRANSITIONS, adTransitionFor, type AdActor, type AdStatus } from '@contract/rules/ad-lifecycle';
import { adLifecycleMachine, adLifecycleNext } from '@machines/ad-lifecycle';

/*
 * The ad lifecycle chart walked as a model (issue 31): every loop-free path from every status, for every actor,
 * moves only along AD_TRANSITIONS; the routes a publisher and a moderator have from a new ad are written out; and
 * the server's one check (adLifecycleNext) agrees with the table for every status × action × actor.
 */

const events = AD_ACTIONS.map((type) => ({ type }));

function routes(status: AdStatus, actor: AdActor) {
  return getSimplePaths(adLifecycleMachine, { events, input: { status, actor } }).map((path) => ({
    statuses: [status, ...path.steps.slice(1).map((step) => step.state.value as AdStatus)],
    actions: path.steps.slice(1).map((step) => step.event.type),
  }));
}

describe('ad lifecycle chart: model-based paths', () => {
  for (const actor of AD_ACTORS) {
    for (const status of AD_STATUSES) {
      it(`${actor} from ${status}: each step of each path is a transition of the table for ${actor}`, () => {
        for (const route of routes(status, actor)) {
          route.actions.forEach((action, index) => {
            const [from, to] = [route.statuses[index], route.statuses[index + 1]];
            expect(AD_TRANSITIONS.some((entry) => entry.action === action && entry.to === to && entry.by.includes(actor) && entry.from.includes(from))).toBe(true);
          });
        }
      });
    }
  }

  it('from awaiting, a moderator approves, rejects or asks for an edit; the publisher edits or deletes', () => {
    const ends = (actor: AdActor) => [...new Set(routes('awaiting', actor).map((route) => route.statuses.at(-1)))].sort();
    expect(ends('moderator')).toEqual(['approved', 'awaiting', 'edit_request', 'rejected'].sort());
    expect(ends('publisher')).toEqual(['awaiting', 'deleted'].sort());
    expect(ends('system')).toEqual(['awaiting']);
  });

  it('a published ad: the system expires or holds it, its publisher closes, edits (back to review) or deletes it, and renews it once expired', () => {
    expect(adLifecycleNext('approved', 'system', 'expire')).toBe('expired');
    expect(adLifecycleNext('approved', 'system', 'hold')).toBe('uncertain');
    expect(adLifecycleNext('approved', 'publisher', 'edit')).toBe('awaiting');
    expect(adLifecycleNext('approved', 'publisher', 'close')).toBe('closed');
    expect(adLifecycleNext('expired', 'publisher', 'renew')).toBe('approved');
    expect(adLifecycleNext('approved', 'publisher', 'renew')).toBeNull();
    expect(adLifecycleNext('approved', 'moderator', 'approve')).toBeNull();
    expect(adLifecycleNext('approved', 'publisher', 'approve')).toBeNull();
  });

  it('deleted is final for everyone', () => {
    for (const actor of AD_ACTORS) expect(routes('deleted', actor).map((route) => route.statuses)).toEqual([['deleted']]);
  });

  it("adLifecycleNext (the server's check) agrees with adTransitionFor for every status × action × actor", () => {
    for (const status of AD_STATUSES) {
      for (const action of AD_ACTIONS) {
        for (const actor of AD_ACTORS) expect(adLifecycleNext(status, actor, action), `${actor} ${action} from ${status}`).toBe(adTransitionFor(status, action, actor)?.to ?? null);
      }
    }
  });
});
