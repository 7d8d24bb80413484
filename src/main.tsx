// The entry is only this: the fonts' @font-face (the server writes it into the page) and a wait
// for the first paint. The app's modules are large; evaluated before the browser has painted the
// server's splash or first screen, they hold the first paint back by their whole evaluation (most
// of a second on a mid-range phone, and on every visit once they are cached).
import '@fontsource/vazirmatn/400.css';
import '@fontsource/vazirmatn/700.css';
import { APP_MODULES_ELEMENT_ID } from '@contract/boot';
import { nextTask } from '@/app/next-task';

/** Resolves after the next frame has been painted; a hidden tab paints no frames, so a timer stands in. */
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 250);
  });

/** Links added per task: each starts a fetch (~10 ms of a mid-range phone each), and eight at once were a long task of their own. */
const PRELOADS_PER_TASK = 3;

/**
 * The app's modules the server listed for this page (the app, the language's messages, the
 * screen's chunk), fetched together now instead of one after another as the imports find them.
 * Not in the page's head: there they would share a slow line with what the first paint shows.
 */
async function preloadAppModules(): Promise<void> {
  const list = document.getElementById(APP_MODULES_ELEMENT_ID)?.textContent;
  let modules: unknown;
  try {
    modules = list ? JSON.parse(list) : [];
  } catch {
    modules = [];
  }
  if (!Array.isArray(modules)) return;
  const hrefs = modules.filter((href): href is string => typeof href === 'string' && href.startsWith('/'));
  for (let start = 0; start < hrefs.length; start += PRELOADS_PER_TASK) {
    if (start > 0) await nextTask();
    for (const href of hrefs.slice(start, start + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      link.crossOrigin = '';
      document.head.append(link);
    }
  }
}

// The app's modules evaluate in layers, each in a task of its own: evaluated at once they are one
// task of a third of a second on a mid-range phone, during which the page answers no tap.
void afterFirstPaint().then(async () => {
  void preloadAppModules();
  await import('@/app/layers/react');
  await nextTask();
  await import('@/app/layers/ui');
  await nextTask();
  await import('@/app/layers/machines');
  await nextTask();
  await import('@/app/start');
});
