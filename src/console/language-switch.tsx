import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import Button from '@mui/material/Button';
import TranslateIcon from '@mui/icons-material/Translate';
import { useSystemActor } from '@/ui/actor-system';

/** Toggles fa/en through the console chart; its name is what it shows, the target language in its own script. */
export function ConsoleLanguageSwitch() {
  const { t } = useLingui();
  const actor = useSystemActor('console');
  const language = useSelector(actor, (snapshot) => snapshot.context.language);
  const other = language === 'fa' ? 'en' : 'fa';
  return (
    <Button
      onClick={() => actor.send({ type: 'language.change', language: other })}
      title={other === 'en' ? t`Switch language to English` : t`Switch language to Persian`}
      color="inherit"
      variant="outlined"
      size="small"
      startIcon={<TranslateIcon />}
      data-testid="console-language-switch"
      sx={{ flexShrink: 0 }}
    >
      <span lang={other}>{other === 'en' ? 'English' : 'فارسی'}</span>
    </Button>
  );
}
