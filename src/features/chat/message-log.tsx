import { Trans } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';

interface MessageLogProps {
  /** oldest first */
  children: ReactNode;
  /** ids of the oldest and newest entries: the scroll follows them */
  oldestId: number | null;
  newestId: number | null;
  label: string;
  hasOlder: boolean;
  loadingOlder: boolean;
  onOlder: () => void;
  testId: string;
}

/**
 * A chat's messages, oldest at the top, in a scrolling box that screen readers announce as a log
 * (role=log is aria-live polite): a new message scrolls it to the bottom; scrolling to the top (or
 * the button, for the keyboard) asks for the older page, and the view stays where it was.
 */
export function MessageLog({ children, oldestId, newestId, label, hasOlder, loadingOlder, onOlder, testId }: MessageLogProps) {
  const box = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const lastHeight = useRef(0);
  const lastOldest = useRef<number | null>(null);

  // Before paint: an older page keeps the same message under the eye; a newer message shows at the bottom.
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    if (lastOldest.current !== null && oldestId !== lastOldest.current && lastHeight.current > 0) {
      element.scrollTop += element.scrollHeight - lastHeight.current;
    } else {
      element.scrollTop = element.scrollHeight;
    }
    lastHeight.current = element.scrollHeight;
    lastOldest.current = oldestId;
  }, [oldestId, newestId]);

  useEffect(() => {
    const sentinel = top.current;
    if (!sentinel || !hasOlder || loadingOlder || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onOlder();
    }, { root: box.current });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasOlder, loadingOlder, onOlder]);

  return (
    <Box
      ref={box}
      role="log"
      aria-label={label}
      aria-busy={loadingOlder}
      tabIndex={0}
      data-testid={testId}
      sx={{ maxHeight: '60vh', minHeight: 160, overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 1, p: 1, border: 1, borderColor: 'divider', borderRadius: 2 }}
    >
      <div ref={top} />
      {hasOlder ? (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Button size="small" onClick={onOlder} disabled={loadingOlder} data-testid="older-messages" startIcon={loadingOlder ? <CircularProgress size={16} /> : null}>
            <Trans>Older messages</Trans>
          </Button>
        </Box>
      ) : null}
      {children}
    </Box>
  );
}
