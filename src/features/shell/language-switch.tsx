import { useLingui } from '@lingui/react/macro';
import Button from '@mui/material/Button';
import TranslateIcon from '@mui/icons-material/Translate';
import { useLanguage, useSystemActor } from '@/ui/actor-system';

/** Toggles fa/en through the app machine; the label names the target language in its own script. */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t } = useLingui();
  const actor = useSystemActor('app');
  const language = useLanguage();
  const other = language === 'fa' ? 'en' : 'fa';
  const label = other === 'en' ? (compact ? 'EN' : 'English') : compact ? 'فا' : 'فارسی';
  return (
    <Button
      onClick={() => actor.send({ type: 'language.change', language: other })}
      // The name starts with the visible label (WCAG 2.5.3), so "EN" or "فا" spoken by voice control finds it.
      aria-label={`${label}: ${other === 'en' ? t`Switch language to English` : t`Switch language to Persian`}`}
      color="inherit"
      variant="outlined"
      size="small"
      startIcon={compact ? undefined : <TranslateIcon />}
      data-testid="language-switch"
      sx={{ minWidth: 0, flexShrink: 0 }}
    >
      <span lang={other}>{label}</span>
    </Button>
  );
}
