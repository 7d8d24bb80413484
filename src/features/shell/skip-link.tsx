import { Trans } from '@lingui/react/macro';
import Box from '@mui/material/Box';
import { focusMainContent } from '@/ui/heading-focus';
import { visuallyHidden } from '@/ui/visually-hidden';

/**
 * The page's first tab stop: "Skip to content" moves the focus past the header to the page's main heading. Hidden
 * until focused. It focuses by script rather than following #main, so the router sees no new location.
 */
export function SkipLink() {
  return (
    <Box
      component="a"
      href="#main"
      data-testid="skip-link"
      onClick={(event) => {
        event.preventDefault();
        focusMainContent();
      }}
      sx={{
        '&:not(:focus)': visuallyHidden,
        position: 'fixed',
        insetInlineStart: 8,
        top: 8,
        zIndex: 'tooltip',
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.dark',
        fontWeight: 700,
        boxShadow: 3,
      }}
    >
      <Trans>Skip to content</Trans>
    </Box>
  );
}
