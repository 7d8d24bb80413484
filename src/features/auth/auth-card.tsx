import type { FormEvent, ReactNode } from 'react';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** The frame of the authentication pages: a titled card holding one form. */
export function AuthCard({ title, intro, notice, onSubmit, children }: {
  title: ReactNode;
  intro?: ReactNode;
  /** said above the form: why the visitor is asked to log in */
  notice?: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void; children: ReactNode }) {
  return (
    <Container maxWidth="xs" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 4 } }}>
        <Typography component="h1" variant="h5" fontWeight={700} gutterBottom>
          {title}
        </Typography>
        {notice}
        {intro ? (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {intro}
          </Typography>
        ) : null}
        <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
          {children}
        </Box>
      </Paper>
    </Container>
  );
}
