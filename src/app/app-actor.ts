import { createActor } from 'xstate';
import { SYSTEM_IDS } from '@machines/system';
import { onGoHome, onSessionLost } from '@/api/client';
import { applyLanguage } from '@/i18n/i18n';
import type { BootBlock } from './boot-data';
import { wasInternalVisit } from './internal-visit';
import type { Inspect } from '@/ui/inspector';
import { liveAppMachine } from './live';
import type { AppRouter } from './router';

/**
 * Creates and starts the root of the one actor system (systemId 'app'); its
 * children (cart, session, checkout, each screen's actors) are spawned by the
 * chart. `boot` is index.html's boot block (boot-data.ts). `inspect` connects the Stately inspector in development.
 */
export function startAppActor(router: AppRouter, boot: BootBlock, inspect?: Inspect) {
  const actor = createActor(liveAppMachine(router, boot), { systemId: SYSTEM_IDS.app, inspect });
  // Lingui, <html dir> and Accept-Language follow the machine's language, whichever step set it.
  actor.subscribe((snapshot) => applyLanguage(snapshot.context.language));
  // error_code -1 sends the user home without a page reload; login_required tells the session.
  onGoHome(() => void router.navigate('/'));
  onSessionLost(() => actor.system.get(SYSTEM_IDS.session)?.send({ type: 'session.lost' }));
  actor.start();
  // A reload during an in-store visit keeps its orders internal.
  if (wasInternalVisit()) actor.send({ type: 'visit.internal' });
  return actor;
}
