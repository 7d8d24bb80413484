// First: run-time styles need the page's CSP nonce before any module injects one.
import '@/ui/csp-nonce';
import '@fontsource/vazirmatn/400.css';
import '@fontsource/vazirmatn/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startAppActor } from '@/app/app-actor';
import { loadInspector } from '@/app/inspector';
import { Root } from '@/app/root';
import { createAppRouter } from '@/app/router';
import { applyLanguage } from '@/i18n/i18n';
import { readStoredLanguage } from '@/i18n/language-storage';

// The splash speaks the remembered language before the machine has loaded it.
applyLanguage(readStoredLanguage());

void loadInspector().then((inspect) => {
  const router = createAppRouter();
  const actor = startAppActor(router, inspect);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html lacks #root');
  createRoot(container).render(
    <StrictMode>
      <Root actor={actor} router={router} />
    </StrictMode>,
  );
});
