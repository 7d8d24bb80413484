import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { currencyName } from '@contract/money';
import { AD_REQUESTS, AD_SORTS, AD_TYPES, type AdRequest, type AdSort, type AdType } from '@contract/rules/ads';
import { MONEY_FIELDS, RANGE_FIELDS, type RangeField } from '@machines/classifieds/ad-filters';
import { isSheetOpen, type adFinderMachine } from '@machines/classifieds/ad-finder-machine';
import { useLanguage, useSystemActor } from '@/ui/actor-system';
import { formatNumber, groupTypedNumber, localDigits } from '@/ui/format';
import { RANGE_TEXTS, SORT_TEXTS, rangeProblemText } from './ad-texts';
import { REQUEST_LABELS, TYPE_LABELS } from '@/ui/ad-choices';

type FinderActor = ActorRefFrom<typeof adFinderMachine>;

function RangeFields({ actor, field }: { actor: FinderActor; field: RangeField }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const currency = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.shop?.currency ?? 'IRT');
  const range = useSelector(actor, (snapshot) => snapshot.context.draft.ranges[field]);
  const problem = useSelector(actor, (snapshot) => snapshot.context.problems[field]);
  const label = i18n._(RANGE_TEXTS[field]);
  const unit = MONEY_FIELDS.includes(field) ? ` (${currencyName(currency, language)})` : '';
  const helperId = `range-${field}-problem`;
  // Amounts are grouped as they are typed; the chart reads the digits back (typedNumber) and sends plain numbers.
  const shown = (text: string) => (MONEY_FIELDS.includes(field) ? groupTypedNumber(text, language) : localDigits(text, language));
  const input = (end: 'min' | 'max') => ({
    htmlInput: { inputMode: 'numeric' as const, 'data-testid': `range-${field}-${end}`, 'aria-describedby': problem ? helperId : undefined, 'aria-invalid': problem ? true : undefined },
  });
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
        {label}
        {unit}
      </Typography>
      <Stack direction="row" spacing={1}>
        <TextField size="small" fullWidth label={t`From`} value={shown(range.min)} error={Boolean(problem)} onChange={(event) => actor.send({ type: 'finder.range', field, end: 'min', text: event.target.value })} slotProps={input('min')} />
        <TextField size="small" fullWidth label={t`To`} value={shown(range.max)} error={Boolean(problem)} onChange={(event) => actor.send({ type: 'finder.range', field, end: 'max', text: event.target.value })} slotProps={input('max')} />
      </Stack>
      {problem ? (
        <Typography id={helperId} role="alert" variant="caption" color="error" data-testid={`range-${field}-problem`}>
          {rangeProblemText(i18n, problem)}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The filter sheet (a drawer from the bottom): request and type with their counts, place, ranges, sort. */
export function FilterSheet({ actor }: { actor: FinderActor }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const open = useSelector(actor, isSheetOpen);
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const counts = useSelector(actor, (snapshot) => snapshot.context.counts);
  const counted = (label: string, count: number | undefined) => (count === undefined ? label : `${label} (${formatNumber(count, language)})`);
  const close = () => actor.send({ type: 'finder.discard' });
  return (
    // The sheet is a dialog (MUI's paper): its title names it.
    <Drawer anchor="bottom" open={open} onClose={close} slotProps={{ paper: { 'aria-labelledby': 'filter-sheet-title', sx: { maxHeight: '90vh', borderTopLeftRadius: 16, borderTopRightRadius: 16 } } }}>
      <Box
        component="form"
        noValidate
        aria-labelledby="filter-sheet-title"
        data-testid="filter-sheet"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'finder.apply' });
        }}
        sx={{ p: 2, maxWidth: 720, mx: 'auto', width: '100%', display: 'flex', flexDirection: 'column', gap: 2 }}
      >
        <Typography id="filter-sheet-title" component="h2" variant="h6" fontWeight={700}>
          <Trans>Filters</Trans>
        </Typography>
        <FormControl>
          <FormLabel id="filter-request">
            <Trans>Request</Trans>
          </FormLabel>
          <RadioGroup row aria-labelledby="filter-request" value={draft.request ?? ''} onChange={(event) => actor.send({ type: 'finder.choose', patch: { request: (event.target.value || null) as AdRequest | null } })}>
            <FormControlLabel value="" control={<Radio />} label={t`Any`} />
            {AD_REQUESTS.map((request) => (
              <FormControlLabel key={request} value={request} control={<Radio />} label={counted(i18n._(REQUEST_LABELS[request]), counts?.request[request])} data-testid={`filter-request-${request}`} />
            ))}
          </RadioGroup>
        </FormControl>
        <TextField
          select
          size="small"
          label={t`Type`}
          value={draft.type ?? ''}
          onChange={(event) => actor.send({ type: 'finder.choose', patch: { type: (event.target.value || null) as AdType | null } })}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'filter-type' }, inputLabel: { shrink: true } }}
        >
          <option value="">{t`Any`}</option>
          {AD_TYPES.map((type) => (
            <option key={type} value={type}>
              {counted(i18n._(TYPE_LABELS[type]), counts?.type[type])}
            </option>
          ))}
        </TextField>
        <Stack direction="row" spacing={1}>
          <TextField size="small" fullWidth label={t`City`} value={draft.city} onChange={(event) => actor.send({ type: 'finder.text', field: 'city', text: event.target.value })} slotProps={{ htmlInput: { 'data-testid': 'filter-city' } }} />
          <TextField size="small" fullWidth label={t`Neighborhood`} value={draft.neighborhood} onChange={(event) => actor.send({ type: 'finder.text', field: 'neighborhood', text: event.target.value })} slotProps={{ htmlInput: { 'data-testid': 'filter-neighborhood' } }} />
        </Stack>
        {RANGE_FIELDS.map((field) => (
          <RangeFields key={field} actor={actor} field={field} />
        ))}
        <TextField
          select
          size="small"
          label={t`Sort`}
          value={draft.sort}
          onChange={(event) => actor.send({ type: 'finder.choose', patch: { sort: event.target.value as AdSort } })}
          slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'filter-sort' }, inputLabel: { shrink: true } }}
        >
          {AD_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {i18n._(SORT_TEXTS[sort])}
            </option>
          ))}
        </TextField>
        <Stack direction="row" spacing={1} sx={{ position: 'sticky', bottom: 0, bgcolor: 'background.paper', py: 1 }}>
          <Button type="submit" variant="contained" fullWidth data-testid="filter-apply">
            <Trans>Show ads</Trans>
          </Button>
          <Button onClick={() => actor.send({ type: 'finder.clear' })} data-testid="filter-clear">
            <Trans>Clear</Trans>
          </Button>
          <Button onClick={close}>
            <Trans>Close</Trans>
          </Button>
        </Stack>
      </Box>
    </Drawer>
  );
}
