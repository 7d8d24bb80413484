import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useSnackbar } from 'notistack';
import { Navigate, useNavigate } from 'react-router-dom';
import { useAppSelector } from '@/ui/app-actor';
import type { CheckoutActor } from './checkout-actor';
import { CheckoutScreenGate } from './checkout-gate';
import { checkoutProblem } from './checkout-messages';
import { StepFrame } from './step-frame';
import { useCheckoutActor } from './use-checkout';
import type { MapPoint } from './address-map';

// Leaflet is only downloaded when an address is being placed on the map.
const AddressMap = lazy(() => import('./address-map'));

/** Where the map opens: the first branch, else central Tehran. */
const DEFAULT_CENTER: MapPoint = { lat: 35.7219, lng: 51.3347 };

/** /cart/address/add (+ /detail) and /cart/address/post-address: a new address on the map, validated by the machine. */
export default function AddressFormPage() {
  const actor = useCheckoutActor();
  if (!actor) return <Navigate to="/cart" replace />;
  return (
    <CheckoutScreenGate actor={actor} screen="address">
      <AddressForm actor={actor} />
    </CheckoutScreenGate>
  );
}

const labelKeys = new Set(['address_label_required', 'address_label_short']);
const addressKeys = new Set(['address_required', 'address_short']);
const pointKeys = new Set(['lat_required', 'lng_required', 'coordinates_invalid']);

function AddressForm({ actor }: { actor: CheckoutActor }) {
  const { i18n, t } = useLingui();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const snapshot = useSelector(actor, (s) => s);
  const branch = useAppSelector((s) => s.context.shop?.branches[0]?.location ?? null);
  const center = branch ? { lat: Number(branch.split(',')[0]), lng: Number(branch.split(',')[1]) } : DEFAULT_CENTER;
  const { method, suggestion, refusal } = snapshot.context;
  const otherCity = method === 3;
  const [label, setLabel] = useState('');
  const [address, setAddress] = useState('');
  const [city, setCity] = useState('');
  const [postal, setPostal] = useState('');
  const [point, setPoint] = useState<MapPoint | null>(null);
  const [locating, setLocating] = useState(false);
  const count = useRef(snapshot.context.addresses.length);
  const saving = snapshot.matches({ address: 'saving' });

  // The geocoder's suggestion fills an empty address field.
  useEffect(() => {
    if (suggestion && address.trim() === '') setAddress(suggestion.address);
    if (suggestion && otherCity && city.trim() === '') setCity(suggestion.city);
    // Only a new suggestion fills the fields.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [suggestion]);

  // Saved: back to the list with the new address chosen.
  const added = snapshot.context.addresses.length > count.current ? snapshot.context.addresses[0] : null;
  useEffect(() => {
    if (added && snapshot.matches({ address: 'choosing' })) void navigate('/cart/address', { state: { addressId: added.id } });
  }, [added, snapshot, navigate]);

  const pick = (next: MapPoint) => {
    setPoint(next);
    actor.send({ type: 'address.locate', lat: next.lat, lng: next.lng });
  };
  const useMyLocation = () => {
    if (!('geolocation' in navigator)) {
      enqueueSnackbar(t`error in user position`, { variant: 'error' });
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        pick({ lat: position.coords.latitude, lng: position.coords.longitude });
      },
      () => {
        setLocating(false);
        enqueueSnackbar(t`error in user position`, { variant: 'error' });
      },
      { timeout: 10_000 },
    );
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'address.add', address: { label, address, lat: point?.lat ?? null, lng: point?.lng ?? null, ...(otherCity ? { city, postal_code: postal } : {}) } });
  };
  const problem = checkoutProblem(i18n, snapshot.context);
  const fieldProblem = (keys: Set<string>) => (refusal && keys.has(refusal) ? problem : null);
  const labelError = fieldProblem(labelKeys);
  const addressError = fieldProblem(addressKeys);
  const pointError = fieldProblem(pointKeys);
  const general = labelError || addressError || pointError ? null : problem;

  return (
    <StepFrame step="address" title={otherCity ? <Trans>Address in another city</Trans> : <Trans>New address</Trans>} problem={general} onBack={() => void navigate('/cart/address')}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Suspense fallback={<CircularProgress aria-label={t`Loading the map`} sx={{ alignSelf: 'center' }} />}>
          <AddressMap center={center} point={point} onPick={pick} describedBy={pointError ? 'map-error' : undefined} />
        </Suspense>
        {pointError ? (
          <Typography id="map-error" role="alert" color="error" variant="body2">
            {pointError}
          </Typography>
        ) : null}
        <Button variant="outlined" onClick={useMyLocation} disabled={locating} data-testid="use-my-location">
          {locating ? <Trans>Finding you…</Trans> : <Trans>Use my location</Trans>}
        </Button>
        {snapshot.matches({ address: 'locating' }) ? (
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            <Trans>Looking up the address…</Trans>
          </Typography>
        ) : null}
        {suggestion && method === 2 && !suggestion.in_range ? (
          <Typography variant="body2" color="warning.main" data-testid="suggestion-out-of-range" aria-live="polite">
            <Trans>This point is outside the delivery area.</Trans>
          </Typography>
        ) : null}
        <TextField
          id="address-label"
          label={t`Label (home, work…)`}
          value={label}
          onChange={(event) => setLabel(event.target.value)}
          required
          error={labelError !== null}
          helperText={labelError ?? ' '}
          slotProps={{ htmlInput: { 'aria-describedby': 'address-label-helper-text' } }}
        />
        <TextField
          id="address-text"
          label={t`Exact address`}
          value={address}
          onChange={(event) => setAddress(event.target.value)}
          required
          multiline
          minRows={2}
          error={addressError !== null}
          helperText={addressError ?? ' '}
          slotProps={{ htmlInput: { 'aria-describedby': 'address-text-helper-text' } }}
        />
        {otherCity ? (
          <>
            <TextField id="address-city" label={t`City`} value={city} onChange={(event) => setCity(event.target.value)} required />
            <TextField id="address-postal" label={t`Postal code`} value={postal} onChange={(event) => setPostal(event.target.value)} required slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }} />
          </>
        ) : null}
        <Button type="submit" variant="contained" size="large" disabled={saving} data-testid="address-save">
          {saving ? <Trans>Saving…</Trans> : <Trans>Save address</Trans>}
        </Button>
      </Box>
    </StepFrame>
  );
}
