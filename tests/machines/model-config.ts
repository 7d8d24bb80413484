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

type TrieNode = Map<string, TrieNode>;

/**
 * The paths xstate/graph's TestModel keeps by default (`allowDuplicatePaths: false`),
 * in the same order: longest first, and a path whose events are a prefix of a kept
 * path's is dropped (testing the longer path tests it). TestModel compares each path
 * with every kept one, which on the checkout model (25 921 shortest paths, 10 329
 * kept) takes minutes; this does the same with a trie of the kept paths' events.
 * Use as `withoutPrefixPaths(model.getShortestPaths({ allowDuplicatePaths: true }))`.
 */
export function withoutPrefixPaths<P extends { steps: { event: unknown }[] }>(paths: P[]): P[] {
  // Array.prototype.sort is stable, as the order TestModel keeps for paths of one length.
  const longestFirst = [...paths].sort((a, z) => z.steps.length - a.steps.length);
  const root: TrieNode = new Map();
  const kept: P[] = [];
  for (const path of longestFirst) {
    // TestModel compares events by JSON.stringify.
    const events = path.steps.map((step) => JSON.stringify(step.event));
    let node = root;
    let depth = 0;
    for (; depth < events.length && node.has(events[depth]); depth += 1) node = node.get(events[depth]) as TrieNode;
    if (depth === events.length) continue;
    for (; depth < events.length; depth += 1) {
      const next: TrieNode = new Map();
      node.set(events[depth], next);
      node = next;
    }
    kept.push(path);
  }
  return kept;
}
