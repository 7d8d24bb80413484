import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { formatMoney } from '@contract/money';
import { useLanguage, useSystemActor } from '@/ui/actor-system';
import { localDigits, localized } from '@/ui/format';
import { PageFrame } from '@/ui/page-frame';

/** /information: the shop's hours, contact details and delivery methods. */
export default function InformationPage() {
  const language = useLanguage();
  const shop = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.shop);
  if (!shop) return null;
  const digits = (text: string) => localDigits(text, language);
  const opens = shop.shift_data.opens_at ? digits(shop.shift_data.opens_at) : null;
  const closes = shop.shift_data.closes_at ? digits(shop.shift_data.closes_at) : null;
  return (
    <PageFrame title={<Trans>Shop information</Trans>} testId="information-page">
      <List>
        <ListItem>
          <ListItemText primary={<Trans>Name</Trans>} secondary={localized(language, shop.name, shop.name_en)} />
        </ListItem>
        {opens && closes ? (
          <ListItem>
            <ListItemText primary={<Trans>Opening hours</Trans>} secondary={<Trans>From {opens} to {closes}</Trans>} />
          </ListItem>
        ) : null}
        {shop.address ? (
          <ListItem>
            <ListItemText primary={<Trans>Address</Trans>} secondary={shop.address} />
          </ListItem>
        ) : null}
        {shop.phone ? (
          <ListItem>
            <ListItemText primary={<Trans>Phone</Trans>} secondary={digits(shop.phone)} />
          </ListItem>
        ) : null}
        {shop.delivery_methods
          .filter((method) => method.status === 1)
          .map((method) => (
            <ListItem key={method.value}>
              <ListItemText primary={method.text} secondary={method.price > 0 ? `${method.description} · ${formatMoney(method.price, shop.currency, language)}` : method.description} />
            </ListItem>
          ))}
      </List>
    </PageFrame>
  );
}
