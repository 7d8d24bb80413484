import { Trans } from '@lingui/react/macro';
import Typography from '@mui/material/Typography';
import { useSelector } from '@xstate/react';
import type { AdCard } from '@contract/entities/ad';
import { formatMoney } from '@contract/money';
import { useLanguage, useSystemActor } from '@/ui/actor-system';

/** A sale's (or a budget's) total price, or a rent's deposit and monthly rent, in the shop's currency. */
export function AdPrice({ ad }: { ad: Pick<AdCard, 'request' | 'total_price' | 'deposit' | 'monthly_rent'> }) {
  const language = useLanguage();
  const currency = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.shop?.currency ?? 'IRT');
  const money = (rial: number) => formatMoney(rial, currency, language);
  if (ad.request === 'rent') {
    const deposit = ad.deposit === null ? null : money(ad.deposit);
    const rent = ad.monthly_rent === null ? null : money(ad.monthly_rent);
    return (
      <>
        {deposit === null ? null : (
          <Typography variant="body2" data-testid="ad-deposit">
            <Trans>Deposit: {deposit}</Trans>
          </Typography>
        )}
        {rent === null ? null : (
          <Typography variant="body2" data-testid="ad-rent">
            <Trans>Monthly rent: {rent}</Trans>
          </Typography>
        )}
      </>
    );
  }
  if (ad.total_price === null) return null;
  const price = money(ad.total_price);
  return (
    <Typography variant="body2" fontWeight={700} data-testid="ad-price">
      {price}
    </Typography>
  );
}
