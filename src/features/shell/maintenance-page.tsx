import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import Button from '@mui/material/Button';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { localized } from '@/ui/format';
import { useLanguage, useSystemActor } from '@/ui/actor-system';
import { StatusPage } from './status-page';

/** Shops in development (state_of_development 1) show this instead of the store. */
export default function MaintenancePage({ onRetry }: { onRetry?: () => void }) {
  const language = useLanguage();
  const shop = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.shop);
  const name = shop ? localized(language, shop.name, shop.name_en) : null;
  return (
    <StatusPage
      icon={<StorefrontIcon fontSize="inherit" />}
      title={name ?? <Trans>Online store</Trans>}
      text={<Trans>The online store is temporarily closed.</Trans>}
      actions={
        onRetry ? (
          <Button variant="outlined" onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        ) : null
      }
    />
  );
}
