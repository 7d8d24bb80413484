import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useSelector } from '@xstate/react';
import { addAddressPath, showsOtherCityText } from '@machines/address-machine';
import type { Address } from '@contract/entities/address';
import { DeliveryMethod } from '@contract/enums';
import { Link as RouterLink } from 'react-router-dom';
import { useLanguage, useSystemActor, type AddressBookActor, type CheckoutActor } from '@/ui/actor-system';
import { localDigits } from '@/ui/format';
import { CheckoutScreenGate } from './checkout-gate';
import { NoCheckout } from './no-checkout';
import { checkoutProblem } from './checkout-messages';
import { ConfirmDialog } from './confirm-dialog';
import { StepFrame } from './step-frame';

/** /cart/address and /cart/address/listAddress: the saved addresses; courier needs one in range. */
export default function AddressListPage() {
  const actor = useSystemActor('checkout');
  if (!actor) return <NoCheckout resumeAt="address" />;
  return (
    <CheckoutScreenGate actor={actor} screen="address">
      <AddressListOfBook actor={actor} />
    </CheckoutScreenGate>
  );
}

/** The address chart runs while the step shows; saving the chosen delivery, the list waits for the checkout. */
function AddressListOfBook({ actor }: { actor: CheckoutActor }) {
  const book = useSystemActor('addressBook');
  const { t } = useLingui();
  if (!book) return <CircularProgress aria-label={t`Loading`} sx={{ alignSelf: 'center' }} />;
  return <AddressList actor={actor} book={book} />;
}

function AddressList({ actor, book }: { actor: CheckoutActor; book: AddressBookActor }) {
  const { i18n, t } = useLingui();
  const language = useLanguage();
  const addresses = useSelector(book, (s) => s.context.addresses);
  const method = useSelector(book, (s) => s.context.method);
  const chosenBefore = useSelector(book, (s) => s.context.chosenId);
  // The chart's refusal or failure of this step, else the checkout's (saving the delivery failed).
  const problem = useSelector(book, (s) => checkoutProblem(i18n, { refusal: s.context.refusal, failure: s.context.failure }));
  const stepProblem = useSelector(actor, (s) => checkoutProblem(i18n, s.context));
  const loading = useSelector(book, (s) => s.matches('loading') || s.matches('starting'));
  const busy = useSelector(book, (s) => !s.matches('choosing'));
  const note = useSelector(useSystemActor('app'), (s) => s.context.shop?.data.message_before_address_selection ?? '');
  const otherCityText = useSelector(useSystemActor('app'), (s) => s.context.shop?.data.other_city_detail ?? '');
  const otherCityShown = useSelector(book, showsOtherCityText);
  // The chart offers first the address chosen before, or the one just added or edited.
  const [picked, setChosen] = useState<number | null>(chosenBefore);
  // A deleted address is no longer a choice.
  const chosen = addresses.some((address) => address.id === picked) ? picked : null;
  const [deleting, setDeleting] = useState<Address | null>(null);

  const addPath = useSelector(book, addAddressPath);
  return (
    <StepFrame step="address" title={<Trans>Delivery address</Trans>} problem={problem ?? stepProblem} onBack={() => actor.send({ type: 'checkout.back' })}>
      {note ? <Alert severity="info">{note}</Alert> : null}
      {otherCityShown && otherCityText ? (
        <Alert severity="info" data-testid="other-city-detail">
          {localDigits(otherCityText, language)}
        </Alert>
      ) : null}
      {loading ? <CircularProgress aria-label={t`Loading`} sx={{ alignSelf: 'center' }} /> : null}
      {!loading && addresses.length === 0 ? (
        <Typography color="text.secondary" data-testid="no-addresses">
          <Trans>You have no saved address yet.</Trans>
        </Typography>
      ) : null}
      <RadioGroup aria-label={t`Your addresses`} value={chosen ?? ''} onChange={(event) => setChosen(Number(event.target.value))}>
        {addresses.map((address) => (
          <Box
            key={address.id}
            data-testid="address-option"
            sx={{ border: 1, borderColor: chosen === address.id ? 'primary.main' : 'divider', borderRadius: 2, p: 1.5, mb: 1, display: 'flex', alignItems: 'flex-start', gap: 1 }}
          >
            <FormControlLabel
              sx={{ flex: 1, m: 0 }}
              value={address.id}
              control={<Radio />}
              label={
                <Box>
                  <Typography fontWeight={700} component="span">
                    {localDigits(address.label, language)}
                  </Typography>{' '}
                  {method === DeliveryMethod.courier && !address.in_range ? <Chip size="small" color="warning" label={t`Outside the delivery area`} /> : null}
                  <Typography variant="body2" color="text.secondary">
                    {localDigits([address.city, address.address, address.postal_code].filter(Boolean).join('، '), language)}
                  </Typography>
                </Box>
              }
            />
            <IconButton component={RouterLink} to={`/cart/address/edit/${address.id}`} aria-label={t`Edit ${localDigits(address.label, language)}`} disabled={busy} data-testid="address-edit">
              <EditOutlinedIcon />
            </IconButton>
            <IconButton aria-label={t`Delete ${localDigits(address.label, language)}`} onClick={() => setDeleting(address)} disabled={busy} data-testid="address-delete">
              <DeleteOutlineIcon />
            </IconButton>
          </Box>
        ))}
      </RadioGroup>
      <Button component={RouterLink} to={addPath} variant="outlined" data-testid="address-add">
        <Trans>Add a new address</Trans>
      </Button>
      <Button
        variant="contained"
        size="large"
        // Enabled while the step takes a choice: an address out of range is refused with the reason, not greyed out.
        disabled={chosen === null || busy}
        onClick={() => chosen !== null && book.send({ type: 'address.select', addressId: chosen })}
        data-testid="address-continue"
      >
        <Trans>Deliver here</Trans>
      </Button>
      <ConfirmDialog
        open={deleting !== null}
        title={<Trans>Delete this address?</Trans>}
        text={<Trans>“{deleting?.label ?? ''}” will be removed from your saved addresses.</Trans>}
        confirm={<Trans>Delete</Trans>}
        onConfirm={() => deleting && book.send({ type: 'address.delete', addressId: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </StepFrame>
  );
}
