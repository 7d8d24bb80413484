import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useFirstScreenReplaced } from '@/ui/first-screen';
import { LanguageSwitch } from './language-switch';

/** A page outside the shell (failure, maintenance): just the language switch and the content in <main>. */
export function BarePage({ children }: { children: ReactNode }) {
  useFirstScreenReplaced();
  return (
    <>
      <Box component="header" sx={{ display: 'flex', justifyContent: 'flex-end', p: 2 }}>
        <LanguageSwitch />
      </Box>
      <Box component="main">{children}</Box>
    </>
  );
}
