import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import type { Address } from '@contract/entities/address';
import { DeliveryMethod } from '@contract/enums';
import { TEXT_MAX } from '@contract/rules/limits';
import { asksCity, formProblems, takesForm, type NewAddress } from '@machines/address-machine';
import { useLanguage, type AddressBookActor } from '@/ui/actor-system';
import { localDigits } from '@/ui/format';
import { checkoutProblem } from './checkout-messages';
import { StepFrame } from './step-frame';
import type { MapPoint } from './address-map';

// Leaflet is only downloaded when an address is being placed on the map.
const AddressMap = lazy(() => import('./address-map'));

const labelKeys = new Set(['address_label_required', 'address_label_short']);
const addressKeys = new Set(['address_required', 'address_short']);
const pointKeys = new Set(['lat_required', 'lng_required', 'coordinates_invalid']);

/**
 * The address form on the map: a new address (`editing` null: address.add) or a saved one
 * (address.update). The address chart validates (spec §5), finds the device's position and,
 * once saved, goes back to the list.
 */
export function AddressForm({ actor, editing }: { actor: AddressBookActor; editing: Address | null }) {
  const { i18n, t } = useLingui();
  const navigate = useNavigate();
  const language = useLanguage();
  const method = useSelector(actor, (s) => s.context.method);
  const suggestion = useSelector(actor, (s) => s.context.suggestion);
  // Every field's problem of the refused form, each shown beside its field.
  const fieldProblems = useSelector(actor, formProblems);
  const saving = useSelector(actor, (s) => s.matches('saving') || s.matches('updating'));
  const editedId = editing?.id ?? null;
  const canSave = useSelector(actor, (s) => takesForm(s, editedId));
  const locating = useSelector(actor, (s) => s.matches('findingYou'));
  const canFindMe = useSelector(actor, (s) => s.can({ type: 'address.findMe' }));
  const locatingPoint = useSelector(actor, (s) => s.matches('locating'));
  const problem = useSelector(actor, (s) => checkoutProblem(i18n, { refusal: s.context.refusal, failure: s.context.failure }));
  const point = useSelector(actor, (s) => s.context.point);
  const center = useSelector(actor, (s) => s.context.center);
  const otherCity = useSelector(actor, asksCity);
  // The saved text shows in the visitor's digits; the transport folds them back before sending.
  const [label, setLabel] = useState(localDigits(editing?.label ?? '', language));
  const [address, setAddress] = useState(localDigits(editing?.address ?? '', language));
  const [city, setCity] = useState(localDigits(editing?.city ?? '', language));
  const [postal, setPostal] = useState(localDigits(editing?.postal_code ?? '', language));
  const [initialCenter] = useState<MapPoint>(() => (editing ? { lat: editing.lat, lng: editing.lng } : center));

  // The form opens in the chart: its point is the edited address's (or none yet).
  useEffect(() => {
    actor.send({ type: 'address.compose', addressId: editedId });
  }, [actor, editedId]);

  // The geocoder's suggestion fills an empty address field.
  useEffect(() => {
    if (suggestion && address.trim() === '') setAddress(localDigits(suggestion.address, language));
    if (suggestion && otherCity && city.trim() === '') setCity(localDigits(suggestion.city, language));
    // Only a new suggestion fills the fields.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [suggestion]);

  const pick = (next: MapPoint) => actor.send({ type: 'address.locate', lat: next.lat, lng: next.lng });
  const useMyLocation = () => actor.send({ type: 'address.findMe' });
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
        <Button variant="outlined" onClick={useMyLocation} disabled={!canFindMe} data-testid="use-my-location">
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
        <Button type="submit" variant="contained" size="large" disabled={!canSave} data-testid="address-save">
          {saving ? <Trans>Saving…</Trans> : editing ? <Trans>Save changes</Trans> : <Trans>Save address</Trans>}
        </Button>
      </Box>
    </StepFrame>
  );
}
