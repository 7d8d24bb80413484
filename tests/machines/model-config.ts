/** The part of a machine config the model tests rewrite. */
export type ConfigNode = {
  invoke?: { id: string; onDone?: unknown; onError?: unknown };
  on?: Record<string, unknown>;
  after?: unknown;
  states?: Record<string, ConfigNode>;
};

/**
 * createTestModel refuses invocations and delayed transitions, so a model is the
 * machine's own config with each invoke replaced by the done/error events it would
 * deliver, and `after` left out (timed paths are covered by the machines' own tests).
 * Guards, actions and targets stay the chart's, so the model cannot drift from it.
 */
export function withInvocationsAsEvents(node: ConfigNode): ConfigNode {
  const { invoke, states, after: _timed, ...rest } = node;
  const on = { ...rest.on };
  if (invoke?.onDone) on[`xstate.done.actor.${invoke.id}`] = invoke.onDone;
  if (invoke?.onError) on[`xstate.error.actor.${invoke.id}`] = invoke.onError;
  return {
    ...rest,
    on,
    ...(states ? { states: Object.fromEntries(Object.entries(states).map(([key, child]) => [key, withInvocationsAsEvents(child)])) } : {}),
  };
}
