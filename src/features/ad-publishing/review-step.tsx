import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { NUMBER_FIELDS, shownFields, readNumber } from '@machines/classifieds/ad-draft';
import { formatNumber } from '@/ui/format';
import { useLanguage } from '@/ui/actor-system';
import { FIELD_LABELS } from './ad-labels';
import { BUSINESS_CLASS_LABELS, REQUEST_LABELS, TYPE_LABELS } from '@/ui/ad-choices';
import type { WizardActor } from './wizard-actor';

/** The whole ad before it is sent; the server's refusals that name no field (daily limit, duplicate) are shown here. */
export function ReviewStep({ actor, back }: { actor: WizardActor; back: ReactNode }) {
  const { t } = useLingui();
  const language = useLanguage();
  const request = useSelector(actor, (snapshot) => snapshot.context.request);
  const type = useSelector(actor, (snapshot) => snapshot.context.type);
  const businessClass = useSelector(actor, (snapshot) => snapshot.context.business_class);
  const texts = useSelector(actor, (snapshot) => snapshot.context.texts);
  const pictures = useSelector(actor, (snapshot) => snapshot.context.pictures);
  const refusal = useSelector(actor, (snapshot) => snapshot.context.refusal);
  const editing = useSelector(actor, (snapshot) => snapshot.context.editId !== null);
  const canSubmit = useSelector(actor, (snapshot) => snapshot.can({ type: 'wizard.submit' }));
  const rows: [string, string][] = [
    [t`Request`, request ? t(REQUEST_LABELS[request]) : ''],
    [t`Type`, type ? t(TYPE_LABELS[type]) : ''],
    ...(businessClass ? ([[t(FIELD_LABELS.business_class), t(BUSINESS_CLASS_LABELS[businessClass])]] as [string, string][]) : []),
    ...shownFields(request)
      .filter((field) => texts[field].trim() !== '')
      .map((field): [string, string] => {
        const number = (NUMBER_FIELDS as readonly string[]).includes(field) ? readNumber(texts[field]) : null;
        return [t(FIELD_LABELS[field]), number !== null && !Number.isNaN(number) ? formatNumber(number, language, field === 'build_year' ? { useGrouping: false } : undefined) : texts[field]];
      }),
    [t`Pictures`, formatNumber(pictures.length, language)],
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="wizard-review">
      <Typography component="h2" variant="h6">
        <Trans>Check your ad</Trans>
      </Typography>
      {pictures[0] ? <Box component="img" src={pictures[0].thumbnail_url} alt={t`Cover picture`} sx={{ width: '100%', maxHeight: 220, objectFit: 'cover', borderRadius: 2 }} /> : null}
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 1, m: 0 }}>
        {rows.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {refusal ? (
        <Alert severity="error" role="alert" data-testid="submit-refusal">
          {refusal.message}
        </Alert>
      ) : null}
      <Stack direction="row" justifyContent="space-between">
        {back}
        <Button variant="contained" disabled={!canSubmit} onClick={() => actor.send({ type: 'wizard.submit' })} data-testid="wizard-submit">
          {!editing ? <Trans>Send for review</Trans> : <Trans>Send the edit for review</Trans>}
        </Button>
      </Stack>
    </Box>
  );
}
