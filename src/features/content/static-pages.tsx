import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import Typography from '@mui/material/Typography';
import { useLanguage, useSystemActor } from '@/ui/actor-system';
import { localDigits, localized } from '@/ui/format';
import { PageFrame } from '@/ui/page-frame';
import { useShopName } from '@/ui/use-shop-name';

/** /about-us: the shop's own description, address and phone. */
export function AboutPage() {
  const language = useLanguage();
  const shop = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.shop);
  const name = useShopName();
  if (!shop) return null;
  return (
    <PageFrame title={<Trans>About {name}</Trans>} testId="about-page">
      <Typography>{localized(language, shop.description, shop.description_en)}</Typography>
      {shop.address ? (
        <Typography>
          <Trans>Address: {shop.address}</Trans>
        </Typography>
      ) : null}
      {shop.phone ? (
        <Typography dir="ltr" sx={{ textAlign: 'start' }}>
          <a href={`tel:${shop.phone}`}>{localDigits(shop.phone, language)}</a>
        </Typography>
      ) : null}
    </PageFrame>
  );
}

/** The owner's own text of a page (shop.rules_text, privacy_text: issue 32), a paragraph a line; null when they wrote none. */
function OwnerText({ text }: { text: string | undefined }) {
  const language = useLanguage();
  if (!text) return null;
  // The server stores digits Western (text() folds them); fa shows them Persian, as every other text.
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, at) => <Typography key={at}>{localDigits(line, language)}</Typography>);
}

/** The shop's text of a content page in the reply's language (get_shop answers it in the SPA's language). */
function useOwnerText(page: 'rules_text' | 'privacy_text'): string | undefined {
  return useSelector(useSystemActor('app'), (snapshot) => snapshot.context.shop?.[page]);
}

/** /rules: the terms of ordering, the owner's when they wrote them. */
export function RulesPage() {
  const name = useShopName();
  const own = useOwnerText('rules_text');
  if (own) {
    return (
      <PageFrame title={<Trans>Terms and rules</Trans>} testId="rules-page">
        <OwnerText text={own} />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={<Trans>Terms and rules</Trans>} testId="rules-page">
      <Typography>
        <Trans>By ordering from {name} you accept these terms.</Trans>
      </Typography>
      <Typography component="ul">
        <li>
          <Trans>Prices are final when the order is confirmed by the shop; items sold by weight are settled after weighing.</Trans>
        </li>
        <li>
          <Trans>An order can be cancelled until the shop confirms it.</Trans>
        </li>
        <li>
          <Trans>Delivery times are estimates and depend on your address and the time of day.</Trans>
        </li>
      </Typography>
    </PageFrame>
  );
}

/** /privacy: what the shop keeps about a customer, the owner's words when they wrote them. */
export function PrivacyPage() {
  const name = useShopName();
  const own = useOwnerText('privacy_text');
  if (own) {
    return (
      <PageFrame title={<Trans>Privacy</Trans>} testId="privacy-page">
        <OwnerText text={own} />
      </PageFrame>
    );
  }
  return (
    <PageFrame title={<Trans>Privacy</Trans>} testId="privacy-page">
      <Typography>
        <Trans>{name} keeps your phone number, name, addresses and orders only to deliver your orders and support you.</Trans>
      </Typography>
      <Typography>
        <Trans>Your data is never sold or shared with third parties except the courier delivering your order.</Trans>
      </Typography>
    </PageFrame>
  );
}
