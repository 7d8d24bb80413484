import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { FormQuestion } from '@contract/entities/form';
import {
  canGoBack,
  canSubmit,
  chosenOptions,
  currentInput,
  currentQuestion,
  errorText,
  failureMessage,
  progressOf,
  reviewEntries,
  successMessage,
  toggledChoice,
  type questionnaireMachine,
} from '@machines/questionnaire-machine';
import { useLanguage } from '@/ui/actor-system';
import { formatNumber, localDigits } from '@/ui/format';

export type QuestionnaireActor = ActorRefFrom<typeof questionnaireMachine>;

/** The field of one question, by its type; `invalid` marks it and links the error for screen readers. */
function QuestionField({ actor, question, invalid, errorId, labelId }: { actor: QuestionnaireActor; question: FormQuestion; invalid: boolean; errorId: string; labelId: string }) {
  const value = useSelector(actor, currentInput);
  const change = (next: string) => actor.send({ type: 'answer.change', value: next });
  const described = invalid ? errorId : undefined;
  switch (question.type) {
    case 'input-text':
    case 'input-number':
    case 'textarea':
      return (
        <TextField
          value={value}
          onChange={(event) => change(event.target.value)}
          placeholder={question.placeholder || undefined}
          error={invalid}
          required={question.required === 1}
          multiline={question.type === 'textarea'}
          minRows={question.type === 'textarea' ? 3 : undefined}
          autoFocus
          slotProps={{
            htmlInput: {
              'aria-labelledby': labelId,
              'aria-describedby': described,
              'aria-invalid': invalid,
              'data-testid': 'question-input',
              inputMode: question.type === 'input-number' ? (question.decimal === 1 ? 'decimal' : 'numeric') : undefined,
            },
          }}
        />
      );
    case 'radio':
      return (
        <RadioGroup aria-labelledby={labelId} aria-describedby={described} value={chosenOptions(value)[0] ?? ''} onChange={(event) => change(event.target.value)}>
          {question.response.map((option, index) => (
            <FormControlLabel key={option.id} value={option.id} control={<Radio autoFocus={index === 0} slotProps={{ input: { 'data-testid': `option-${option.id}` } as object }} />} label={option.text} />
          ))}
        </RadioGroup>
      );
    case 'checkbox': {
      const chosen = chosenOptions(value);
      return (
        <FormGroup aria-labelledby={labelId} aria-describedby={described} role="group">
          {question.response.map((option, index) => (
            <FormControlLabel
              key={option.id}
              control={<Checkbox autoFocus={index === 0} checked={chosen.includes(option.id)} onChange={() => change(toggledChoice(value, option.id))} slotProps={{ input: { 'data-testid': `option-${option.id}` } as object }} />}
              label={option.text}
            />
          ))}
        </FormGroup>
      );
    }
    case 'dropdown':
      return (
        <TextField
          select
          value={chosenOptions(value)[0] ?? ''}
          onChange={(event) => change(String(event.target.value))}
          error={invalid}
          autoFocus
          slotProps={{ select: { SelectDisplayProps: { 'aria-labelledby': labelId, 'aria-describedby': described, 'aria-invalid': invalid, 'data-testid': 'question-select' } as object } }}
        >
          {question.response.map((option) => (
            <MenuItem key={option.id} value={option.id} data-testid={`option-${option.id}`}>
              {option.text}
            </MenuItem>
          ))}
        </TextField>
      );
  }
}

/**
 * Runs a questionnaire chart: one question per screen (focus moves to it), its own error announced,
 * Back along the path actually taken, a review of the answers, one submission, then the message.
 */
export function QuestionnaireView({ actor }: { actor: QuestionnaireActor }) {
  const { t } = useLingui();
  const language = useLanguage();
  const question = useSelector(actor, currentQuestion);
  const error = useSelector(actor, errorText);
  const progress = useSelector(actor, progressOf, (a, b) => a.index === b.index && a.total === b.total);
  const back = useSelector(actor, canGoBack);
  const submittable = useSelector(actor, canSubmit);
  const retryable = useSelector(actor, (snapshot) => snapshot.can({ type: 'form.retry' }));
  const sending = useSelector(actor, (snapshot) => snapshot.matches('submitting'));
  const done = useSelector(actor, successMessage);
  const failure = useSelector(actor, failureMessage);
  const entries = useSelector(actor, reviewEntries, (a, b) => a.length === b.length && a.every((entry, index) => entry.id === b[index].id && entry.response === b[index].response));
  const questions = useSelector(actor, (snapshot) => snapshot.context.form.questions);
  // A choice's answer is option ids: the review shows their texts, as the question showed them. A typed
  // answer is sent with Western digits: the review shows it as typed, in the language's digits.
  const optionText = (id: number, response: string) => {
    const asked = questions.find((entry) => entry.id === id);
    if (!asked || asked.response.length === 0) return localDigits(asked?.type === 'input-number' && language === 'fa' ? response.replace('.', '٫') : response, language);
    const chosen = chosenOptions(response);
    return asked.response.filter((option) => chosen.includes(option.id)).map((option) => option.text).join(language === 'fa' ? '، ' : ', ');
  };
  const heading = useRef<HTMLElement>(null);
  const step = question?.id ?? (done ? 'done' : 'review');
  // Each new screen (a question, the review, the result) takes the focus, so a screen reader reads it.
  useEffect(() => heading.current?.focus(), [step]);

  const next = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'answer.next' });
  };
  const digits = (value: number) => formatNumber(value, language);

  if (done) {
    return (
      <Alert severity="success" role="status" data-testid="questionnaire-done" tabIndex={-1} ref={heading as never}>
        {done}
      </Alert>
    );
  }
  if (question) {
    const labelId = `question-${question.id}-text`;
    const errorId = `question-${question.id}-error`;
    return (
      <Box component="form" noValidate onSubmit={next} data-testid="questionnaire-question" data-question-id={question.id} sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 640 }}>
        <Typography variant="body2" color="text.secondary" data-testid="questionnaire-progress">
          <Trans>
            Question {digits(progress.index + 1)} of {digits(progress.total)}
          </Trans>
        </Typography>
        <LinearProgress variant="determinate" value={progress.total === 0 ? 0 : (100 * progress.index) / progress.total} aria-hidden="true" />
        <FormControl error={error !== null} component="fieldset" sx={{ gap: 1 }}>
          <FormLabel component="legend" id={labelId} tabIndex={-1} ref={heading as never} sx={{ fontWeight: 700, color: 'text.primary' }} data-testid="question-text">
            {question.text}
            {question.required === 1 ? null : (
              <Typography component="span" variant="body2" color="text.secondary">
                {' '}
                <Trans>(optional)</Trans>
              </Typography>
            )}
          </FormLabel>
          <QuestionField actor={actor} question={question} invalid={error !== null} errorId={errorId} labelId={labelId} />
          {error !== null ? (
            <FormHelperText id={errorId} role="alert" data-testid="question-error">
              {error}
            </FormHelperText>
          ) : null}
        </FormControl>
        <Stack direction="row" spacing={1}>
          <Button type="submit" variant="contained" data-testid="question-next">
            <Trans>Next</Trans>
          </Button>
          <Button onClick={() => actor.send({ type: 'answer.back' })} disabled={!back} data-testid="question-back">
            <Trans>Back</Trans>
          </Button>
        </Stack>
      </Box>
    );
  }
  return (
    <Box data-testid="questionnaire-review" sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 640 }}>
      <Typography component="h2" variant="h6" tabIndex={-1} ref={heading as never}>
        <Trans>Check your answers</Trans>
      </Typography>
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }}>
        {entries.map((entry) => (
          <Box key={entry.id}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {entry.que}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }} data-testid="review-answer">
              {entry.response === '' ? t`(no answer)` : optionText(entry.id, entry.response)}
            </Typography>
          </Box>
        ))}
      </Box>
      {failure ? (
        <Alert severity="error" role="alert" data-testid="questionnaire-failure">
          {failure}
        </Alert>
      ) : null}
      {sending ? <LinearProgress aria-label={t`Sending…`} /> : null}
      <Stack direction="row" spacing={1}>
        <Button
          variant="contained"
          disabled={failure ? !retryable : !submittable}
          onClick={() => actor.send({ type: failure ? 'form.retry' : 'form.submit' })}
          data-testid="questionnaire-submit"
        >
          {failure ? <Trans>Try again</Trans> : <Trans>Send</Trans>}
        </Button>
        <Button onClick={() => actor.send({ type: 'answer.back' })} disabled={!back || sending} data-testid="question-back">
          <Trans>Back</Trans>
        </Button>
      </Stack>
    </Box>
  );
}
