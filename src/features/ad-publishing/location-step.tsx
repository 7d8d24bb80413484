import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { readCoordinate } from '@machines/classifieds/ad-draft';
import { shownProblems } from '@machines/classifieds/ad-wizard-machine';
import { useProblemText } from './problem-text';
import type { WizardActor } from './wizard-actor';

const PointMap = lazy(() => import('@/ui/point-map'));

/** Tehran, where the demo's ads are, until a point is chosen. */
const START = { lat: 35.7219, lng: 51.3347 };

/** The ad's point: a tap on the map (works without tiles, as the address map), or typed as latitude and longitude from the keyboard. */
export function LocationStep({ actor, back }: { actor: WizardActor; back: ReactNode }) {
  const { t } = useLingui();
  const point = useSelector(actor, (snapshot) => snapshot.context.location);
  const problem = useSelector(actor, (snapshot) => shownProblems(snapshot).location);
  const problemText = useProblemText();
  const [typed, setTyped] = useState({ lat: point ? String(point.lat) : '', lng: point ? String(point.lng) : '' });
  const place = (lat: number, lng: number) => actor.send({ type: 'wizard.place', point: { lat, lng } });
  const typePart = (part: 'lat' | 'lng', value: string) => {
    const next = { ...typed, [part]: value };
    setTyped(next);
    const lat = readCoordinate(next.lat, 90);
    const lng = readCoordinate(next.lng, 180);
    if (lat !== null && lng !== null) place(lat, lng);
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="wizard-location">
      <Typography component="h2" variant="h6" id="ad-location-title">
        <Trans>Where is it?</Trans>
      </Typography>
      <Typography variant="body2" color="text.secondary" id="ad-location-hint">
        <Trans>Tap the map where the property is. Others see an approximate point, never the exact one.</Trans>
      </Typography>
      <Suspense fallback={<Box sx={{ height: 320 }} />}>
        <PointMap center={point ?? START} point={point} onPick={(picked) => { setTyped({ lat: String(picked.lat), lng: String(picked.lng) }); place(picked.lat, picked.lng); }} label={t`Map: tap to place the ad`} describedBy="ad-location-hint" testId="ad-map" />
      </Suspense>
      <Stack direction={{ xs: 'column', sm: 'row' }} gap={1}>
        <TextField label={t`Latitude`} value={typed.lat} onChange={(event) => typePart('lat', event.target.value)} slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr', 'data-testid': 'field-lat' } }} />
        <TextField label={t`Longitude`} value={typed.lng} onChange={(event) => typePart('lng', event.target.value)} slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr', 'data-testid': 'field-lng' } }} />
      </Stack>
      {problem !== undefined ? (
        <FormHelperText error role="alert" data-testid="location-problem">
          {problemText(problem)}
        </FormHelperText>
      ) : null}
      <Stack direction="row" justifyContent="space-between">
        {back}
        <Button variant="contained" onClick={() => actor.send({ type: 'wizard.next' })} data-testid="wizard-next">
          <Trans>Next</Trans>
        </Button>
      </Stack>
    </Box>
  );
}
