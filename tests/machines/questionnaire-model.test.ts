import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import type { AnyStateMachine, DoneActorEvent, ErrorActorEvent, MachineConfig, SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { toPersianDigits } from '@contract/digits';
import type { Form, FormQuestion } from '@contract/entities/form';
import { localizeForm } from '@contract/forms/definition';
import { franchiseForm } from '@contract/forms/franchise';
import { skincareForm } from '@contract/forms/skincare-routine';
import { checkAnswer, nextQuestionId, questionById } from '@contract/rules/questionnaire';
import {
  currentQuestion,
  errorText,
  failureMessage,
  questionnaireMachine,
  showsError,
  submissionOf,
  successMessage,
  type FormSubmission,
  type FormSubmitted,
  type QuestionnaireContext,
  type QuestionnaireEvent,
  type QuestionnaireInput,
} from '@machines/questionnaire-machine';
import { withInvocationsAsEvents, withoutPrefixPaths, type ConfigNode } from './model-config';

/**
 * As in the other model tests: createTestModel cannot run invocations, so the model is the
 * chart's own config with 'submit form' replaced by the done/error events it would deliver.
 * Guards and actions stay the chart's.
 */
type ModelEvent = QuestionnaireEvent | DoneActorEvent<FormSubmitted, 'submit'> | ErrorActorEvent<unknown, 'submit'>;
const modelMachine = createMachine(
  {
    ...(withInvocationsAsEvents(questionnaireMachine.config as ConfigNode) as MachineConfig<QuestionnaireContext, ModelEvent>),
    types: {} as { context: QuestionnaireContext; events: ModelEvent; input: QuestionnaireInput },
  },
  questionnaireMachine.implementations as never,
);
type ModelSnapshot = SnapshotFrom<typeof modelMachine>;

const accepted: FormSubmitted = { id: 41, message: 'درخواست شما ثبت شد' };
const refused = { result: 'server_error', message: 'خطای سرور، دوباره تلاش کنید' };
const done = { type: 'xstate.done.actor.submit', output: accepted, actorId: 'submit' } as ModelEvent;
const failed = { type: 'xstate.error.actor.submit', error: refused, actorId: 'submit' } as ModelEvent;

const letters = (count: number) => 'ک'.repeat(count);

/**
 * Inputs a question accepts: every option of a radio or dropdown (each override), each option of
 * a checkbox, one value at the edge of the limits otherwise. An optional question is skipped by
 * going on untouched.
 */
function validInputs(question: FormQuestion): string[] {
  const ids = question.response.map((option) => option.id);
  switch (question.type) {
    case 'radio':
    case 'dropdown':
      return ids.map(String);
    case 'checkbox': {
      const first = ids.slice(0, Math.max(question.min ?? 1, 1)).join(',');
      return [first, ...((question.min ?? 1) <= 1 ? ids.slice(1).map(String) : [])];
    }
    case 'input-number': {
      const edge = question.min ?? question.max ?? 1;
      return [question.decimal === 1 ? toPersianDigits(edge).concat('٫', '۵') : toPersianDigits(edge)];
    }
    default:
      return [letters(Math.max(question.min ?? 1, 1))];
  }
}

/** One input the question refuses, at the edge of its limits where it has one. */
function invalidInput(question: FormQuestion): string {
  const ids = question.response.map((option) => option.id);
  switch (question.type) {
    case 'radio':
    case 'dropdown':
      return '999';
    case 'checkbox':
      return question.max !== null && ids.length > question.max ? ids.slice(0, question.max + 1).join(',') : '999';
    case 'input-number':
      if (question.min !== null) return String(question.decimal === 1 ? question.min - 0.01 : question.min - 1);
      return question.max !== null ? String(question.max + 1) : 'abc';
    default:
      if ((question.min ?? 0) > 1) return letters((question.min ?? 0) - 1);
      return question.max !== null ? letters(question.max + 1) : question.required === 1 ? '' : 'a\u0000b';
  }
}

/**
 * The inputs that go on with 'answer.next': one per distinct next question (every override),
 * the first valid one of a question that does not route. The other options are chosen too, but
 * going on with them would only repeat the same route with another value.
 */
function routingInputs(question: FormQuestion): string[] {
  const inputs = validInputs(question);
  if (question.type !== 'radio' && question.type !== 'dropdown') return inputs.slice(0, 1);
  const byTarget = new Map<number | null, string>();
  for (const input of inputs) {
    const check = checkAnswer(question, input);
    const target = check.valid ? nextQuestionId(question, check.value) : undefined;
    if (target !== undefined && !byTarget.has(target)) byTarget.set(target, input);
  }
  return [...byTarget.values()];
}

/** Drafts of questions off the path: what was typed before going back (or on a branch left since). */
const draftsOffPath = (context: QuestionnaireContext) =>
  Object.keys(context.inputs).some((id) => Number(id) !== context.currentId && !context.history.includes(Number(id)));

/**
 * Every event a person or the submission can produce in a state; the states are whole contexts,
 * so the drafts left by Back are what could multiply them. Back is taken only from an empty or
 * routing input while no draft lies off the path. Once back, the person goes straight on: the
 * question returned to may take another routing input (another branch, leaving the draft behind
 * for good), every later question its first routing input.
 */
function eventsOf(snapshot: ModelSnapshot): ModelEvent[] {
  const { context } = snapshot;
  const drafts = draftsOffPath(context);
  const back: ModelEvent[] = drafts ? [] : [{ type: 'answer.back' }];
  const change = (value: string) => ({ type: 'answer.change', value }) as ModelEvent;
  if (snapshot.matches('answering')) {
    const question = questionById(context.form, context.currentId ?? -1) as FormQuestion;
    const input = context.inputs[question.id];
    const routing = routingInputs(question);
    if (drafts) return input === undefined ? [change(routing[0])] : [...routing.filter((value) => value !== input).map(change), { type: 'answer.next' }];
    const goesOn = input === undefined || routing.includes(input) || !checkAnswer(question, input).valid;
    return [
      ...[...validInputs(question), invalidInput(question)].filter((value) => value !== input).map(change),
      ...(goesOn ? [{ type: 'answer.next' } as ModelEvent] : []),
      ...(input === undefined || routing.includes(input) ? back : []),
    ];
  }
  if (snapshot.matches('review')) return [{ type: 'form.submit' }, ...back];
  if (snapshot.matches('submitting')) return [done, failed, { type: 'form.submit' }];
  if (snapshot.matches('failed')) return [{ type: 'form.retry' }, ...back];
  return [];
}

/**
 * createTestModel adds a bare event of every type a state accepts that `events` left out (a
 * Back the model withholds, an 'answer.change' without a value); only the listed ones are taken.
 */
const listed = new WeakMap<object, Set<string>>();
function isListed(snapshot: unknown, event: unknown): boolean {
  let offered = listed.get(snapshot as object);
  if (!offered) listed.set(snapshot as object, (offered = new Set(eventsOf(snapshot as ModelSnapshot).map((entry) => JSON.stringify(entry)))));
  return offered.has(JSON.stringify(event));
}

/** A state is its whole context but the form (the same throughout): the real machine replays each path exactly. */
const cache = new WeakMap<object, string>();
function serializeState(snapshot: unknown): string {
  let serialized = cache.get(snapshot as object);
  if (serialized === undefined) {
    const { value, context } = snapshot as ModelSnapshot;
    const { form: _form, ...rest } = context;
    serialized = JSON.stringify({ value, ...rest });
    cache.set(snapshot as object, serialized);
  }
  return serialized;
}

/** Every route from the first question to the end, read from the form's data (not the chart). */
function routesOf(form: Form): string[] {
  const routes: string[] = [];
  const walk = (id: number | null, path: number[]) => {
    if (id === null) return void routes.push(JSON.stringify(path));
    const question = questionById(form, id) as FormQuestion;
    const values = question.type === 'radio' || question.type === 'dropdown' ? question.response.map((option) => [option.id]) : [[]];
    const targets = new Set(values.map((value) => nextQuestionId(question, value.length ? value : null)));
    if (question.required === 0) targets.add(nextQuestionId(question, null));
    for (const target of targets) walk(target, [...path, id]);
  };
  walk(form.first_question_id, []);
  return routes;
}

interface Pending {
  resolve: (value: FormSubmitted) => void;
  reject: (error: unknown) => void;
  input: FormSubmission;
}

/** The real machine whose 'submit form' waits for the model to settle it. */
function startSystemUnderTest(form: Form) {
  const system = { pending: null as Pending | null, requests: 0 };
  const machine = questionnaireMachine.provide({
    actors: {
      'submit form': fromPromise<FormSubmitted, FormSubmission>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            system.requests += 1;
            system.pending = { resolve, reject, input };
          }),
      ),
    },
  });
  const actor = createActor(machine, { input: { form } }).start();
  return { system, actor };
}
type System = ReturnType<typeof startSystemUnderTest>;

function eventExecutors(sut: System) {
  const send = ({ event }: { event: ModelEvent }) => void sut.actor.send(event as QuestionnaireEvent);
  const settle = async (step: { event: ModelEvent; state: ModelSnapshot }) => {
    const request = sut.system.pending;
    expect(request, "'submit form' was invoked").not.toBeNull();
    sut.system.pending = null;
    if (step.event.type === done.type) request?.resolve(accepted);
    else request?.reject(refused);
    await waitFor(sut.actor, (snapshot) => JSON.stringify(snapshot.value) === JSON.stringify(step.state.value), { timeout: 2_000 });
  };
  return Object.fromEntries([
    ...['answer.change', 'answer.next', 'answer.back', 'form.submit', 'form.retry'].map((type) => [type, send]),
    [done.type, settle],
    [failed.type, settle],
  ]);
}

/** What the person sees in each state of the path, on the real machine. */
function stateChecks(sut: System) {
  return {
    '*': (state: ModelSnapshot) => {
      const real = sut.actor.getSnapshot();
      expect(real.value).toEqual(state.value);
      expect(real.context).toEqual(state.context);
      const question = currentQuestion(real);
      expect(question?.id ?? null).toBe(state.matches('answering') ? state.context.currentId : null);
      expect(showsError(real)).toBe(state.matches({ answering: 'invalid' }));
      expect(errorText(real)).toBe(state.matches({ answering: 'invalid' }) ? question?.error : null);
      if (state.matches('submitting')) {
        const submission = sut.system.pending?.input;
        expect(submission).toEqual(submissionOf(state.context));
        // Only answers on the path travel; a skipped optional one is left out.
        const onPath = state.context.history.filter((id) => {
          const check = checkAnswer(questionById(state.context.form, id) as FormQuestion, state.context.inputs[id] ?? '');
          return check.valid && check.value !== null;
        });
        expect(submission?.entries.map((entry) => entry.id)).toEqual(onPath);
        // A second press while it runs sends nothing.
        const requests = sut.system.requests;
        sut.actor.send({ type: 'form.submit' });
        expect(sut.system.requests).toBe(requests);
      }
      if (state.matches('submitted')) expect(successMessage(real)).toBe(accepted.message);
      if (state.matches('failed')) expect(failureMessage(real)).toBe(refused.message);
    },
  };
}

const describePath = (path: { steps: { event: ModelEvent }[] }) =>
  path.steps.map(({ event }) => (event.type === 'answer.change' ? `change(${event.value.slice(0, 12)})` : event.type.replace('xstate.', ''))).join(' → ');

const forms: [string, Form][] = [
  ['franchise', localizeForm(franchiseForm, 'fa')],
  ['skincare', localizeForm(skincareForm, 'en')],
];

describe.each(forms)('questionnaire machine, model-based: %s', (name, form) => {
  const model = createTestModel(modelMachine as AnyStateMachine, { events: eventsOf as never, filterEvents: isListed, input: { form }, serializeState });
  const started = Date.now();
  // withoutPrefixPaths keeps the paths getShortestPaths() keeps, without comparing every pair (see model-config.ts).
  const paths = withoutPrefixPaths(model.getShortestPaths({ allowDuplicatePaths: true }));
  console.log(`${name}: ${paths.length} paths (${Date.now() - started} ms to enumerate)`);
  const steps = paths.flatMap((path) => path.steps.map((step, index) => ({ step, before: (index === 0 ? null : path.steps[index - 1].state) as ModelSnapshot | null })));
  const states = steps.map(({ step }) => step.state as ModelSnapshot);

  it('the paths take every route through next_question_id to the review and to a submission', () => {
    const routes = routesOf(form);
    const reviewed = new Set(states.filter((state) => state.matches('review')).map((state) => JSON.stringify(state.context.history)));
    const submitted = new Set(states.filter((state) => state.matches('submitted')).map((state) => JSON.stringify(state.context.history)));
    expect([...reviewed].sort()).toEqual([...routes].sort());
    expect([...submitted].sort()).toEqual([...routes].sort());
    expect(routes.length).toBeGreaterThanOrEqual(name === 'franchise' ? 5 : 16);
  });

  it('every option override is taken forward to the question it names; every option of every choice is chosen', () => {
    const forward = new Set<string>();
    for (const { step, before } of steps) {
      if (step.event.type !== 'answer.next' || !before?.matches('answering')) continue;
      const question = questionById(form, before.context.currentId ?? -1) as FormQuestion;
      const option = question.response.find((entry) => String(entry.id) === before.context.inputs[question.id]);
      if (!option || (question.type !== 'radio' && question.type !== 'dropdown')) continue;
      expect((step.state as ModelSnapshot).context.currentId).toBe(nextQuestionId(question, [option.id]));
      forward.add(`${question.id}:${option.id}`);
    }
    const overriding = form.questions.flatMap((question) =>
      question.type === 'radio' || question.type === 'dropdown'
        ? question.response.filter((option) => option.next_question_id !== null && option.next_question_id !== 0).map((option) => `${question.id}:${option.id}`)
        : [],
    );
    expect(overriding.length).toBeGreaterThanOrEqual(name === 'franchise' ? 5 : 6);
    for (const key of overriding) expect(forward).toContain(key);
    const chosen = new Set(
      states
        .filter((state) => state.matches('answering'))
        .flatMap((state) => (state.context.inputs[state.context.currentId ?? -1] ?? '').split(',').map((id) => `${state.context.currentId}:${id}`)),
    );
    for (const question of form.questions) for (const option of question.response) expect(chosen).toContain(`${question.id}:${option.id}`);
  });

  it('Back from each branch returns to the question that branched, not to the one before in id', () => {
    const backs = new Set<string>();
    for (const { step, before } of steps) {
      if (step.event.type !== 'answer.back' || !before?.matches('answering')) continue;
      const from = before.context.currentId as number;
      const to = (step.state as ModelSnapshot).context.currentId as number;
      expect(to).toBe(before.context.history.at(-1));
      backs.add(`${from}->${to}`);
    }
    for (const question of form.questions) {
      for (const option of question.response) {
        if (option.next_question_id !== null && option.next_question_id !== 0) expect(backs).toContain(`${option.next_question_id}->${question.id}`);
      }
    }
  });

  it('every question refuses its invalid value with its own error, staying on the question', () => {
    const refusals = states.filter((state) => state.matches({ answering: 'invalid' }));
    for (const question of form.questions) {
      expect(checkAnswer(question, invalidInput(question)).valid, `question ${question.id}`).toBe(false);
      const refused = refusals.some((state) => state.context.currentId === question.id && state.context.inputs[question.id] === invalidInput(question));
      expect(refused, `question ${question.id} refuses ${invalidInput(question).slice(0, 20)}`).toBe(true);
    }
    // A required question gone on from untouched is refused too.
    for (const question of form.questions.filter((entry) => entry.required === 1)) {
      expect(refusals.some((state) => state.context.currentId === question.id && state.context.inputs[question.id] === undefined), `question ${question.id} untouched`).toBe(true);
    }
  });

  it('a submission after switching branches leaves the abandoned answers out; a failure and its retry are taken', () => {
    expect(states.some((state) => state.matches('submitting') && draftsOffPath(state.context))).toBe(true);
    expect(states.some((state) => state.matches('failed'))).toBe(true);
    expect(steps.some(({ step, before }) => step.event.type === 'form.retry' && before?.matches('failed'))).toBe(true);
  });

  it(`the real machine follows every path and shows the model's question and error on each step`, async () => {
    for (const path of paths) {
      const sut = startSystemUnderTest(form);
      try {
        await path.test({ states: stateChecks(sut), events: eventExecutors(sut) });
      } catch (error) {
        throw new Error(`${describePath(path)}: ${String(error).slice(0, 400)}`);
      }
      sut.actor.stop();
    }
  }, 60_000);
});
