import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` parts of a long screen to render: `first` at once, then one more after each
 * frame the browser paints. The first paint then holds only what is on screen, and the rest comes
 * in small commits instead of one long task that blocks a phone's main thread (Lighthouse's TBT).
 */
export function useRevealedCount(total: number, first = 1): number {
  const [count, setCount] = useState(() => Math.min(first, total));
  useEffect(() => {
    if (count >= total) return;
    let timer = 0;
    // After the next paint (a frame, then a task), as a transition: input stays first.
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setCount((shown) => shown + 1)));
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [count, total]);
  return Math.min(count, total);
}
