import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Submission, SubmissionKind } from '@contract/console/customer-message-entities';
import { formatNumber, localDigits } from '@contract/numbers';
import { isExporting, isLoadingMoreSubmissions, isLoadingSubmissions, submissionsFailure } from '@machines/console/submissions-machine';
import { formatMessageTime } from '@/ui/chat-message';
import { useScreenFlow } from '@/ui/actor-system';
import { PickerField } from '@/ui/pickers/picker-field';
import { ConsoleList } from '../counter/console-list';
import { failureText, useConsoleLanguage } from '../counter/counter-format';
import { counterFlows } from '../live';

const EVERY_FORM = 'all';

/** One submission: the form, who sent it and when, and each question with its answer as they saw it. */
function SubmissionCard({ submission }: { submission: Submission }) {
  const { t } = useLingui();
  const language = useConsoleLanguage();
  const when = formatMessageTime(submission.created_at, language);
  return (
    <Paper component="article" variant="outlined" aria-label={t`${submission.form_title}, ${when}`} data-testid="submission" sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'baseline', mb: 1 }}>
        <Typography component="h2" sx={{ fontWeight: 700 }}>
          {submission.form_title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ marginInlineStart: 'auto' }}>
          <time dateTime={submission.created_at}>{when}</time>
        </Typography>
      </Box>
      <Typography variant="body2" sx={{ mb: 1 }} data-testid="submission-customer">
        {submission.customer ? (
          <>
            {submission.customer.name} · <bdi dir="ltr">{localDigits(submission.customer.mobile, language)}</bdi>
          </>
        ) : (
          <Trans>Sent without logging in</Trans>
        )}
      </Typography>
      {/* Each question in the customer's own words and language, as they answered it. */}
      <Box component="dl" sx={{ m: 0, display: 'grid', gap: 1 }} lang={submission.language}>
        {submission.answers.map((answer) => (
          <Box key={answer.id} data-testid="submission-answer">
            <Typography component="dt" variant="body2" color="text.secondary">
              {answer.que}
            </Typography>
            <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap' }}>
              {answer.response}
            </Typography>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}

/** The shop's form submissions or survey answers, filtered by form and days, saved as CSV for a spreadsheet. */
export default function SubmissionsView({ kind }: { kind: SubmissionKind }) {
  const { t, i18n } = useLingui();
  const language = useConsoleLanguage();
  const actor = useScreenFlow(counterFlows.submissions(), { kind }, `submissions:${kind}`);
  const forms = useSelector(actor, (snapshot) => snapshot?.context.forms ?? []);
  const formId = useSelector(actor, (snapshot) => snapshot?.context.formId ?? null);
  const from = useSelector(actor, (snapshot) => snapshot?.context.from ?? null);
  const to = useSelector(actor, (snapshot) => snapshot?.context.to ?? null);
  const submissions = useSelector(actor, (snapshot) => snapshot?.context.submissions ?? []);
  const total = useSelector(actor, (snapshot) => snapshot?.context.total ?? 0);
  const exported = useSelector(actor, (snapshot) => snapshot?.context.exported ?? null);
  const loading = useSelector(actor, (snapshot) => (snapshot ? isLoadingSubmissions(snapshot) : true));
  const loadingMore = useSelector(actor, (snapshot) => (snapshot ? isLoadingMoreSubmissions(snapshot) : false));
  const exporting = useSelector(actor, (snapshot) => (snapshot ? isExporting(snapshot) : false));
  const failure = useSelector(actor, (snapshot) => (snapshot ? submissionsFailure(snapshot) : null));
  const canMore = useSelector(actor, (snapshot) => snapshot?.can({ type: 'list.more' }) ?? false);
  const canExport = useSelector(actor, (snapshot) => snapshot?.can({ type: 'csv.export' }) ?? false);
  return (
    <Box data-testid={`submissions-${kind}`}>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2, display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Box component="legend" sx={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
          <Trans>Filter</Trans>
        </Box>
        {kind === 'form' ? (
          <TextField
            select
            size="small"
            label={t`Form`}
            value={formId === null ? EVERY_FORM : String(formId)}
            onChange={(event) => actor?.send({ type: 'filter.form', formId: event.target.value === EVERY_FORM ? null : Number(event.target.value) })}
            sx={{ minWidth: 220 }}
            data-testid="submissions-form"
          >
            <MenuItem value={EVERY_FORM}>{t`Every form`}</MenuItem>
            {forms.map((form) => (
              <MenuItem key={form.id} value={String(form.id)}>
                {form.title}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        <Box sx={{ flex: '1 1 160px', minWidth: 0, maxWidth: 220 }}>
          <PickerField kind="date" language={language} label={t`From`} value={from ?? ''} onChange={(day) => actor?.send({ type: 'filter.days', from: day || null, to })} size="small" fullWidth testId="submissions-from" />
        </Box>
        <Box sx={{ flex: '1 1 160px', minWidth: 0, maxWidth: 220 }}>
          <PickerField kind="date" language={language} label={t`To`} value={to ?? ''} onChange={(day) => actor?.send({ type: 'filter.days', from, to: day || null })} size="small" fullWidth testId="submissions-to" />
        </Box>
        <Button variant="outlined" disabled={!canExport} onClick={() => actor?.send({ type: 'csv.export' })} data-testid="submissions-csv">
          {exporting ? <Trans>Preparing the file…</Trans> : <Trans>Save as CSV (Excel)</Trans>}
        </Button>
      </Box>
      <Box aria-live="polite" sx={{ mb: 1 }}>
        {!loading && !failure ? <Typography data-testid="submissions-total">{t`${formatNumber(total, language)} received`}</Typography> : null}
        {exported && 'rows' in exported ? (
          <Alert severity="success" role="status">
            {t`Saved ${formatNumber(exported.rows, language)} rows as a CSV file.`}
          </Alert>
        ) : null}
      </Box>
      {exported && 'failure' in exported ? (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failureText(exported.failure, i18n)}
        </Alert>
      ) : null}
      <ConsoleList
        loading={loading}
        failure={failure}
        onRetry={() => actor?.send({ type: 'list.retry' })}
        empty={submissions.length === 0 ? (kind === 'form' ? t`No form was sent in this range.` : t`No survey was answered in this range.`) : null}
      >
        {submissions.map((submission) => (
          <SubmissionCard key={submission.id} submission={submission} />
        ))}
      </ConsoleList>
      {canMore || loadingMore ? (
        <Button sx={{ mt: 2 }} disabled={!canMore} onClick={() => actor?.send({ type: 'list.more' })}>
          <Trans>More</Trans>
        </Button>
      ) : null}
    </Box>
  );
}
