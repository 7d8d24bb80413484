import { useLingui } from '@lingui/react/macro';
import Fab from '@mui/material/Fab';
import Zoom from '@mui/material/Zoom';
import useScrollTrigger from '@mui/material/useScrollTrigger';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import { BOTTOM_NAV_HEIGHT, SCROLL_TOP_BOTTOM_WIDE, SCROLL_TOP_GAP, SCROLL_TOP_THRESHOLD } from '@/ui/layout';

/** Appears after 65 px of scroll (spec §9) and takes the page back to the top. */
export function ScrollTopButton() {
  const { t } = useLingui();
  const shown = useScrollTrigger({ disableHysteresis: true, threshold: SCROLL_TOP_THRESHOLD });
  const toTop = () => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
  };
  return (
    <Zoom in={shown} unmountOnExit>
      <Fab
        size="small"
        color="primary"
        onClick={toTop}
        aria-label={t`Back to top`}
        sx={{ position: 'fixed', insetInlineEnd: 16, bottom: { xs: BOTTOM_NAV_HEIGHT + SCROLL_TOP_GAP, md: SCROLL_TOP_BOTTOM_WIDE }, zIndex: 'speedDial' }}
      >
        <KeyboardArrowUpIcon />
      </Fab>
    </Zoom>
  );
}
