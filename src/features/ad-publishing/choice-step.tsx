import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/** One choice of the wizard (request, type, business class): a labelled group of buttons, the chosen one pressed; choosing goes on. */
export function ChoiceStep<T extends string>({ legend, name, options, chosen, onChoose, back }: { legend: string; name: string; options: { value: T; label: string }[]; chosen: T | null; onChoose: (value: T) => void; back?: ReactNode }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2 }} data-testid={`wizard-${name}`}>
      <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
        {legend}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 1 }}>
        {options.map((option) => (
          <Button key={option.value} variant={option.value === chosen ? 'contained' : 'outlined'} aria-pressed={option.value === chosen} onClick={() => onChoose(option.value)} data-testid={`choose-${option.value}`} sx={{ minHeight: 48 }}>
            {option.label}
          </Button>
        ))}
      </Box>
      {back ? <Box>{back}</Box> : null}
    </Box>
  );
}
