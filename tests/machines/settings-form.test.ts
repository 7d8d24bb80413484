import { describe, expect, it } from 'vitest';
import { assign, createActor, fromPromise, setup, waitFor, type DoneActorEvent, type ErrorActorEvent } from 'xstate';
import { settingsFormStates } from '@machines/console/settings-form';

/*
 * The settings forms' states (machines/console/settings-form.ts), on a chart of their own: one text field whose
 * rule refuses a blank, saved by two saves (the text, and the text upper-cased) to a server double.
 */

interface Context {
  text: string;
  problem: string | null;
  failure: string | null;
  saved: string | null;
}
type Args = { context: Context };

function formMachine() {
  return setup({
    types: { context: {} as Context, events: {} as { type: 'form.retry' } | { type: 'form.edit'; text: string } | { type: 'text.save' } | { type: 'loud.save' } },
    actors: {
      load: fromPromise<string, void>(async () => ''),
      save: fromPromise<string, string>(async ({ input }) => input),
    },
    guards: { 'text is blank': ({ context }) => context.text.trim() === '' },
    actions: {
      store: assign((_, params: { text: string }) => ({ text: params.text, failure: null })),
      fail: assign((_, params: { error: unknown }) => ({ failure: String((params.error as Error).message) })),
      edit: assign(({ event }) => ({ text: (event as { text: string }).text, problem: null, saved: null })),
      refuse: assign({ problem: 'required' }),
      start: assign({ failure: null, saved: null }),
      mark: assign((_, params: { save: string }) => ({ saved: params.save })),
    },
  }).createMachine({
    context: { text: '', problem: null, failure: null, saved: null },
    initial: 'loading',
    states: settingsFormStates({
      load: {
        src: 'load',
        done: { type: 'store', params: ({ event }: { event: DoneActorEvent<string> }) => ({ text: event.output }) },
        failed: { type: 'fail', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) },
      },
      retry: 'form.retry',
      edits: { 'form.edit': { actions: 'edit' } },
      saves: {
        savingText: {
          event: 'text.save',
          refused: 'text is blank',
          refuse: 'refuse',
          start: 'start',
          src: 'save',
          input: ({ context }: Args) => context.text,
          done: [{ type: 'store', params: ({ event }: { event: DoneActorEvent<string> }) => ({ text: event.output }) }, { type: 'mark', params: { save: 'text' } }],
          failed: { type: 'fail', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) },
        },
        savingLoud: {
          event: 'loud.save',
          refused: 'text is blank',
          refuse: 'refuse',
          start: 'start',
          src: 'save',
          input: ({ context }: Args) => context.text.toUpperCase(),
          done: [{ type: 'store', params: ({ event }: { event: DoneActorEvent<string> }) => ({ text: event.output }) }, { type: 'mark', params: { save: 'loud' } }],
          failed: { type: 'fail', params: ({ event }: { event: ErrorActorEvent }) => ({ error: event.error }) },
        },
      },
    }),
  });
}

/** A server double: `load` fails while `loadFails` is set, `save` refuses while `saveFails` is; every save's input kept. */
function start({ loadFails = false } = {}) {
  const server = { loadFails, saveFails: false, saves: [] as string[] };
  let answer: (() => void) | null = null;
  const machine = formMachine().provide({
    actors: {
      load: fromPromise(async () => {
        if (server.loadFails) throw new Error('load refused');
        return 'kept';
      }),
      save: fromPromise(async ({ input }: { input: string }) => {
        server.saves.push(input);
        // Held until the test answers, so the saving state is seen.
        await new Promise<void>((resolve) => (answer = resolve));
        if (server.saveFails) throw new Error('save refused');
        return input;
      }),
    },
  });
  const actor = createActor(machine).start();
  const respond = () => answer?.();
  return { actor, server, respond };
}

describe('settingsFormStates', () => {
  it('loads into editing; a failed load waits in failed with its failure until the retry event reads again', async () => {
    const { actor, server } = start({ loadFails: true });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(actor.getSnapshot().context.failure).toBe('load refused');
    // Only the retry leaves failed: an edit or a save is not taken there.
    expect(actor.getSnapshot().can({ type: 'text.save' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'form.edit', text: 'x' })).toBe(false);
    server.loadFails = false;
    actor.send({ type: 'form.retry' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context).toMatchObject({ text: 'kept', failure: null });
  });

  it("refuses a save its rule refuses: it stays in editing with the rule's problem and nothing is sent", async () => {
    const { actor, server } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'form.edit', text: '  ' });
    actor.send({ type: 'text.save' });
    actor.send({ type: 'loud.save' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.problem).toBe('required');
    expect(server.saves).toEqual([]);
  });

  it('each save goes to its own saving state with its own input, and comes back saved with the answer', async () => {
    const { actor, server, respond } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    actor.send({ type: 'form.edit', text: 'quiet' });
    actor.send({ type: 'loud.save' });
    expect(actor.getSnapshot().value).toBe('savingLoud');
    // While saving, the form takes no edit and no second save.
    expect(actor.getSnapshot().can({ type: 'form.edit', text: 'x' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'text.save' })).toBe(false);
    await waitFor(actor, () => server.saves.length === 1);
    respond();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context).toMatchObject({ text: 'QUIET', saved: 'loud', failure: null });
    actor.send({ type: 'text.save' });
    expect(actor.getSnapshot().value).toBe('savingText');
    expect(actor.getSnapshot().context.saved).toBeNull();
    await waitFor(actor, () => server.saves.length === 2);
    respond();
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && snapshot.context.saved === 'text');
    expect(server.saves).toEqual(['QUIET', 'QUIET']);
  });

  it("keeps a refused save's failure and the form as typed, back in editing to try again", async () => {
    const { actor, server, respond } = start();
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    server.saveFails = true;
    actor.send({ type: 'form.edit', text: 'typed' });
    actor.send({ type: 'text.save' });
    await waitFor(actor, () => server.saves.length === 1);
    respond();
    await waitFor(actor, (snapshot) => snapshot.matches('editing') && snapshot.context.failure !== null);
    expect(actor.getSnapshot().context).toMatchObject({ text: 'typed', failure: 'save refused', saved: null });
    expect(actor.getSnapshot().can({ type: 'text.save' })).toBe(true);
  });

  it("gives the load its input when the chart names one, and names the editing state as the chart calls it", async () => {
    const asked: number[] = [];
    const machine = setup({
      types: { context: {} as { id: number; text: string }, events: {} as { type: 'item.retry' } | { type: 'item.save' } },
      actors: { load: fromPromise<string, { id: number }>(async ({ input }) => (asked.push(input.id), `item ${input.id}`)), save: fromPromise<string, string>(async ({ input }) => input) },
      guards: { never: () => false },
      actions: { store: assign((_, params: { text: string }) => ({ text: params.text })) },
    }).createMachine({
      context: { id: 7, text: '' },
      initial: 'loading',
      states: settingsFormStates({
        idle: 'shown',
        load: {
          src: 'load',
          input: ({ context }: { context: { id: number } }) => ({ id: context.id }),
          done: { type: 'store', params: ({ event }: { event: DoneActorEvent<string> }) => ({ text: event.output }) },
          failed: [],
        },
        retry: 'item.retry',
        edits: {},
        saves: { saving: { event: 'item.save', refused: 'never', refuse: [], start: [], src: 'save', input: ({ context }: { context: { text: string } }) => context.text, done: [], failed: [] } },
      }),
    });
    const actor = createActor(machine).start();
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
    expect(asked).toEqual([7]);
    expect(actor.getSnapshot().context.text).toBe('item 7');
    actor.send({ type: 'item.save' });
    await waitFor(actor, (snapshot) => snapshot.matches('shown'));
  });
});
