import { AddressForm } from './address-form';
import { useSystemActor } from '@/ui/actor-system';
import { CheckoutScreenGate } from './checkout-gate';
import { NoCheckout } from './no-checkout';

/** /cart/address/add (+ /detail) and /cart/address/post-address: a new address on the map, validated by the address chart. */
export default function AddressFormPage() {
  const actor = useSystemActor('checkout');
  if (!actor) return <NoCheckout resumeAt="address" />;
  return (
    <CheckoutScreenGate actor={actor} screen="address">
      <NewAddressForm />
    </CheckoutScreenGate>
  );
}

function NewAddressForm() {
  const book = useSystemActor('addressBook');
  return book ? <AddressForm actor={book} editing={null} /> : null;
}
