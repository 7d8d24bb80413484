import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { shallowEqual, useSelector } from '@xstate/react';
import { AD_LIMITS, AD_PRICE_FIELDS, type AdPriceField } from '@contract/rules/ads';
import { NUMBER_FIELDS, shownFields, type WizardField } from '@machines/classifieds/ad-draft';
import { shownProblems } from '@machines/classifieds/ad-wizard-machine';
import { useLanguage } from '@/ui/actor-system';
import { groupTypedNumber, localDigits } from '@/ui/format';
import { FIELD_LABELS } from './ad-labels';
import { useProblemText } from './problem-text';
import type { WizardActor } from './wizard-actor';

const MAX_LENGTH: Partial<Record<WizardField, number>> = {
  title: AD_LIMITS.title.max,
  province: AD_LIMITS.province.max,
  city: AD_LIMITS.city.max,
  neighborhood: AD_LIMITS.neighborhood.max,
  partnership_for: AD_LIMITS.partnershipFor.max,
  comment: AD_LIMITS.comment.max,
};

/** The fields the ad's request needs (contract REQUEST_FIELDS), each with the spec's required-box message under it when missing. */
export function FieldsStep({ actor, back }: { actor: WizardActor; back: ReactNode }) {
  const { t } = useLingui();
  const language = useLanguage();
  const request = useSelector(actor, (snapshot) => snapshot.context.request);
  const texts = useSelector(actor, (snapshot) => snapshot.context.texts);
  const problems = useSelector(actor, shownProblems, shallowEqual);
  const problemText = useProblemText();
  return (
    <Box component="form" noValidate onSubmit={(event) => { event.preventDefault(); actor.send({ type: 'wizard.next' }); }} sx={{ display: 'grid', gap: 2 }} data-testid="wizard-fields">
      {shownFields(request).map((field) => {
        const problem = problems[field];
        const numeric = (NUMBER_FIELDS as readonly string[]).includes(field);
        const helperId = `ad-${field}-helper`;
        return (
          <TextField
            key={field}
            id={`ad-${field}`}
            name={field}
            label={t(FIELD_LABELS[field])}
            value={AD_PRICE_FIELDS.includes(field as AdPriceField) ? groupTypedNumber(texts[field], language) : localDigits(texts[field], language)}
            onChange={(event) => actor.send({ type: 'wizard.field', field, value: event.target.value })}
            error={problem !== undefined}
            helperText={problem === undefined ? ' ' : problemText(problem)}
            multiline={field === 'comment'}
            minRows={field === 'comment' ? 3 : undefined}
            slotProps={{ formHelperText: { id: helperId }, htmlInput: { 'aria-describedby': helperId, maxLength: MAX_LENGTH[field], ...(numeric ? { inputMode: 'numeric', dir: 'ltr' } : {}), 'data-testid': `field-${field}` } }}
          />
        );
      })}
      <Stack direction="row" justifyContent="space-between">
        {back}
        <Button type="submit" variant="contained" data-testid="wizard-next">
          <Trans>Next</Trans>
        </Button>
      </Stack>
    </Box>
  );
}
