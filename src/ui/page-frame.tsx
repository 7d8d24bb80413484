import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The common frame of content pages: a centred column with an h1. */
export function PageFrame({ title, children, testId }: { title: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <Box data-testid={testId} sx={{ maxWidth: 1200, mx: 'auto', px: { xs: 2, md: 3 }, py: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography component="h1" variant="h5" fontWeight={700}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
