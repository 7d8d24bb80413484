import { describe, expect, it } from 'vitest';
import { getSimplePaths } from 'xstate/graph';
import { ORDER_ACTIONS, ORDER_ACTORS, ORDER_TRANSITIONS, PLACED_STATUSES, transitionFor } from '@contract/rules/order-lifecycle';
import { LIFECYCLE_STATES, STATUS_OF_STATE, lifecycleNext, orderLifecycleMachine, type LifecycleState } from '@machines/order-lifecycle';

/*
 * The order lifecycle chart walked as a model (issue 30): every loop-free path from every placed status, for every
 * actor, moves only along ORDER_TRANSITIONS; from pending each actor reaches exactly the routes written out below;
 * and the server's one check (lifecycleNext) agrees with the table's transitionFor for every status × action × actor.
 */

const events = ORDER_ACTIONS.map((type) => ({ type }));
const statusOf = (value: unknown) => STATUS_OF_STATE[value as LifecycleState];

/** Every simple path of the chart opened at `status` for `actor`, as its statuses and actions. */
function routes(status: (typeof PLACED_STATUSES)[number], actor: (typeof ORDER_ACTORS)[number]) {
  return getSimplePaths(orderLifecycleMachine, { events, input: { status, actor } }).map((path) => ({
    statuses: [status, ...path.steps.slice(1).map((step) => statusOf(step.state.value))],
    actions: path.steps.slice(1).map((step) => step.event.type),
  }));
}

describe('order lifecycle chart: model-based paths', () => {
  for (const actor of ORDER_ACTORS) {
    for (const status of PLACED_STATUSES) {
      it(`${actor} from ${LIFECYCLE_STATES[status]}: each step of each path is a transition of the table for ${actor}`, () => {
        const found = routes(status, actor);
        expect(found.length).toBeGreaterThan(0);
        for (const route of found) {
          route.actions.forEach((action, index) => {
            const [from, to] = [route.statuses[index], route.statuses[index + 1]];
            expect(ORDER_TRANSITIONS.some((entry) => entry.action === action && entry.to === to && entry.by.includes(actor) && (entry.from as readonly number[]).includes(from))).toBe(true);
          });
        }
      });
    }
  }

  it('from pending, each actor reaches exactly these routes', () => {
    const from = (actor: (typeof ORDER_ACTORS)[number]) => routes(3, actor).map((route) => route.statuses.join('>')).sort();
    expect(from('owner')).toEqual(['3', '3>4', '3>4>5', '3>4>5>6', '3>4>5>7', '3>4>7', '3>7'].sort());
    expect(from('staff')).toEqual(['3', '3>4', '3>4>5', '3>4>5>6', '3>4>7', '3>7'].sort());
    expect(from('customer')).toEqual(['3', '3>7']);
  });

  it('completed and canceled are final for everyone', () => {
    for (const actor of ORDER_ACTORS) {
      for (const status of [6, 7] as const) expect(routes(status, actor).map((route) => route.statuses)).toEqual([[status]]);
    }
  });

  it("lifecycleNext (the server's check) agrees with transitionFor for every status × action × actor", () => {
    for (const status of PLACED_STATUSES) {
      for (const action of ORDER_ACTIONS) {
        for (const actor of ORDER_ACTORS) expect(lifecycleNext(status, actor, action), `${actor} ${action} from ${status}`).toBe(transitionFor(status, action, actor)?.to ?? null);
      }
    }
  });
});
