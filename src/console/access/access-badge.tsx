import { useSelector } from '@xstate/react';
import Badge from '@mui/material/Badge';
import HowToRegOutlinedIcon from '@mui/icons-material/HowToRegOutlined';
import { formatNumber } from '@contract/numbers';
import { useSystemActor } from '@/ui/actor-system';

/** The access requests' icon in the navigation, with the count of pending requests (their chart runs while logged in). */
export function AccessBadgeIcon() {
  const actor = useSystemActor('accessRequests');
  const language = useSelector(useSystemActor('console'), (snapshot) => snapshot.context.language);
  const pending = useSelector(actor, (snapshot) => snapshot?.context.pendingCount ?? 0);
  return (
    <Badge color="error" badgeContent={pending > 0 ? formatNumber(pending, language) : null} data-testid="access-pending-badge">
      <HowToRegOutlinedIcon />
    </Badge>
  );
}
