import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

interface StatusPageProps {
  icon: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  actions?: ReactNode;
}

/** A centred message page (not found, access denied, maintenance, coming soon). */
export function StatusPage({ icon, title, text, actions }: StatusPageProps) {
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
      <Box sx={{ color: 'primary.main', fontSize: 72, lineHeight: 1, mb: 2 }} aria-hidden="true">
        {icon}
      </Box>
      <Typography component="h1" variant="h5" fontWeight={700} gutterBottom>
        {title}
      </Typography>
      {text ? (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {text}
        </Typography>
      ) : null}
      {actions ? (
        <Stack direction="row" spacing={2} justifyContent="center">
          {actions}
        </Stack>
      ) : null}
    </Container>
  );
}
