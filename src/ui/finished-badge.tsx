import { Trans } from '@lingui/react/macro';
import Chip from '@mui/material/Chip';

/** An item finished for now (the counter's switch): said in words, not only by a greyed card. */
export function FinishedBadge({ size = 'small' }: { size?: 'small' | 'medium' }) {
  return <Chip label={<Trans>Finished for today</Trans>} size={size} color="default" variant="outlined" data-testid="item-finished" sx={{ alignSelf: 'flex-start', fontWeight: 600 }} />;
}
