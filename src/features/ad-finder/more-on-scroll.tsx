import { Trans } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useEffect, useState } from 'react';

/**
 * The next page when the list's end scrolls into view (spec §4: more on scroll), and a button for the keyboard;
 * nothing once the list is complete.
 */
export function MoreOnScroll({ canMore, loading, onMore }: { canMore: boolean; loading: boolean; onMore: () => void }) {
  const [sentinel, setSentinel] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!sentinel || !canMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onMore();
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, canMore, onMore]);
  if (!canMore && !loading) return null;
  return (
    <Box ref={setSentinel} sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
      {loading ? (
        <CircularProgress size={24} aria-label="…" />
      ) : (
        <Button onClick={onMore} data-testid="more-ads">
          <Trans>More ads</Trans>
        </Button>
      )}
    </Box>
  );
}
