import type { ComponentProps, ReactNode } from 'react';
import Box from '@mui/material/Box';

/*
 * The login form's and the board's fields are the browser's own <input> and <select>, styled: keyboard and screen
 * readers know them, they read well at 390 px, and neither chunk carries MUI's TextField/Select (menus, popovers, a
 * modal: ~20 KiB on the wire, a sixth of the first screen's budget).
 */

const fieldSx = {
  font: 'inherit',
  fontSize: '0.95rem',
  px: 1,
  py: 0.75,
  minHeight: 40,
  borderRadius: 1,
  border: 1,
  borderColor: 'divider',
  bgcolor: 'background.paper',
  color: 'text.primary',
  width: '100%',
} as const;

/** A labelled native field: the label wraps it, so a tap on the words focuses it. */
export function NativeField({ label, children, grow = 1 }: { label: string; children: ReactNode; grow?: number }) {
  return (
    <Box component="label" sx={{ display: 'grid', gap: 0.5, flex: `${grow} 1 140px`, minWidth: 0, fontSize: '0.8rem', color: 'text.secondary' }}>
      {label}
      {children}
    </Box>
  );
}

export function NativeSelect({ value, onChange, children, testId }: { value: string; onChange: (value: string) => void; children: ReactNode; testId?: string }) {
  return (
    <Box component="select" value={value} onChange={(event) => onChange((event.target as HTMLSelectElement).value)} sx={fieldSx} data-testid={testId}>
      {children}
    </Box>
  );
}

type InputProps = Omit<ComponentProps<'input'>, 'onChange' | 'value' | 'ref'> & { value: string; onChange: (value: string) => void; testId?: string };

export function NativeInput({ value, onChange, testId, type = 'text', ...rest }: InputProps) {
  return <Box component="input" {...rest} type={type} value={value} onChange={(event) => onChange((event.target as HTMLInputElement).value)} sx={fieldSx} data-testid={testId} />;
}
