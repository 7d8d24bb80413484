import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useSnackbar } from '@/ui/toasts';
import { useNavigate } from 'react-router-dom';
import { DeliveryMethod, type Address, type AddressProblem } from '@contract/index';
import { TEXT_MAX } from '@contract/rules/limits';
import { TEHRAN_CENTER } from '@contract/rules/distance';
import type { NewAddress } from '@machines/checkout-machine';
import { type CheckoutActor, useSystemActor } from '@/ui/actor-system';
import { checkoutProblem } from './checkout-messages';
import { StepFrame } from './step-frame';
import type { MapPoint } from './address-map';

// Leaflet is only downloaded when an address is being placed on the map.
const AddressMap = lazy(() => import('./address-map'));

/** Where the map opens: the first branch, else central Tehran. */
const DEFAULT_CENTER: MapPoint = TEHRAN_CENTER;

const labelKeys = new Set(['address_label_required', 'address_label_short']);
const addressKeys = new Set(['address_required', 'address_short']);
const pointKeys = new Set(['lat_required', 'lng_required', 'coordinates_invalid']);
const noProblems: readonly AddressProblem[] = [];

/**
 * The address form on the map: a new address (`editing` null: address.add) or a saved one
 * (address.update). The machine validates (spec §5); saved, it goes back to the list.
 */
export function AddressForm({ actor, editing }: { actor: CheckoutActor; editing: Address | null }) {
  const { i18n, t } = useLingui();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const method = useSelector(actor, (s) => s.context.method);
  const suggestion = useSelector(actor, (s) => s.context.suggestion);
  // Every field's problem of the refused form, each shown beside its field.
  const fieldProblems = useSelector(actor, (s) => (s.context.refusal !== null && (s.context.addressProblems as readonly string[]).includes(s.context.refusal) ? s.context.addressProblems : noProblems));
  const failure = useSelector(actor, (s) => s.context.failure);
  const addresses = useSelector(actor, (s) => s.context.addresses);
  const choosing = useSelector(actor, (s) => s.matches({ address: 'choosing' }));
  const saving = useSelector(actor, (s) => s.matches({ address: 'saving' }) || s.matches({ address: 'updating' }));
  const updating = useSelector(actor, (s) => s.matches({ address: 'updating' }));
  const locatingPoint = useSelector(actor, (s) => s.matches({ address: 'locating' }));
  const problem = useSelector(actor, (s) => checkoutProblem(i18n, s.context));
  const branch = useSelector(useSystemActor('app'), (s) => s.context.shop?.branches[0]?.location ?? null);
  // City and postal code matter for other-city delivery, and are kept when a saved address has them.
  const otherCity = method === DeliveryMethod.otherCity || (editing !== null && (editing.city !== '' || editing.postal_code !== ''));
  const [label, setLabel] = useState(editing?.label ?? '');
  const [address, setAddress] = useState(editing?.address ?? '');
  const [city, setCity] = useState(editing?.city ?? '');
  const [postal, setPostal] = useState(editing?.postal_code ?? '');
  const [point, setPoint] = useState<MapPoint | null>(editing ? { lat: editing.lat, lng: editing.lng } : null);
  const [locating, setLocating] = useState(false);
  const center = point ?? (branch ? { lat: Number(branch.split(',')[0]), lng: Number(branch.split(',')[1]) } : DEFAULT_CENTER);
  const [initialCenter] = useState(center);
  const count = useRef(addresses.length);

  // The geocoder's suggestion fills an empty address field.
  useEffect(() => {
    if (suggestion && address.trim() === '') setAddress(suggestion.address);
    if (suggestion && otherCity && city.trim() === '') setCity(suggestion.city);
    // Only a new suggestion fills the fields.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [suggestion]);

  // Added: back to the list with the new address chosen.
  const added = editing === null && addresses.length > count.current ? addresses[0] : null;
  useEffect(() => {
    if (added && choosing) void navigate('/cart/address', { state: { addressId: added.id } });
  }, [added, choosing, navigate]);

  // Edited: once update_address answers (the machine then reloads the list), back to the list.
  const wasUpdating = useRef(false);
  useEffect(() => {
    if (updating) wasUpdating.current = true;
    else if (wasUpdating.current) {
      wasUpdating.current = false;
      if (failure === null && editing) void navigate('/cart/address', { state: { addressId: editing.id } });
    }
  }, [updating, failure, editing, navigate]);

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
    const form: NewAddress = { label, address, lat: point?.lat ?? null, lng: point?.lng ?? null, ...(otherCity ? { city, postal_code: postal } : {}) };
    actor.send(editing ? { type: 'address.update', addressId: editing.id, address: form } : { type: 'address.add', address: form });
  };
  const fieldProblem = (keys: Set<string>) => {
    const key = fieldProblems.find((candidate) => keys.has(candidate));
    return key ? checkoutProblem(i18n, { refusal: key, failure: null }) : null;
  };
  const labelError = fieldProblem(labelKeys);
  const addressError = fieldProblem(addressKeys);
  const pointError = fieldProblem(pointKeys);
  const general = labelError || addressError || pointError ? null : problem;
  const title = editing ? <Trans>Edit address</Trans> : method === DeliveryMethod.otherCity ? <Trans>Address in another city</Trans> : <Trans>New address</Trans>;

  return (
    <StepFrame step="address" title={title} problem={general} onBack={() => void navigate('/cart/address')}>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Suspense fallback={<CircularProgress aria-label={t`Loading the map`} sx={{ alignSelf: 'center' }} />}>
          <AddressMap center={initialCenter} point={point} onPick={pick} describedBy={pointError ? 'map-error' : undefined} />
        </Suspense>
        {pointError ? (
          <Typography id="map-error" role="alert" color="error" variant="body2">
            {pointError}
          </Typography>
        ) : null}
        <Button variant="outlined" onClick={useMyLocation} disabled={locating} data-testid="use-my-location">
          {locating ? <Trans>Finding you…</Trans> : <Trans>Use my location</Trans>}
        </Button>
        {locatingPoint ? (
          <Typography variant="body2" color="text.secondary" aria-live="polite">
            <Trans>Looking up the address…</Trans>
          </Typography>
        ) : null}
        {suggestion && method === DeliveryMethod.courier && !suggestion.in_range ? (
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
          slotProps={{ htmlInput: { 'aria-describedby': 'address-label-helper-text', maxLength: TEXT_MAX.addressLabel } }}
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
          slotProps={{ htmlInput: { 'aria-describedby': 'address-text-helper-text', maxLength: TEXT_MAX.address } }}
        />
        {otherCity ? (
          <>
            <TextField id="address-city" label={t`City`} value={city} onChange={(event) => setCity(event.target.value)} required={method === DeliveryMethod.otherCity} slotProps={{ htmlInput: { maxLength: TEXT_MAX.city } }} />
            <TextField
              id="address-postal"
              label={t`Postal code`}
              value={postal}
              onChange={(event) => setPostal(event.target.value)}
              required={method === DeliveryMethod.otherCity}
              slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr', maxLength: TEXT_MAX.postalCode } }}
            />
          </>
        ) : null}
        <Button type="submit" variant="contained" size="large" disabled={saving} data-testid="address-save">
          {saving ? <Trans>Saving…</Trans> : editing ? <Trans>Save changes</Trans> : <Trans>Save address</Trans>}
        </Button>
      </Box>
    </StepFrame>
  );
}
