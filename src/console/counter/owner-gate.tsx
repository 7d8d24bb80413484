import type { ReactNode } from 'react';
import { useSelector } from '@xstate/react';
import { Navigate } from 'react-router-dom';
import { isOwner } from '@machines/console/console-machine';
import { useSystemActor } from '@/ui/actor-system';

/**
 * An owner's screen opened by a staff member (a typed or remembered address; the navigation does not offer it) goes
 * to the console's first screen: its chart never starts, so no owner-only code is asked (the server would answer 403).
 */
export function OwnerGate({ children }: { children: ReactNode }) {
  const owner = useSelector(useSystemActor('console'), isOwner);
  return owner ? children : <Navigate to="/" replace />;
}
