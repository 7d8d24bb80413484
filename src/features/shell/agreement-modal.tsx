import { lazy, Suspense, useState } from 'react';
import { useSelector } from '@xstate/react';
import { useSystemActor } from '@/ui/actor-system';
import { acceptAgreement, hasAcceptedAgreement, readDeviceType } from './device-type';

// The dialog is drawn by its own chunk: most visits never show it.
const AgreementDialog = lazy(() => import('./agreement-dialog'));

/** Spec §2: when the device type is 1 and the shop has agreement_page 1, the agreement must be accepted once. */
export function AgreementModal() {
  const shop = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.shop);
  const [deviceType] = useState(() => readDeviceType());
  const [accepted, setAccepted] = useState(() => (shop ? hasAcceptedAgreement(shop.id) : true));
  if (!shop || shop.agreement_page !== 1 || deviceType !== 1 || accepted) return null;
  const accept = () => {
    acceptAgreement(shop.id);
    setAccepted(true);
  };
  return (
    <Suspense fallback={null}>
      <AgreementDialog text={shop.agreement_text} onAccept={accept} />
    </Suspense>
  );
}
