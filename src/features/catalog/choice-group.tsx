import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useLanguage } from '@/ui/actor-system';
import { localized } from '@/ui/format';

export interface Choice {
  name: string;
  name_en: string;
  hex?: string;
  extra?: ReactNode;
}

/** One exclusive choice among features, colors or sizes; values are the canonical (Persian) names. */
export function ChoiceGroup({ label, choices, value, onChange, takes, missing, testId }: { label: ReactNode; choices: readonly Choice[]; value: string | null; onChange: (name: string) => void; takes: (name: string) => boolean; missing: boolean; testId: string }) {
  const language = useLanguage();
  if (choices.length === 0) return null;
  return (
    <Box component="fieldset" data-testid={testId} sx={{ border: 0, m: 0, p: 0 }}>
      <Typography component="legend" variant="subtitle2" fontWeight={700} color={missing ? 'error' : undefined} sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <ToggleButtonGroup exclusive size="small" value={value} onChange={(_, next: string | null) => (next === null ? undefined : onChange(next))} sx={{ flexWrap: 'wrap', gap: 1 }}>
        {choices.map((choice) => (
          <ToggleButton key={choice.name} value={choice.name} disabled={!takes(choice.name)} data-choice={choice.name_en} sx={{ gap: 1, border: 1, borderColor: 'divider', borderRadius: '8px !important' }}>
            {choice.hex ? <Box component="span" aria-hidden="true" sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: choice.hex, border: 1, borderColor: 'divider' }} /> : null}
            {localized(language, choice.name, choice.name_en)}
            {choice.extra}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}
