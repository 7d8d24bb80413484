import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { AuthStep } from '@machines/auth-machine';
import { useAppActor } from '@/ui/app-actor';
import { authActorFor, type AuthActor } from './auth-actor';

/** Where to return after login: the `from` the guards or the login modal put in navigation state. */
function fromOf(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('/authentication') ? from : null;
}

/** The shared login-flow actor, bound to this page's router and the app actor. */
export function useAuthActor(step: AuthStep): AuthActor {
  const navigate = useNavigate();
  const location = useLocation();
  const app = useAppActor();
  const [actor] = useState(() => authActorFor(step, fromOf(location.state), { navigate, app }));
  return actor;
}
