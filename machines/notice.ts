/**
 * What a chart tells the person when something finished: a success or a note named by an id the
 * chart declares (machines carry no texts: the composition root words it in the visitor's
 * language, src/app/notices.ts), or a failure whose server message is shown as spec §8 says.
 * A chart raises it with its stubbed `notify` action; src/app/live.ts provides it. `values` fill
 * the words' placeholders (numbers are shown in the visitor's digits).
 */
export type Notice<Id extends string = string> =
  /** `link`: the app's path the notice offers to open (a matched ad) */
  | { tone: 'success' | 'info'; id: Id; values?: Record<string, string | number>; link?: string }
  | { tone: 'failure'; error: unknown };

/** The stub a chart's `setup` carries until the composition root provides `notify`. */
export const notifyStub = (_: unknown, _notice: Notice) => {};
