import type { DataOf } from '@contract/api';
import { selectResource } from '@machines/resource-machine';
import { Trans, useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { shallowEqual, useSelector } from '@xstate/react';
import { useDeferredValue } from 'react';
import { Link as RouterLink, Navigate, useLocation } from 'react-router-dom';
import type { Form } from '@contract/entities/form';
import { localizeForm } from '@contract/forms/definition';
import { franchiseForm } from '@contract/forms/franchise';
import { useLanguage, useScreenActor } from '@/ui/actor-system';
import { BlocksSkeleton, EmptyState, LoadFailure, NotFoundState } from '@/ui/load-states';
import { PageFrame } from '@/ui/page-frame';
import { useRouteParams } from '@/ui/use-route-params';
import { SURVEY_SENT } from '@/ui/survey-sent';
import { QuestionnaireView } from './questionnaire-view';

/** Spec §9: a title the shop's survey carries as a key (shop 1253's 'contact_with_manager'). */
function useFormTitle(form: Form): string {
  const { t } = useLingui();
  return form.title === 'contact_with_manager' ? t`Contact the manager` : form.title;
}

/** One form as data on the questionnaire chart, a child of the app while the page shows. */
function Questionnaire({ form, testId }: { form: Form; testId: string }) {
  const actor = useScreenActor('questionnaire', { form }, `${form.kind}:${form.id}`);
  const title = useFormTitle(form);
  return (
    <PageFrame title={title} testId={testId}>
      {form.description ? <Typography color="text.secondary">{form.description}</Typography> : null}
      {actor ? <QuestionnaireView actor={actor} /> : null}
    </PageFrame>
  );
}

/** /form/:id?: a form the shop defines (get_form; no id: the shop's default form). */
export default function FormPage() {
  const { t } = useLingui();
  const { id } = useRouteParams();
  const formId = Number(id ?? 0);
  const actor = useScreenActor('resource', { load: { code: 'get_form', payload: { id: Number.isSafeInteger(formId) && formId > 0 ? formId : 0 } } }, String(id ?? 0));
  // Its changes render in the background, in slices, not in one long task.
  const resource = useDeferredValue(useSelector(actor, selectResource<DataOf<'get_form'>>, shallowEqual));
  const retry = () => actor?.send({ type: 'resource.retry' });
  if (resource.status === 'ready') return <Questionnaire form={resource.data} testId="form-page" />;
  return (
    <PageFrame title={t`Form`} testId="form-page">
      {resource.status === 'loading' ? <BlocksSkeleton count={2} height={80} /> : null}
      {resource.status === 'notFound' ? <NotFoundState message={resource.failure.message} level={2} /> : null}
      {resource.status === 'failed' ? <LoadFailure message={resource.failure.message} onRetry={retry} /> : null}
    </PageFrame>
  );
}

/** /collaborate: the franchise application, built locally (spec §7) from the contract's definition and sent with submit_form. */
export function CollaboratePage() {
  const language = useLanguage();
  return <Questionnaire key={language} form={localizeForm(franchiseForm, language)} testId="collaborate-page" />;
}

/** /survey: the shop's survey (get_survey); sent, its chart shows the thank-you page. */
export function SurveyPage() {
  const { t } = useLingui();
  const actor = useScreenActor('resource', { load: { code: 'get_survey', payload: {} } }, 'survey');
  // Its changes render in the background, in slices, not in one long task.
  const resource = useDeferredValue(useSelector(actor, selectResource<DataOf<'get_survey'>>, shallowEqual));
  const retry = () => actor?.send({ type: 'resource.retry' });
  if (resource.status === 'ready' && resource.data) return <Questionnaire form={resource.data} testId="survey-page" />;
  return (
    <PageFrame title={t`Survey`} testId="survey-page">
      {resource.status === 'loading' ? <BlocksSkeleton count={2} height={80} /> : null}
      {resource.status === 'notFound' ? <NotFoundState message={resource.failure.message} level={2} /> : null}
      {resource.status === 'failed' ? <LoadFailure message={resource.failure.message} onRetry={retry} /> : null}
      {resource.status === 'ready' && !resource.data ? (
        <EmptyState>
          <Trans>There is no survey at the moment.</Trans>
        </EmptyState>
      ) : null}
    </PageFrame>
  );
}

/** /success-survey: thanks after a survey; reached any other way (typed, a link), there is nothing to thank for: the survey. */
export function SuccessSurveyPage() {
  const { state } = useLocation();
  if ((state as Partial<typeof SURVEY_SENT> | null)?.surveySent !== true) return <Navigate to="/survey" replace />;
  return (
    <PageFrame title={<Trans>Thank you for your feedback</Trans>} testId="success-survey-page">
      <Typography>
        <Trans>Your answers were received. They help us serve you better.</Trans>
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" sx={{ alignSelf: 'flex-start' }}>
        <Trans>Back to the home page</Trans>
      </Button>
    </PageFrame>
  );
}
