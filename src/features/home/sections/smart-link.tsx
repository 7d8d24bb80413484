import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { Link as RouterLink } from 'react-router-dom';

const isExternal = (to: string) => /^[a-z]+:\/\//i.test(to);

/** Wraps content in a router link, an external link, or nothing when there is no target. */
export function SmartLink({ to, label, tabIndex, children }: { to: string | null; label: string; tabIndex?: number; children: ReactNode }) {
  const sx = { display: 'block', position: 'relative', height: '100%', color: 'inherit', textDecoration: 'none' } as const;
  if (!to) return <Box sx={sx}>{children}</Box>;
  if (isExternal(to)) {
    return (
      <Box component="a" href={to} aria-label={label || undefined} tabIndex={tabIndex} sx={sx}>
        {children}
      </Box>
    );
  }
  return (
    <Box component={RouterLink} to={to} aria-label={label || undefined} tabIndex={tabIndex} sx={sx}>
      {children}
    </Box>
  );
}
