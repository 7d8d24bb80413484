import { lazy, Suspense } from 'react';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActorRefFrom } from 'xstate';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TEHRAN_CENTER } from '@contract/rules/distance';
import { SERVICE_RADIUS_KM } from '@contract/rules/shop-area';
import { formatCoordinate, localDigits } from '@contract/numbers';
import { refusedField, type AreaField, type AreaForm as Area, type shopSettingsMachine } from '@machines/console/shop-settings-machine';
import { useConsoleLanguage } from '../counter/counter-format';
import { settingProblemText } from './problem-text';
import { SaveRow } from './save-row';

// Leaflet is its own chunk, loaded when this form shows.
const PointMap = lazy(() => import('@/ui/point-map'));

type Actor = ActorRefFrom<typeof shopSettingsMachine>;

const pointOf = (area: Area) => {
  const lat = Number(area.lat);
  const lng = Number(area.lng);
  return area.lat !== '' && area.lng !== '' && Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
};

/** Each branch's point (typed or tapped on its map) and the radius its couriers ride; the checkout's "out of range" reads them. */
export function AreaForm({ actor }: { actor: Actor }) {
  const { i18n, t } = useLingui();
  const language = useConsoleLanguage();
  const areas = useSelector(actor, (snapshot) => snapshot.context.areas);
  const problems = useSelector(actor, (snapshot) => snapshot.context.problems.areas);
  const refused = useSelector(actor, (snapshot) => refusedField(snapshot, 'areas'));
  const failure = useSelector(actor, (snapshot) => (snapshot.context.failedGroup === 'areas' && !refusedField(snapshot, 'areas') ? snapshot.context.failure : null));
  const saved = useSelector(actor, (snapshot) => snapshot.context.saved === 'areas');
  const saving = useSelector(actor, (snapshot) => snapshot.matches('savingAreas'));
  const canSave = useSelector(actor, (snapshot) => snapshot.can({ type: 'areas.save' }));
  const max = localDigits(String(SERVICE_RADIUS_KM.max), language);
  const branchName = (area: Area) => (language === 'en' ? area.name_en || area.name : area.name);
  // What a screen reader hears as the keys or a tap move the point (the fields below hold it too).
  const pointText = (area: Area) => {
    const point = pointOf(area);
    const name = branchName(area);
    if (!point) return t`${name}: no point yet. Enter puts it at the map's centre.`;
    const [lat, lng] = [formatCoordinate(point.lat, language), formatCoordinate(point.lng, language)];
    return t`${name}: latitude ${lat}, longitude ${lng}`;
  };
  const field = (area: Area, name: AreaField, label: string, help?: string) => {
    const key = `${area.id}.${name}` as const;
    const message = refused?.field === key ? refused.message : settingProblemText(problems[key], i18n);
    return (
      <TextField
        label={label}
        value={localDigits(area[name], language)}
        onChange={(event) => actor.send({ type: 'area.edit', id: area.id, field: name, text: event.target.value })}
        error={message !== ''}
        helperText={message || help}
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'decimal', dir: 'ltr', 'data-testid': `area-${area.id}-${name}` } }}
      />
    );
  };
  return (
    <Box
      component="form"
      noValidate
      aria-labelledby="areas-title"
      onSubmit={(event) => {
        event.preventDefault();
        actor.send({ type: 'areas.save' });
      }}
    >
      <Typography id="areas-title" component="h2" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        <Trans>Delivery area</Trans>
      </Typography>
      <Typography id="areas-help" variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        <Trans>Tap the map or type the point. A customer's address farther than the radius from every branch is out of range for the courier.</Trans>
      </Typography>
      <Stack spacing={3}>
        {areas.map((area) => (
          <Box key={area.id} component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, m: 0 }}>
            <Typography component="legend" sx={{ px: 0.5, fontWeight: 600 }}>
              {branchName(area)}
            </Typography>
            <Stack spacing={2}>
              <Suspense fallback={null}>
                <PointMap
                  center={pointOf(area) ?? TEHRAN_CENTER}
                  zoom={11}
                  point={pointOf(area)}
                  onPick={(point) => actor.send({ type: 'area.place', id: area.id, lat: point.lat, lng: point.lng })}
                  label={t`Map of ${branchName(area)}: tap it, or focus it and move the point with the arrow keys`}
                  describedBy="areas-help"
                  pointText={pointText(area)}
                  testId={`area-${area.id}-map`}
                />
              </Suspense>
              <Box sx={{ display: 'flex', gap: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' } }}>
                {field(area, 'lat', t`Latitude`)}
                {field(area, 'lng', t`Longitude`)}
              </Box>
              {field(area, 'radius_service', t`Delivery radius (km)`, t`0 to ${max}; 0: this branch sets no area.`)}
            </Stack>
          </Box>
        ))}
        {problems.areas ? (
          <Alert severity="error" role="alert">
            {settingProblemText(problems.areas, i18n)}
          </Alert>
        ) : null}
      </Stack>
      <SaveRow failure={failure} saved={saved} saving={saving} canSave={canSave} testId="areas-save">
        <Trans>Save delivery area</Trans>
      </SaveRow>
    </Box>
  );
}
