import { createMachine, transition, type AnyMachineSnapshot, type AnyStateMachine, type AnyStateNode, type EventObject } from 'xstate';
import { getShortestPaths, getSimplePaths, type StatePath } from 'xstate/graph';
import type { Page } from '@playwright/test';
import { withInvocationsAsEvents, type ConfigNode } from '../../tests/machines/model-config';

/** What a person sees in a state of the chart, or why there is nothing to see (it passes as soon as the server answers). */
export type StateMapping<TWorld> = { sees: (page: Page, world: TWorld, snapshot: AnyMachineSnapshot) => Promise<void> } | { passing: string };

/**
 * An event of the chart: what a person does to cause it (with the events the model walks, as the person's
 * choices), or `internal: why` for what a person cannot cause. An internal event with samples is the server's
 * answer, which comes by itself (the model walks it, the browser waits for the next state); without samples it
 * is never walked (a failure, a timer).
 */
export type EventMapping<TWorld> =
  | { samples: (snapshot: AnyMachineSnapshot) => EventObject[]; does: (page: Page, world: TWorld, event: EventObject, snapshot: AnyMachineSnapshot) => Promise<void> }
  | { internal: string; samples?: (snapshot: AnyMachineSnapshot) => EventObject[] };

export interface ChartMap<TWorld> {
  /** 'checkout chart' */
  name: string;
  /** the map's own file, named in a missing mapping's message */
  file: string;
  machine: AnyStateMachine;
  /** the chart's input as the real app starts it for the paths' customer */
  input: unknown;
  /** the facts that make two snapshots different places for the person (state value and a few context facts) */
  serialize: (snapshot: AnyMachineSnapshot) => string;
  /** the state a walk ends in when it has reached its goal (for the simple paths) */
  goal: (snapshot: AnyMachineSnapshot) => boolean;
  /** at most this many simple paths, each adding a transition no other chosen path takes */
  simpleLimit: number;
  /** the event types the simple paths may take (the rest would multiply them with no new transition) */
  simpleEvents?: (type: string) => boolean;
  /** model-only stand-ins for actions that reach outside the chart (random keys) */
  modelActions?: Record<string, unknown>;
  states: Record<string, StateMapping<TWorld>>;
  events: Record<string, EventMapping<TWorld>>;
}

const stateNodes = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap((child) => stateNodes(child as AnyStateNode))];

/** The chart's innermost state ids ('address.saving') and every event type it takes, invocations' done and error included. */
export function chartVocabulary(machine: AnyStateMachine): { states: string[]; events: string[] } {
  const nodes = stateNodes(machine.root);
  // A compound state is seen through its children: only the innermost states are mapped.
  const states = nodes.filter((node) => node.type === 'atomic' || node.type === 'final').map((node) => node.path.join('.'));
  const events = [...new Set(nodes.flatMap((node) => [...node.transitions.keys()]))].filter((type) => type !== '*');
  return { states, events };
}

/** Every state or event of the chart with no mapping, and every mapping of something the chart no longer has, by name. */
export function unmapped(map: Pick<ChartMap<never>, 'name' | 'file' | 'machine' | 'states' | 'events'>): string[] {
  const { states, events } = chartVocabulary(map.machine);
  return [
    ...states.filter((id) => !(id in map.states)).map((id) => `${map.name}: state '${id}' has no mapping in ${map.file}`),
    ...events.filter((type) => !(type in map.events)).map((type) => `${map.name}: event '${type}' has no mapping in ${map.file}`),
    ...Object.keys(map.states).filter((id) => !states.includes(id)).map((id) => `${map.name}: ${map.file} maps state '${id}', which the chart does not have`),
    ...Object.keys(map.events).filter((type) => !events.includes(type)).map((type) => `${map.name}: ${map.file} maps event '${type}', which the chart does not have`),
  ];
}

/** Fails by name when the map does not cover the chart. */
export function assertMapped(map: ChartMap<never>): void {
  const missing = unmapped(map);
  if (missing.length > 0) throw new Error(missing.join('\n'));
}

/**
 * The chart as a model xstate/graph can walk: its own config, guards and actions, with each invocation
 * replaced by the done and error events it delivers (tests/machines/model-config.ts).
 */
export function modelOf(map: ChartMap<never>): AnyStateMachine {
  const implementations = map.machine.implementations as unknown as { actions: Record<string, unknown> };
  return createMachine(withInvocationsAsEvents(map.machine.config as ConfigNode) as never, {
    ...implementations,
    actions: { ...implementations.actions, ...map.modelActions },
  } as never);
}

/** The innermost state ids of a snapshot ('address.choosing'), as the map names them. */
export const leafIds = (snapshot: AnyMachineSnapshot): string[] =>
  (snapshot._nodes as AnyStateNode[]).filter((node) => node.type === 'atomic' || node.type === 'final').map((node) => node.path.join('.'));

const isResting = (map: ChartMap<never>, snapshot: AnyMachineSnapshot) => leafIds(snapshot).every((id) => 'sees' in (map.states[id] ?? {}));

export type ChartPath = StatePath<AnyMachineSnapshot, EventObject>;

/** The events the model walks in a state: every sample of every mapped event. */
const eventsOf = (map: ChartMap<never>) => (snapshot: AnyMachineSnapshot) => Object.values(map.events).flatMap((mapping) => mapping.samples?.(snapshot) ?? []);

/** A path that ends where nothing is seen (the server is answering) goes on with the server's answers until something is. */
function settled(map: ChartMap<never>, model: AnyStateMachine, path: ChartPath): ChartPath | null {
  const steps = [...path.steps];
  let state = path.state;
  for (let guard = 0; !isResting(map, state); guard += 1) {
    if (guard > 10) return null;
    const answers = Object.entries(map.events)
      .filter(([, mapping]) => 'internal' in mapping)
      .flatMap(([, mapping]) => mapping.samples?.(state) ?? []);
    const next = answers
      .map((event) => ({ event, state: transition(model, state as never, event as never)[0] as AnyMachineSnapshot }))
      .find((step) => map.serialize(step.state) !== map.serialize(state));
    if (!next) return null;
    steps.push(next);
    state = next.state;
  }
  return { ...path, steps, state };
}

/** The browser steps of a path: the person's events (the server's answers are not steps of the person). */
const personSteps = (map: ChartMap<never>, path: ChartPath) =>
  path.steps
    .filter((step) => 'does' in (map.events[step.event.type] ?? {}))
    .map((step) => JSON.stringify(step.event))
    .join(' → ');

/** The (state, event) transitions a path takes, by state id and event type. */
const transitionsOf = (path: ChartPath, start: AnyMachineSnapshot) => {
  const taken = new Set<string>();
  let from = start;
  for (const step of path.steps) {
    for (const id of leafIds(from)) taken.add(`${id} ${step.event.type}`);
    from = step.state;
  }
  return taken;
};

export interface ChosenPaths {
  shortest: ChartPath[];
  simple: ChartPath[];
}

/** Coverage of a path: the states it passes through and the transitions it takes. */
const coverageOf = (path: ChartPath, start: AnyMachineSnapshot) => new Set([...transitionsOf(path, start), ...path.steps.flatMap((step) => leafIds(step.state))]);

/**
 * The paths the browser drives:
 * - shortest: xstate/graph's shortest paths to every place of the model (the map's serialize), each settled
 *   to a state a person sees; of these, for each state of the chart and then each transition (state, event
 *   type) not yet driven, the shortest path that passes it. A place is a state with a few facts, so there
 *   are dozens of places but a handful of such paths (a transition back to a place already reached, as a
 *   Back or a Cancel, is the shortest path to its state and then that transition); a path whose person steps are a prefix of another's
 *   is dropped, since driving the longer one drives it too;
 * - simple: the simple paths (no place twice) to the goal over the map's forward events, kept only when one
 *   takes two person steps in a row (with their choices) that no chosen path takes, shortest first, at most
 *   `simpleLimit` of them: the rest only repeat orders already driven, and each costs seconds of a real browser.
 */
export function choosePaths(map: ChartMap<never>): ChosenPaths {
  const model = modelOf(map);
  const options = { events: eventsOf(map), input: map.input, serializeState: (snapshot: AnyMachineSnapshot) => map.serialize(snapshot) };
  const settle = (paths: ChartPath[]) => paths.map((path) => settled(map, model, path)).filter((path): path is ChartPath => path !== null);
  const candidates = settle(getShortestPaths(model, options as never) as ChartPath[]).sort((a, z) => a.steps.length - z.steps.length);
  const start = candidates[0].steps[0].state;

  // A transition no shortest path takes (it leads back to a place already reached: a Back, a Cancel) is
  // the shortest path to its state and then the transition.
  const taken = new Set(candidates.flatMap((path) => [...transitionsOf(path, start)]));
  const extended: ChartPath[] = [];
  for (const path of candidates) {
    for (const event of eventsOf(map)(path.state)) {
      const transitions = leafIds(path.state).map((id) => `${id} ${event.type}`);
      if (transitions.every((transition) => taken.has(transition))) continue;
      const next = transition(model, path.state as never, event as never)[0] as AnyMachineSnapshot;
      if (map.serialize(next) === map.serialize(path.state)) continue;
      const longer = settled(map, model, { ...path, steps: [...path.steps, { event, state: next }], state: next });
      if (!longer) continue;
      for (const item of transitions) taken.add(item);
      extended.push(longer);
    }
  }
  candidates.push(...extended);

  const covered = new Set<string>();
  const chosen: ChartPath[] = [];
  const all = candidates.map((path) => coverageOf(path, start));
  const targets = [...new Set(all.flatMap((coverage) => [...coverage]))].sort((a, z) => Number(a.includes(' ')) - Number(z.includes(' ')));
  for (const target of targets) {
    if (covered.has(target)) continue;
    const index = all.findIndex((coverage) => coverage.has(target));
    chosen.push(candidates[index]);
    for (const item of all[index]) covered.add(item);
  }
  const shortest = chosen
    .sort((a, z) => z.steps.length - a.steps.length)
    .filter((path, index, kept) => !kept.slice(0, index).some((longer) => personSteps(map, longer).startsWith(personSteps(map, path))))
    .reverse();

  // Simple paths add what transitions one at a time do not: the order of a person's steps (each pair of
  // consecutive steps, with their choices) on the way to the goal.
  const pairsOf = (path: ChartPath) => {
    const steps = personSteps(map, path).split(' → ');
    return steps.slice(1).map((step, index) => `${steps[index]} ⇢ ${step}`);
  };
  const pairs = new Set(shortest.flatMap(pairsOf));
  const forward = (_: unknown, event: EventObject) => map.simpleEvents?.(event.type) ?? true;
  const simplePaths = settle(getSimplePaths(model, { ...options, toState: map.goal, filterEvents: forward } as never) as ChartPath[]).sort((a, z) => a.steps.length - z.steps.length);
  const simple: ChartPath[] = [];
  for (const path of simplePaths) {
    if (simple.length >= map.simpleLimit) break;
    const fresh = pairsOf(path).filter((pair) => !pairs.has(pair));
    if (fresh.length === 0) continue;
    for (const pair of fresh) pairs.add(pair);
    simple.push(path);
  }
  return { shortest, simple };
}

/** What no chosen path drives: states and transitions the model reaches but the browser is not taken through. */
export function undriven(map: ChartMap<never>, paths: ChosenPaths): { states: string[] } {
  const driven = new Set([...paths.shortest, ...paths.simple].flatMap((path) => path.steps.flatMap((step) => leafIds(step.state))));
  return { states: Object.keys(map.states).filter((id) => !driven.has(id)) };
}

/** A path's name in the report: the events it takes and where it ends. */
export const describePath = (path: ChartPath) =>
  `${path.steps.map((step) => step.event.type.replace('xstate.done.actor.', 'done:')).join(' → ')} ⇒ ${JSON.stringify(path.state.value)}`;

/** An invoked actor's done event with its output, as a map's sample of what the server answered. */
export const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output, actorId: id });
