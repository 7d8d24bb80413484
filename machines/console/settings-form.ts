/*
 * The owner's settings forms (the counter's settings, the shop's hours, delivery, switches and areas, an item's details
 * and its option steps): read once into a
 * form, edited, each save checked by the contract's rule in the chart (refused, nothing is sent and the rule's
 * problems stay at their fields), then sent; the server's answer is the form again (saved) or its refusal in its
 * words (failed, the form kept to try again). Written once here; each chart keeps its own context and actions and
 * names them below, as the chats do with composer.ts.
 */

/** One save of the form: its event, the rule's guard and what keeps the rule's problems, the actor and what its answer does. */
export interface SettingsSave<TEvent extends string, TRefused extends string, TRefuse, TStart, TSrc extends string, TInput, TDone, TFailed> {
  event: TEvent;
  /** the chart's guard: the contract's rule refuses the form as it is */
  refused: TRefused;
  /** the chart's actions for a refused form (its problems kept) */
  refuse: TRefuse;
  /** the chart's actions as the save starts (the last note or failure forgotten) */
  start: TStart;
  src: TSrc;
  input: TInput;
  /** on the saved form (the server's answer) */
  done: TDone;
  /** on the server's refusal or a failed request */
  failed: TFailed;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any save's shape; each is kept as written (const)
type AnySave = SettingsSave<string, string, any, any, string, any, any, any>;

/** The form's load: the actor, its input if it takes one, and what its answer or its failure does. */
export interface SettingsLoad<TSrc extends string, TInput, TDone, TFailed> {
  src: TSrc;
  input?: TInput;
  done: TDone;
  failed: TFailed;
}

/** While editing, each save event: refused by the rule (stay), else on to its saving state. */
type SaveTransitions<TSaves extends Record<string, AnySave>> = {
  [K in keyof TSaves & string as TSaves[K]['event']]: readonly [{ guard: TSaves[K]['refused']; actions: TSaves[K]['refuse'] }, { target: K; actions: TSaves[K]['start'] }];
};

/** Each saving state: its actor, back to the editing state (`TIdle`) with the answer or the failure. */
type SavingStates<TSaves extends Record<string, AnySave>, TIdle extends string> = {
  [K in keyof TSaves]: {
    invoke: {
      src: TSaves[K]['src'];
      input: TSaves[K]['input'];
      onDone: { target: TIdle; actions: TSaves[K]['done'] };
      onError: { target: TIdle; actions: TSaves[K]['failed'] };
    };
  };
};

/** The load's invoke: its input only when it takes one (an actor without input is given none). */
type LoadInvoke<TSrc extends string, TInput, TDone, TFailed, TIdle extends string> = {
  src: TSrc;
  onDone: { target: TIdle; actions: TDone };
  onError: { target: 'failed'; actions: TFailed };
} & ([TInput] extends [never] ? unknown : { input: TInput });

/**
 * The states loading → editing (or failed, with `retry`) → a saving state per save → editing. `edits` are the
 * chart's own transitions while editing; `saves` are keyed by their saving state's name; `idle` names the editing
 * state where a chart calls it otherwise ('editing' unless told).
 */
export function settingsFormStates<
  const TLoadSrc extends string,
  const TLoaded,
  const TLoadFailed,
  const TRetry extends string,
  const TEdits extends object,
  const TSaves extends Record<string, AnySave>,
  TLoadInput = never,
  const TIdle extends string = 'editing',
>(config: { load: SettingsLoad<TLoadSrc, TLoadInput, TLoaded, TLoadFailed>; retry: TRetry; edits: TEdits; saves: TSaves; idle?: TIdle }) {
  const { load, retry, edits, saves } = config;
  const idle = (config.idle ?? 'editing') as TIdle;
  const entries = Object.entries(saves) as [keyof TSaves & string, AnySave][];
  const saveTransitions = Object.fromEntries(
    entries.map(([state, save]) => [save.event, [{ guard: save.refused, actions: save.refuse }, { target: state, actions: save.start }]]),
  ) as unknown as SaveTransitions<TSaves>;
  const savingStates = Object.fromEntries(
    entries.map(([state, save]) => [state, { invoke: { src: save.src, input: save.input, onDone: { target: idle, actions: save.done }, onError: { target: idle, actions: save.failed } } }]),
  ) as SavingStates<TSaves, TIdle>;
  const loadInvoke = {
    src: load.src,
    ...(load.input === undefined ? {} : { input: load.input }),
    onDone: { target: idle, actions: load.done },
    onError: { target: 'failed' as const, actions: load.failed },
  } as LoadInvoke<TLoadSrc, TLoadInput, TLoaded, TLoadFailed, TIdle>;
  return {
    loading: { invoke: loadInvoke },
    failed: { on: { [retry]: 'loading' as const } as { [K in TRetry]: 'loading' } },
    ...({ [idle]: { on: { ...edits, ...saveTransitions } } } as { [K in TIdle]: { on: TEdits & SaveTransitions<TSaves> } }),
    ...savingStates,
  };
}
