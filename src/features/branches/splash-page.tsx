import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useSystemActor } from '@/ui/actor-system';
import BranchPage from './branch-page';

/**
 * /splash?branch_id=…&internal_order=… (a link or QR code of a chain or a shop's counter): at a master shop or one of its
 * branches, the named branch is chosen at once (BranchPage reads branch_id); anywhere else, the home. internal_order=1
 * marks the visit's orders as in-store ones (the app chart keeps it for the tab).
 */
export default function SplashPage() {
  const [search] = useSearchParams();
  const actor = useSystemActor('app');
  const internal = search.get('internal_order') === '1';
  const chain = useSelector(actor, (snapshot) => snapshot.context.shop?.master_flag === 1 || snapshot.context.shop?.master_id != null);
  useEffect(() => {
    if (internal) actor.send({ type: 'visit.internal' });
  }, [actor, internal]);
  return search.get('branch_id') && chain ? <BranchPage /> : <Navigate to="/" replace />;
}
