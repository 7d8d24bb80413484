import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { shallowEqual, useSelector } from '@xstate/react';
import { Link as RouterLink } from 'react-router-dom';
import { AD_REQUESTS, AD_TYPES, BUSINESS_CLASSES } from '@contract/rules/ads';
import { wizardScreen, type AdWizardEvent } from '@machines/classifieds/ad-wizard-machine';
import { useLanguage, useScreenActor, useSystemActor } from '@/ui/actor-system';
import { formatNumber } from '@/ui/format';
import { useRouteParams } from '@/ui/use-route-params';
import { BUSINESS_CLASS_LABELS, REQUEST_LABELS, TYPE_LABELS } from '@/ui/ad-choices';
import { ChoiceStep } from './choice-step';
import { FieldsStep } from './fields-step';
import { PicturesStep } from './pictures-step';
import { LocationStep } from './location-step';
import { ReviewStep } from './review-step';

const STEP_NUMBER = { request: 1, type: 2, businessClass: 2, fields: 3, pictures: 4, location: 5, review: 6 } as const;

/** /home-4/new, /home-4/new/:request?/:type? and /home-4/edit/:id: the publishing wizard (machines/classifieds/ad-wizard-machine.ts). */
export default function WizardPage() {
  const { t } = useLingui();
  const language = useLanguage();
  const params = useRouteParams();
  const shopId = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.shop?.id ?? 0);
  const editId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const editing = params.id !== undefined;
  const actor = useScreenActor('adWizard', { shopId, editId, request: params.request ?? null, type: params.type ?? null }, `${shopId}:${params.id ?? ''}:${params.request ?? ''}:${params.type ?? ''}`);
  const screen = useSelector(actor, wizardScreen);
  const choices = useSelector(actor, (snapshot) => ({ request: snapshot?.context.request ?? null, type: snapshot?.context.type ?? null, businessClass: snapshot?.context.business_class ?? null }), shallowEqual);
  const failure = useSelector(actor, (snapshot) => snapshot?.context.failure?.message ?? null);
  // Not while a picture uploads (its Next waits too).
  const canBack = useSelector(actor, (snapshot) => snapshot?.can({ type: 'wizard.back' }) ?? false);
  const send = (event: AdWizardEvent) => actor?.send(event);
  const back = (
    <Button disabled={!canBack} onClick={() => send({ type: 'wizard.back' })} data-testid="wizard-back">
      <Trans>Back</Trans>
    </Button>
  );
  const step = screen in STEP_NUMBER ? STEP_NUMBER[screen as keyof typeof STEP_NUMBER] : null;

  return (
    <Box component="section" aria-labelledby="wizard-title" data-testid="ad-wizard" sx={{ maxWidth: 720, mx: 'auto', px: 2, py: 3, display: 'grid', gap: 2 }}>
      <Stack direction="row" justifyContent="space-between" alignItems="baseline" gap={1} flexWrap="wrap">
        <Typography id="wizard-title" component="h1" variant="h5" fontWeight={700}>
          {editing ? <Trans>Edit your ad</Trans> : <Trans>Post an ad</Trans>}
        </Typography>
        {step !== null ? (
          <Typography variant="body2" color="text.secondary" data-testid="wizard-step">
            <Trans>Step {formatNumber(step, language)} of {formatNumber(6, language)}</Trans>
          </Typography>
        ) : null}
      </Stack>
      {screen === 'loading' || screen === 'submitting' ? (
        <Box role="status" sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress aria-label={screen === 'submitting' ? t`Sending your ad…` : t`Loading…`} />
        </Box>
      ) : null}
      {screen === 'loadFailed' ? (
        <Alert severity="error" action={<Button onClick={() => send({ type: 'wizard.retry' })}><Trans>Try again</Trans></Button>}>
          {failure}
        </Alert>
      ) : null}
      {screen === 'notMine' ? (
        <Alert severity="warning">
          <Trans>Only its publisher can edit this ad.</Trans>
        </Alert>
      ) : null}
      {screen === 'submitted' ? (
        <Alert severity="success">
          <Trans>Your ad was sent for review.</Trans>{' '}
          <RouterLink to="/home-4/tejari/profile/my-ads">
            <Trans>My ads</Trans>
          </RouterLink>
        </Alert>
      ) : null}
      {screen === 'request' ? (
        <ChoiceStep
          legend={t`What do you want to do?`}
          name="request"
          options={AD_REQUESTS.map((value) => ({ value, label: t(REQUEST_LABELS[value]) }))}
          chosen={choices.request}
          onChoose={(request) => send({ type: 'wizard.request', request })}
        />
      ) : null}
      {screen === 'type' ? (
        <ChoiceStep legend={t`What kind of property?`} name="type" options={AD_TYPES.map((value) => ({ value, label: t(TYPE_LABELS[value]) }))} chosen={choices.type} onChoose={(adType) => send({ type: 'wizard.type', adType })} back={back} />
      ) : null}
      {screen === 'businessClass' ? (
        <ChoiceStep
          legend={t`Which business does it suit?`}
          name="business-class"
          options={BUSINESS_CLASSES.map((value) => ({ value, label: t(BUSINESS_CLASS_LABELS[value]) }))}
          chosen={choices.businessClass}
          onChoose={(businessClass) => send({ type: 'wizard.businessClass', businessClass })}
          back={back}
        />
      ) : null}
      {actor && screen === 'fields' ? <FieldsStep actor={actor} back={back} /> : null}
      {actor && screen === 'pictures' ? <PicturesStep actor={actor} back={back} /> : null}
      {actor && screen === 'location' ? <LocationStep actor={actor} back={back} /> : null}
      {actor && screen === 'review' ? <ReviewStep actor={actor} back={back} /> : null}
    </Box>
  );
}
