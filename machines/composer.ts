import { assign, type EventObject } from 'xstate';
import { asFailure, isUnanswered } from './api-failure';
import type { PickedFile } from './upload';

/*
 * The composer the chats keep (the customer's support chat, the staff's inbox reply, a
 * conversation): a text typed, or a picture picked, each checked first by a rule of the contract
 * and then sent; what the server refuses stays beside the text as `problem`. Written once here:
 * its states, guards and actions; each chart spreads them into its own `composer` region, keeps
 * the fields below in its own context and says what a sent message does to its list.
 */

/** Why a send was refused: a rule checked in the chart (the view words it), or the server's localised reply. */
export type ComposerProblem<TRule extends string> = { kind: 'rule'; result: TRule } | { kind: 'server'; result: string; message: string };

/** The composer's fields in the parent's context. */
export interface ComposerContext<TRule extends string> {
  text: string;
  problem: ComposerProblem<TRule> | null;
}

/** The fields of a composer that also sends a picture. */
export interface PictureComposerContext<TRule extends string> extends ComposerContext<TRule> {
  file: PickedFile | null;
  /** bytes of the picture sent so far */
  progress: { loaded: number; total: number } | null;
}

/** A picture composer with nothing typed, picked or refused: where it starts, and what a sent message leaves. */
export const PICTURE_COMPOSER_BLANK = { text: '', file: null, progress: null, problem: null } as const satisfies PictureComposerContext<never>;

/** The contract's rules the composer checks before sending: the refusal's result word, or null when it may go. */
export interface ComposerRules<TContext, TRule extends string> {
  text: (context: TContext) => TRule | null;
  /** only for a composer that sends pictures */
  picture?: (context: TContext) => TRule | null;
}

/**
 * The guards and actions of the composer, for a chart whose context holds ComposerContext (and
 * PictureComposerContext when `rules.picture` is given). Spread them into the chart's setup.
 */
export function composerImplementations<TContext extends ComposerContext<TRule>, TEvent extends EventObject, TRule extends string>(rules: ComposerRules<TContext, TRule>) {
  type Args = { context: TContext };
  // The fields written are the composer's own, a part of every TContext.
  const patch = (fields: Partial<PictureComposerContext<TRule>>) => fields as Partial<TContext>;
  const refusal = (result: TRule | null): ComposerProblem<TRule> => ({ kind: 'rule', result: result as TRule });
  const pictureRule = rules.picture ?? (() => null);
  return {
    guards: {
      'text is refused': ({ context }: Args) => rules.text(context) !== null,
      'picture is refused': ({ context }: Args) => pictureRule(context) !== null,
    },
    actions: {
      'edit text': assign<TContext, TEvent, { text: string }, TEvent, never>((_, params) => patch({ text: params.text, problem: null })),
      'pick file': assign<TContext, TEvent, { file: PickedFile | null }, TEvent, never>((_, params) => patch({ file: params.file, problem: null })),
      'refuse text': assign<TContext, TEvent, undefined, TEvent, never>(({ context }) => patch({ problem: refusal(rules.text(context)) })),
      'refuse picture': assign<TContext, TEvent, undefined, TEvent, never>(({ context }) => patch({ problem: refusal(pictureRule(context)) })),
      'clear problem': assign<TContext, TEvent, undefined, TEvent, never>(() => patch({ problem: null })),
      // The connection is back: a send that got no answer is no longer the person's problem (a refusal stays).
      'forget unanswered problem': assign<TContext, TEvent, undefined, TEvent, never>(({ context }) =>
        patch({ problem: context.problem?.kind === 'server' && isUnanswered(context.problem.result) ? null : context.problem }),
      ),
      'store refusal': assign<TContext, TEvent, { error: unknown }, TEvent, never>((_, params) => {
        const failure = asFailure(params.error);
        return patch({ problem: { kind: 'server', result: failure.result, message: failure.message } });
      }),
      /** Spec §8: a refused send is also told as a toast; provided by the storefront's composition root (a no-op elsewhere). */
      'tell refusal': (_: unknown, _params: { error: unknown }) => {},
      /** What was sent leaves the composer (a picture's too, when it sends pictures). */
      'clear sent': assign<TContext, TEvent, undefined, TEvent, never>(() =>
        patch(rules.picture ? PICTURE_COMPOSER_BLANK : { text: '', problem: null }),
      ),
      'start progress': assign<TContext, TEvent, undefined, TEvent, never>(({ context }) =>
        patch({ progress: { loaded: 0, total: (context as unknown as PictureComposerContext<TRule>).file?.size ?? 0 } }),
      ),
      'store progress': assign<TContext, TEvent, { loaded: number; total: number }, TEvent, never>((_, params) => patch({ progress: { loaded: params.loaded, total: params.total } })),
      'forget progress': assign<TContext, TEvent, undefined, TEvent, never>(() => patch({ progress: null })),
    },
  };
}

/** How the composer sends a text: the parent's actor, its input, and what the parent does with the sent message. */
export interface ComposerSend<TSrc extends string, TInput, TDone extends readonly unknown[]> {
  src: TSrc;
  input: TInput;
  /** the parent's actions once sent, on the actor's done event (the composer clears itself first) */
  done: TDone;
}

/** How the composer sends a picture: the upload actor (it reports UploadEvent), and the parent's events to pick, send and cancel. */
export interface ComposerUpload<TSrc extends string, TInput, TDone extends readonly unknown[], TFile extends string, TSendPicture extends string, TCancel extends string> {
  src: TSrc;
  input: TInput;
  /** the parent's actions once uploaded, on 'upload.done' (the composer clears itself first) */
  done: TDone;
  events: { file: TFile; send: TSendPicture; cancel: TCancel };
}

const on = <TType extends string, TTransition>(type: TType, transition: TTransition) => ({ [type]: transition }) as { [K in TType]: TTransition };
const textOf = ({ event }: { event: { text: string } }) => ({ text: event.text });
const fileOf = ({ event }: { event: { file: PickedFile | null } }) => ({ file: event.file });
const progressOf = ({ event }: { event: { loaded: number; total: number } }) => ({ loaded: event.loaded, total: event.total });
const refusalOf = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

/** A send: checked by the rule first (refused, it goes nowhere), then, if the parent allows, on to `target`. */
const checked = <TSend extends string, TRefused extends string, TRefuse extends string, TTarget extends string, TAllowed extends object>(send: TSend, refused: TRefused, refuse: TRefuse, target: TTarget, allowed: TAllowed) =>
  on(send, [{ guard: refused, actions: refuse }, { ...allowed, target, actions: 'clear problem' as const }]);

/** The picture's transitions while editing, and its uploading state. */
function pictureStates<const TSrc extends string, TInput, const TDone extends readonly unknown[], const TFile extends string, const TSendPicture extends string, const TCancel extends string, TAllowed extends object>(
  upload: ComposerUpload<TSrc, TInput, TDone, TFile, TSendPicture, TCancel>,
  allowed: TAllowed,
) {
  const editing = {
    ...on(upload.events.file, { ...allowed, actions: { type: 'pick file' as const, params: fileOf } }),
    ...checked(upload.events.send, 'picture is refused' as const, 'refuse picture' as const, 'uploading' as const, allowed),
  };
  const uploading = {
    entry: 'start progress' as const,
    invoke: { id: 'upload', src: upload.src, input: upload.input },
    on: {
      'upload.progress': { actions: { type: 'store progress' as const, params: progressOf } },
      'upload.done': { target: 'editing' as const, actions: ['clear sent' as const, ...upload.done] as const },
      'upload.failed': {
        target: 'editing' as const,
        actions: [{ type: 'store refusal' as const, params: refusalOf }, { type: 'tell refusal' as const, params: refusalOf }, 'forget progress' as const] as const,
      },
      // Leaving stops the upload actor, which aborts the request; the picture stays picked.
      ...on(upload.events.cancel, { target: 'editing' as const, actions: 'forget progress' as const }),
    },
  };
  return { editing, uploading };
}

/**
 * The composer's states, written once for the charts that show one: editing → sending (a text)
 * or uploading (a picture, with progress and cancel) → editing. A send a rule refuses goes
 * nowhere and keeps the rule's refusal; the server's refusal is kept as `problem`; what was sent
 * is cleared and the parent's `done` actions run. The parent's `guard` (e.g. a chat is open)
 * lets the composer be used at all; its `edits` are its own transitions while editing.
 */
export function composerStates<
  const TText extends string,
  const TSend extends string,
  const TSendSrc extends string,
  TSendInput,
  const TSendDone extends readonly unknown[],
  const TEdits extends object = object,
  const TGuard extends string = never,
  const TUploadSrc extends string = never,
  TUploadInput = never,
  const TUploadDone extends readonly unknown[] = never,
  const TFile extends string = never,
  const TSendPicture extends string = never,
  const TCancel extends string = never,
>(config: {
  /** the parent's events: type the text, send it */
  events: { text: TText; send: TSend };
  send: ComposerSend<TSendSrc, TSendInput, TSendDone>;
  upload?: ComposerUpload<TUploadSrc, TUploadInput, TUploadDone, TFile, TSendPicture, TCancel>;
  guard?: TGuard;
  edits?: TEdits;
}) {
  const { events, send, upload } = config;
  const allowed = (config.guard === undefined ? {} : { guard: config.guard }) as [TGuard] extends [never] ? object : { guard: TGuard };
  const editing = {
    on: {
      ...(config.edits as TEdits),
      ...on(events.text, { ...allowed, actions: { type: 'edit text' as const, params: textOf } }),
      ...checked(events.send, 'text is refused' as const, 'refuse text' as const, 'sending' as const, allowed),
    },
  };
  const sending = {
    invoke: {
      id: 'send',
      src: send.src,
      input: send.input,
      onDone: { target: 'editing' as const, actions: ['clear sent' as const, ...send.done] as const },
      onError: { target: 'editing' as const, actions: [{ type: 'store refusal' as const, params: refusalOf }, { type: 'tell refusal' as const, params: refusalOf }] as const },
    },
  };
  type Picture = ReturnType<typeof pictureStates<TUploadSrc, TUploadInput, TUploadDone, TFile, TSendPicture, TCancel, typeof allowed>>;
  type States = [TUploadSrc] extends [never]
    ? { editing: typeof editing; sending: typeof sending }
    : { editing: { on: (typeof editing)['on'] & Picture['editing'] }; sending: typeof sending; uploading: Picture['uploading'] };
  if (!upload) return { editing, sending } as States;
  const picture = pictureStates(upload, allowed);
  return { editing: { on: { ...editing.on, ...picture.editing } }, sending, uploading: picture.uploading } as States;
}
