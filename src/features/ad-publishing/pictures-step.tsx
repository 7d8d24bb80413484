import { useRef, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import { AD_LIMITS } from '@contract/rules/ads';
import { UPLOAD_MIME_TYPES } from '@contract/rules/chat';
import { uploadPercent } from '@machines/classifieds/ad-wizard-machine';
import { formatNumber } from '@/ui/format';
import { useLanguage } from '@/ui/actor-system';
import type { WizardActor } from './wizard-actor';

/** Pictures, sent through the upload (type ad_picture) as they are picked; the first is the cover; each moved or removed; refusals shown. */
export function PicturesStep({ actor, back }: { actor: WizardActor; back: ReactNode }) {
  const { t } = useLingui();
  const language = useLanguage();
  const input = useRef<HTMLInputElement>(null);
  const pictures = useSelector(actor, (snapshot) => snapshot.context.pictures);
  const percent = useSelector(actor, uploadPercent);
  const refusal = useSelector(actor, (snapshot) => snapshot.context.pictureRefusal);
  const canPick = useSelector(actor, (snapshot) => snapshot.matches({ pictures: 'idle' }));
  const refusalText = refusal
    ? refusal.message ||
      (refusal.result === 'too_many_pictures'
        ? t`An ad has at most ${formatNumber(AD_LIMITS.pictures.max, language)} pictures`
        : refusal.result === 'unauthorized_file_size'
          ? t`unauthorized file size`
          : t`unauthorized file type`)
    : null;
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="wizard-pictures">
      <Typography component="h2" variant="h6">
        <Trans>Pictures</Trans>
      </Typography>
      <Typography variant="body2" color="text.secondary">
        <Trans>The first picture is the ad's cover. Pictures are optional.</Trans>
      </Typography>
      <input
        ref={input}
        type="file"
        hidden
        accept={UPLOAD_MIME_TYPES.join(',')}
        data-testid="picture-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) actor.send({ type: 'wizard.pick', file });
          event.target.value = '';
        }}
      />
      <Box>
        <Button variant="outlined" disabled={!canPick} onClick={() => input.current?.click()} data-testid="add-picture">
          <Trans>Add a picture</Trans>
        </Button>
      </Box>
      {percent !== null ? <LinearProgress variant="determinate" value={percent} aria-label={t`Sending the picture`} /> : null}
      {refusalText ? (
        <Alert severity="error" role="alert" data-testid="picture-refusal">
          {refusalText}
        </Alert>
      ) : null}
      <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', gap: 1 }} data-testid="picture-list">
        {pictures.map((picture, index) => (
          <Box component="li" key={picture.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1, display: 'grid', gap: 0.5 }} data-testid="picture-item">
            <Box component="img" src={picture.thumbnail_url} alt={t`Picture ${formatNumber(index + 1, language)}`} width={150} height={110} sx={{ width: '100%', height: 110, objectFit: 'cover', borderRadius: 1 }} />
            {index === 0 ? <Chip size="small" color="primary" label={t`Cover`} sx={{ justifySelf: 'start' }} /> : null}
            <Stack direction="row" justifyContent="space-between">
              <IconButton size="small" aria-label={t`Move picture ${formatNumber(index + 1, language)} earlier`} disabled={index === 0} onClick={() => actor.send({ type: 'wizard.movePicture', id: picture.id, by: -1 })}>
                {language === 'fa' ? '→' : '←'}
              </IconButton>
              <IconButton size="small" aria-label={t`Move picture ${formatNumber(index + 1, language)} later`} disabled={index === pictures.length - 1} onClick={() => actor.send({ type: 'wizard.movePicture', id: picture.id, by: 1 })}>
                {language === 'fa' ? '←' : '→'}
              </IconButton>
              <IconButton size="small" color="error" aria-label={t`Remove picture ${formatNumber(index + 1, language)}`} onClick={() => actor.send({ type: 'wizard.removePicture', id: picture.id })}>
                ✕
              </IconButton>
            </Stack>
          </Box>
        ))}
      </Box>
      <Stack direction="row" justifyContent="space-between">
        {back}
        <Button variant="contained" disabled={!canPick} onClick={() => actor.send({ type: 'wizard.next' })} data-testid="wizard-next">
          <Trans>Next</Trans>
        </Button>
      </Stack>
    </Box>
  );
}
