import { describe, expect, it } from 'vitest';
import { assign, createActor, fromCallback, fromPromise, setup, waitFor, type DoneActorEvent } from 'xstate';
import type { ApiFailure } from '@machines/api-failure';
import { composerImplementations, composerStates, type PictureComposerContext } from '@machines/composer';
import type { PickedFile, UploadEvent } from '@machines/upload';

/*
 * The composer's states and actions (machines/composer.ts) in a chart of their own: a parent with
 * a rule (no blank text, a picture picked), a guard of its own (a chat is open) and a list the
 * sent messages go to, as the support chat, the inbox and a conversation spread them.
 */

type Rule = 'blank' | 'no_picture';

interface Context extends PictureComposerContext<Rule> {
  open: boolean;
  sent: string[];
}

type Event =
  | { type: 'text'; text: string }
  | { type: 'file'; file: PickedFile | null }
  | { type: 'send' }
  | { type: 'sendPicture' }
  | { type: 'cancel' }
  | UploadEvent;

const composer = composerImplementations<Context, Event, Rule>({
  text: (context) => (context.text.trim() === '' ? 'blank' : null),
  picture: (context) => (context.file === null ? 'no_picture' : null),
});

const parent = setup({
  types: { context: {} as Context, events: {} as Event, input: {} as { open: boolean } },
  actors: {
    send: fromPromise<string, { text: string }>(async () => {
      throw new Error('not stubbed');
    }),
    upload: fromCallback<UploadEvent, { file: PickedFile }>(() => {
      throw new Error('not stubbed');
    }),
  },
  guards: { ...composer.guards, 'is open': ({ context }) => context.open },
  actions: {
    ...composer.actions,
    'keep sent': assign(({ context }, params: { text: string }) => ({ sent: [...context.sent, params.text] })),
  },
}).createMachine({
  context: ({ input }) => ({ open: input.open, sent: [], text: '', file: null, progress: null, problem: null }),
  initial: 'editing',
  states: composerStates({
    events: { text: 'text', send: 'send' },
    guard: 'is open',
    send: {
      src: 'send',
      input: ({ context }: { context: Context }) => ({ text: context.text.trim() }),
      done: [{ type: 'keep sent', params: ({ event }: { event: DoneActorEvent<string> }) => ({ text: event.output }) }],
    },
    upload: {
      src: 'upload',
      input: ({ context }: { context: Context }) => ({ file: context.file as PickedFile }),
      done: [{ type: 'keep sent', params: () => ({ text: 'picture' }) }],
      events: { file: 'file', send: 'sendPicture', cancel: 'cancel' },
    },
  }),
});

/** The chart with stubbed effects; `calls` records what reached them. */
function start(options: { reply?: (text: string) => Promise<string>; open?: boolean } = {}) {
  const calls = { sends: [] as string[], uploads: [] as PickedFile[], stopped: 0 };
  const machine = parent.provide({
    actors: {
      send: fromPromise(async ({ input }: { input: { text: string } }) => {
        calls.sends.push(input.text);
        return (options.reply ?? (async (text: string) => text))(input.text);
      }),
      upload: fromCallback<UploadEvent, { file: PickedFile }>(({ input }) => {
        calls.uploads.push(input.file);
        return () => void (calls.stopped += 1);
      }),
    },
  });
  const actor = createActor(machine, { input: { open: options.open ?? true } }).start();
  return { actor, calls };
}

const picture: PickedFile = { name: 'a.jpg', type: 'image/jpeg', size: 1000 };

describe('the composer, written once', () => {
  it('keeps a text the rule refuses: the send actor is never invoked, and typing clears the refusal', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'text', text: '   ' });
    actor.send({ type: 'send' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'rule', result: 'blank' });
    expect(calls.sends).toEqual([]);
    actor.send({ type: 'text', text: 'hello' });
    expect(actor.getSnapshot().context.problem).toBeNull();
  });

  it('sends an allowed text, clears it and runs the parent’s done actions with what was sent', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'text', text: ' hello ' });
    actor.send({ type: 'send' });
    expect(actor.getSnapshot().value).toBe('sending');
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(calls.sends).toEqual(['hello']);
    expect(actor.getSnapshot().context).toMatchObject({ text: '', problem: null, sent: ['hello'] });
  });

  it('keeps the server’s refusal as the problem, and the text with it', async () => {
    const { actor } = start({ reply: async () => Promise.reject<string>({ result: 'chat_too_long', message: 'Too long' } satisfies ApiFailure) });
    actor.send({ type: 'text', text: 'hello' });
    actor.send({ type: 'send' });
    await waitFor(actor, (snapshot) => snapshot.matches('editing'));
    expect(actor.getSnapshot().context).toMatchObject({ text: 'hello', sent: [], problem: { kind: 'server', result: 'chat_too_long', message: 'Too long' } });
  });

  it('does nothing the parent’s guard forbids, but still shows the rule’s refusal', () => {
    const { actor, calls } = start({ open: false });
    actor.send({ type: 'text', text: 'typed while closed' });
    expect(actor.getSnapshot().context.text).toBe('');
    actor.send({ type: 'send' });
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'rule', result: 'blank' });
    actor.send({ type: 'file', file: picture });
    actor.send({ type: 'sendPicture' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(calls.uploads).toEqual([]);
  });

  it('uploads a picture with progress; cancelling stops the upload actor and keeps the picture picked', () => {
    const { actor, calls } = start();
    actor.send({ type: 'sendPicture' });
    expect(actor.getSnapshot().context.problem).toEqual({ kind: 'rule', result: 'no_picture' });
    expect(calls.uploads).toEqual([]);
    actor.send({ type: 'file', file: picture });
    actor.send({ type: 'sendPicture' });
    expect(actor.getSnapshot().value).toBe('uploading');
    expect(actor.getSnapshot().context.progress).toEqual({ loaded: 0, total: 1000 });
    actor.send({ type: 'upload.progress', loaded: 400, total: 1000 });
    expect(actor.getSnapshot().context.progress).toEqual({ loaded: 400, total: 1000 });
    actor.send({ type: 'cancel' });
    expect(calls.stopped).toBe(1);
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context).toMatchObject({ file: picture, progress: null });
  });

  it('a failed upload keeps the server’s refusal; a done one clears the picture and runs the parent’s done actions', () => {
    const { actor, calls } = start();
    actor.send({ type: 'file', file: picture });
    actor.send({ type: 'sendPicture' });
    actor.send({ type: 'upload.failed', error: { result: 'unauthorized_file_size', message: 'Too big' } satisfies ApiFailure });
    expect(actor.getSnapshot().context).toMatchObject({ file: picture, progress: null, problem: { kind: 'server', result: 'unauthorized_file_size' } });
    actor.send({ type: 'sendPicture' });
    actor.send({ type: 'upload.done', message: null });
    expect(calls.uploads).toHaveLength(2);
    expect(actor.getSnapshot().context).toMatchObject({ file: null, progress: null, problem: null, sent: ['picture'] });
  });
});
