import { useSelector } from '@xstate/react';
import { Navigate } from 'react-router-dom';
import { useRouteParams } from '@/ui/use-route-params';
import { AddressForm } from './address-form';
import { useSystemActor, type AddressBookActor } from '@/ui/actor-system';
import { CheckoutScreenGate } from './checkout-gate';
import { NoCheckout } from './no-checkout';

/** /cart/address/edit/:id?: one saved address (without an id, the chosen one) edited on the map; unknown ids go back to the list. */
export default function AddressEditPage() {
  const actor = useSystemActor('checkout');
  if (!actor) return <NoCheckout resumeAt="address" />;
  return (
    <CheckoutScreenGate actor={actor} screen="address">
      <EditedAddressOfBook />
    </CheckoutScreenGate>
  );
}

function EditedAddressOfBook() {
  const book = useSystemActor('addressBook');
  return book ? <EditedAddress actor={book} /> : null;
}

function EditedAddress({ actor }: { actor: AddressBookActor }) {
  const params = useRouteParams();
  const wanted = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const editing = useSelector(actor, (s) => s.context.addresses.find((address) => address.id === (wanted ?? s.context.chosenId)) ?? null);
  const listed = useSelector(actor, (s) => !s.matches('loading') && !s.matches('starting'));
  if (!editing) return listed ? <Navigate to="/cart/address" replace /> : null;
  // A new key per address, so the form starts from that address's fields.
  return <AddressForm key={editing.id} actor={actor} editing={editing} />;
}
