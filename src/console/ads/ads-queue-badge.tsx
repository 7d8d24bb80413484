import { useSelector } from '@xstate/react';
import Badge from '@mui/material/Badge';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import { formatNumber } from '@contract/numbers';
import { queuedAdsCount } from '@machines/console/staff-live-machine';
import { useSystemActor } from '@/ui/actor-system';

/** The moderation queue's icon in the navigation, with the count of ads waiting (the staff's live channel keeps it). */
export function AdsQueueBadgeIcon() {
  const language = useSelector(useSystemActor('console'), (snapshot) => snapshot.context.language);
  const queued = useSelector(useSystemActor('staffLive'), (snapshot) => (snapshot ? queuedAdsCount(snapshot) : 0));
  return (
    <Badge color="error" badgeContent={queued > 0 ? formatNumber(queued, language) : null} data-testid="ads-queued-badge">
      <FactCheckOutlinedIcon />
    </Badge>
  );
}
