import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { STARTUP_STEPS, type StartupStep } from '@machines/app-machine';
import { localized } from '@/ui/format';
import { useLanguage, type AppSnapshot, useSystemActor } from '@/ui/actor-system';
import { useSplashShown } from '@/ui/first-screen';

/** How far the startup has come, 0..100. */
function progressOf(snapshot: AppSnapshot): number {
  const value: unknown = snapshot.value;
  if (typeof value !== 'object' || value === null || !('starting' in value)) return 100;
  const step = (value as { starting: StartupStep }).starting;
  const index = STARTUP_STEPS.indexOf(step);
  return index < 0 ? 0 : Math.round((index / STARTUP_STEPS.length) * 100);
}

/**
 * Shown until the startup machine is ready. Before the shop is known it is a neutral
 * loader; then the shop's splash image (mobile or desktop), logo and name.
 */
export default function Splash() {
  const app = useSystemActor('app');
  useSplashShown();
  const theme = useTheme();
  const { t } = useLingui();
  const wide = useMediaQuery(theme.breakpoints.up('md'));
  const language = useLanguage();
  const shop = useSelector(app, (snapshot) => snapshot.context.shop);
  const progress = useSelector(app, progressOf);
  const image = shop ? (wide ? shop.splash_image_link.desktop : shop.splash_image_link.mobile) : null;
  const showLogo = shop !== null && shop.logo !== null && shop.data.no_logo_in_splash !== 1;
  return (
    <Box
      component="main"
      aria-busy="true"
      sx={{ position: 'fixed', inset: 0, display: 'grid', placeItems: 'center', bgcolor: 'background.default', overflow: 'hidden' }}
    >
      {image ? (
        <Box
          component="img"
          src={image}
          alt=""
          width={wide ? 1920 : 1080}
          height={wide ? 1080 : 1920}
          data-testid="splash-image"
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : null}
      <Box
        sx={{
          position: 'relative',
          textAlign: 'center',
          p: 3,
          borderRadius: 3,
          minWidth: 240,
          bgcolor: image ? 'rgba(255,255,255,0.85)' : 'transparent',
        }}
      >
        {showLogo && shop?.logo ? (
          <Box component="img" src={shop.logo} alt="" width={96} height={96} data-testid="splash-logo" sx={{ mb: 2, objectFit: 'contain' }} />
        ) : null}
        {shop ? (
          <Typography component="h1" variant="h6" fontWeight={700} gutterBottom>
            {localized(language, shop.name, shop.name_en)}
          </Typography>
        ) : null}
        <LinearProgress
          variant="determinate"
          value={progress}
          aria-label={t`Loading progress`}
          sx={{ my: 2, height: 6, borderRadius: 3 }}
        />
        <Typography role="status" color="text.secondary">
          <Trans>Loading…</Trans>
        </Typography>
      </Box>
    </Box>
  );
}
