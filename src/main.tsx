// The entry is only this: the fonts' @font-face (the server writes it into the page) and a wait
// for the first paint. The app's modules are large; evaluated before the browser has painted the
// server's splash, they hold the first paint back by their whole evaluation (most of a second on
// a mid-range phone, and on every visit once they are cached). index.html preloads the app's
// chunk, so waiting costs no download time.
import '@fontsource/vazirmatn/400.css';
import '@fontsource/vazirmatn/700.css';

/** Resolves after the next frame has been painted; a hidden tab paints no frames, so a timer stands in. */
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 250);
  });

void afterFirstPaint().then(() => import('@/app/start'));
