import { Navigate } from 'react-router-dom';
import { AddressForm } from './address-form';
import { CheckoutScreenGate } from './checkout-gate';
import { useCheckoutActor } from './use-checkout';

/** /cart/address/add (+ /detail) and /cart/address/post-address: a new address on the map, validated by the machine. */
export default function AddressFormPage() {
  const actor = useCheckoutActor();
  if (!actor) return <Navigate to="/cart" replace />;
  return (
    <CheckoutScreenGate actor={actor} screen="address">
      <AddressForm actor={actor} editing={null} />
    </CheckoutScreenGate>
  );
}
