// First: run-time styles need the page's CSP nonce before any module injects one.
import '@/ui/csp-nonce';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startAppActor } from '@/app/app-actor';
import { readBootBlock } from '@/app/boot-data';
import { prefetchLaterSchemas } from '@/api/client';
import { loadInspector } from '@/ui/inspector';
import { Root } from '@/app/root';
import { nextTask } from '@/app/next-task';
import { createAppRouter } from '@/app/router';
import { applyLanguage, loadLanguage } from '@/i18n/i18n';
import { readStoredLanguage } from '@/i18n/language-storage';
import { firstScreenUnused } from '@/ui/first-screen';

/** The app: loaded by main.tsx once the server's splash has painted. */

// Read once, before anything renders: the page's boot block and the visitor's language,
// which the splash speaks before the machine has loaded it.
const boot = readBootBlock(readStoredLanguage());
if (!boot.used) firstScreenUnused();

// The language's messages (preloaded by index.html) and, in development, the inspector.
// Each step in a task of its own (next-task.ts): the router, the actor system, the first render.
void Promise.all([loadInspector(), loadLanguage(boot.language)]).then(async ([inspect]) => {
  applyLanguage(boot.language);
  const router = createAppRouter();
  await nextTask();
  const actor = startAppActor(router, boot, inspect);
  await nextTask();
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html lacks #root');
  // As a transition, React renders the first screen in slices, yielding to the browser between
  // them, instead of one long task; the HTML splash shows meanwhile.
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <Root actor={actor} router={router} />
      </StrictMode>,
    ),
  );
  // The later codes' schemas (login, checkout, …) fetched once the page is idle: the first of them does not wait.
  const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
  idle(prefetchLaterSchemas);
});
