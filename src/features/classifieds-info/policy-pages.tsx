import { Trans } from '@lingui/react/macro';
import Typography from '@mui/material/Typography';
import { AD_LIMITS, AD_POSITION_BLUR_METERS, ADS_PER_DAY, REPORTS_TO_HOLD } from '@contract/rules/ads';
import { useLanguage } from '@/ui/actor-system';
import { formatNumber } from '@/ui/format';
import { PageFrame } from '@/ui/page-frame';
import { useShopName } from '@/ui/use-shop-name';

/** /home-4/roles: the rules of publishing an ad, as the server enforces them (contract/rules/ads.ts, the ad lifecycle). */
export function ClassifiedsRulesPage() {
  const language = useLanguage();
  const name = useShopName();
  const perDay = formatNumber(ADS_PER_DAY, language);
  const pictures = formatNumber(AD_LIMITS.pictures.max, language);
  const reports = formatNumber(REPORTS_TO_HOLD, language);
  return (
    <PageFrame title={<Trans>Rules of publishing</Trans>} testId="classifieds-rules-page">
      <Typography>
        <Trans>By posting an ad on {name} you accept these rules.</Trans>
      </Typography>
      <Typography component="ul" sx={{ display: 'grid', gap: 1 }}>
        <li>
          <Trans>Every new ad, and every edit of an ad, is reviewed before it is published. A reviewer may reject it or ask for an edit; you see the reason under My ads.</Trans>
        </li>
        <li>
          <Trans>An approved ad stays published for a limited time, shown under My ads; then it expires and you can renew it.</Trans>
        </li>
        <li>
          <Trans>You can post or edit at most {perDay} ads a day, each with up to {pictures} pictures of the property itself.</Trans>
        </li>
        <li>
          <Trans>The same ad (the same title at the same place) cannot be posted twice.</Trans>
        </li>
        <li>
          <Trans>Visitors can report an ad with a reason; an ad reported by {reports} people is taken off the list until a reviewer looks at it.</Trans>
        </li>
        <li>
          <Trans>Once the property is sold or rented, mark the ad as such under My ads.</Trans>
        </li>
      </Typography>
    </PageFrame>
  );
}

/** /home-4/privacy: what the classifieds app shows of a publisher and keeps about a visitor. */
export function ClassifiedsPrivacyPage() {
  const language = useLanguage();
  const name = useShopName();
  const nearest = formatNumber(AD_POSITION_BLUR_METERS.min, language);
  const farthest = formatNumber(AD_POSITION_BLUR_METERS.max, language);
  return (
    <PageFrame title={<Trans>Privacy</Trans>} testId="classifieds-privacy-page">
      <Typography>
        <Trans>Your phone number is never shown on an ad: visitors reach you only through the chat of {name}.</Trans>
      </Typography>
      <Typography>
        <Trans>Others see your property's place moved by {nearest} to {farthest} meters, never the exact point; only you see the exact point.</Trans>
      </Typography>
      <Typography>
        <Trans>{name} keeps your phone number, your ads, bookmarks and chats only to run the classifieds; the reviewers see your phone to check an ad. Nothing is sold or shared with third parties.</Trans>
      </Typography>
    </PageFrame>
  );
}
