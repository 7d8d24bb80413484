// First: run-time styles need the page's CSP nonce before any module injects one.
import '@/ui/csp-nonce';
import './editable-text';
import './effects-timing';
import '@fontsource/vazirmatn/400.css';
import '@fontsource/vazirmatn/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadInspector, type Inspect } from '@/ui/inspector';
import { startConsoleActor } from './console-actor';
import { applyConsoleLanguage, readConsoleLanguage } from './language';
import { ConsoleRoot } from './root';

/** The operator console's entry (console.html): the console chart is created outside React, then rendered. */
const language = readConsoleLanguage();
const container = document.getElementById('root');
if (!container) throw new Error('console.html lacks #root');
/** Starts the console chart and draws it once the operator's catalog is in (its chunk loads beside the session check). */
function start(inspect?: Inspect) {
  const actor = startConsoleActor(language, inspect);
  // A catalog that cannot be fetched (the connection dropped) leaves words in both languages, not a blank page.
  void applyConsoleLanguage(language).then(
    () =>
      createRoot(container!).render(
        <StrictMode>
          <ConsoleRoot actor={actor} />
        </StrictMode>,
      ),
    () => {
      container!.textContent = 'کنسول بارگیری نشد؛ اتصال را بررسی کنید و صفحه را دوباره باز کنید. — The console could not load; check the connection and reload the page.';
    },
  );
}

// In development with ?inspect (or VITE_INSPECT=1), the inspector first, so it sees the root from its first event.
// Production builds drop the branch and the inspector with it.
if (import.meta.env.DEV) void loadInspector().then(start);
else start();
