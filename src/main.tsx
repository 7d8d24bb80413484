// First: run-time styles need the page's CSP nonce before any module injects one.
import '@/ui/csp-nonce';
import '@fontsource/vazirmatn/400.css';
import '@fontsource/vazirmatn/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startAppActor } from '@/app/app-actor';
import { readBootBlock } from '@/app/boot-data';
import { loadInspector } from '@/app/inspector';
import { Root } from '@/app/root';
import { createAppRouter } from '@/app/router';
import { applyLanguage } from '@/i18n/i18n';
import { readStoredLanguage } from '@/i18n/language-storage';

// Read once, before anything renders: the page's boot block and the visitor's language,
// which the splash speaks before the machine has loaded it.
const boot = readBootBlock(readStoredLanguage());
applyLanguage(boot.language);

void loadInspector().then((inspect) => {
  const router = createAppRouter();
  const actor = startAppActor(router, boot, inspect);
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html lacks #root');
  createRoot(container).render(
    <StrictMode>
      <Root actor={actor} router={router} />
    </StrictMode>,
  );
});
