import { transition, type AnyMachineSnapshot, type EventFromLogic } from 'xstate';

/**
 * Whether the chart would take `event` rather than refuse it. Charts answer a
 * refused event with a fallback transition that only records a refusal (so a
 * hostile or stale event is still answered), which makes `snapshot.can` true
 * for both; this asks the chart itself, without running any effect: the event
 * is taken when it changes the state, or leaves no refusal behind.
 */
export function accepts<TSnapshot extends AnyMachineSnapshot>(
  snapshot: TSnapshot,
  event: EventFromLogic<TSnapshot['machine']>,
  refusalOf: (context: TSnapshot['context']) => unknown,
): boolean {
  if (snapshot.status !== 'active' || !snapshot.can(event)) return false;
  const [next] = transition(snapshot.machine, snapshot, event);
  return JSON.stringify(next.value) !== JSON.stringify(snapshot.value) || refusalOf(next.context) === null;
}
