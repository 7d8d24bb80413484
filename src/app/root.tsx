import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import { I18nProvider } from '@lingui/react';
import { BarePage } from '@/features/shell/bare-page';
import ShellLayout from '@/features/shell/shell-layout';
import FailurePage from '@/features/shell/failure-page';
import MaintenancePage from '@/features/shell/maintenance-page';
import Splash from '@/features/shell/splash';
import { i18n } from '@/i18n/i18n';
import { useLanguage, type AppActor, type AppSnapshot, useSystemActor, ActorSystemProvider } from '@/ui/actor-system';
import { DirectionProvider } from '@/ui/direction-provider';
import { localized } from '@/ui/format';
import { prefetchToasts, Toasts } from '@/ui/toasts';
import { RouteOutlet } from './route-outlet';
import type { AppRouter } from './router';
import { RouterView } from './router-view';

type Phase = 'starting' | 'failed' | 'maintenance' | 'ready';

const phaseOf = (snapshot: AppSnapshot): Phase =>
  snapshot.matches('ready') ? 'ready' : snapshot.matches('failed') ? 'failed' : snapshot.matches('maintenance') ? 'maintenance' : 'starting';

/** The app mounts its routes only when the startup machine is ready; until then splash, failure or maintenance. */
function Gate({ router }: { router: AppRouter }) {
  const actor = useSystemActor('app');
  const phase = useSelector(actor, phaseOf);
  switch (phase) {
    case 'ready':
      return (
        <RouterView router={router}>
          <ShellLayout>
            <RouteOutlet />
          </ShellLayout>
        </RouterView>
      );
    case 'failed':
      return (
        <BarePage>
          <FailurePage />
        </BarePage>
      );
    case 'maintenance':
      return (
        <BarePage>
          <MaintenancePage onRetry={() => actor.send({ type: 'app.retry' })} />
        </BarePage>
      );
    case 'starting':
      return <Splash />;
  }
}

/** The tab shows the shop's name, and the head its keywords (spec §3 shop.meta), in the current language. */
function useDocumentHead() {
  const language = useLanguage();
  const shop = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.shop);
  useEffect(() => {
    if (!shop) return;
    document.title = localized(language, shop.name, shop.name_en);
    // The server wrote the first language's tag; a switch of language or shop rewrites it.
    let keywords = document.head.querySelector<HTMLMetaElement>('meta[name="keywords"]');
    if (!keywords) {
      keywords = document.createElement('meta');
      keywords.name = 'keywords';
      document.head.append(keywords);
    }
    keywords.content = shop.meta.keywords;
  }, [language, shop]);
}

function Themed({ router }: { router: AppRouter }) {
  const language = useLanguage();
  useDocumentHead();
  return (
    <DirectionProvider language={language}>
      <Gate router={router} />
      <Toasts />
    </DirectionProvider>
  );
}

/** The whole SPA: the root actor, Lingui, theme/direction, toasts and the startup gate. */
export function Root({ actor, router }: { actor: AppActor; router: AppRouter }) {
  useEffect(prefetchToasts, []);
  return (
    <ActorSystemProvider actor={actor}>
      <I18nProvider i18n={i18n}>
        <Themed router={router} />
      </I18nProvider>
    </ActorSystemProvider>
  );
}
