/*
 * What the lifecycle charts share (an order's, machines/order-lifecycle.ts; an ad's, machines/ad-lifecycle.ts): each
 * is built from its contract table of transitions (action, from, to, by), one state per status, each action guarded
 * by who may take it; the chart is opened for one actor, so `can` says what that actor may do.
 */

export interface TableTransition<TAction extends string, TStatus, TActor extends string> {
  action: TAction;
  from: readonly TStatus[];
  to: TStatus;
  by: readonly TActor[];
}

/** The `on` of the state of `status`: each action the table has from it, guarded by 'the actor may' with its `by`. */
export function transitionsFrom<TAction extends string, TStatus, TActor extends string, TState extends string>(
  table: readonly TableTransition<TAction, TStatus, TActor>[],
  actions: readonly TAction[],
  status: TStatus,
  stateOf: (status: TStatus) => TState,
) {
  return Object.fromEntries(
    actions
      .map((action) => [
        action,
        table
          .filter((entry) => entry.action === action && entry.from.includes(status))
          .map((entry) => ({ guard: { type: 'the actor may' as const, params: { by: entry.by } }, target: stateOf(entry.to) })),
      ] as const)
      .filter(([, transitions]) => transitions.length > 0),
  );
}
