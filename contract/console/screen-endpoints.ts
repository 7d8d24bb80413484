import { adModerationEndpoints } from './endpoints/ads';
import { catalogEndpoints } from './endpoints/catalog';
import { catalogPictureEndpoints } from './endpoints/catalog-pictures';
import { galleryEndpoints } from './endpoints/gallery';
import { magazineEndpoints } from './endpoints/magazine';
import { discountEndpoints } from './endpoints/discounts';
import { itemDetailsEndpoints } from './endpoints/item-details';
import { itemExtrasEndpoints } from './endpoints/item-extras';
import { shopSettingsEndpoints } from './endpoints/shop-settings';
import { contentEndpoints } from './endpoints/content';
import { teamEndpoints } from './endpoints/team';
import { customerMessageEndpoints } from './endpoints/customer-messages';

/**
 * The codes only a screen of their own calls (the owner's team, audit and settings; the ads' moderation): the
 * console loads their schemas in one chunk with the first such screen, so each new screen leaves its entry as it is
 * (the first screen's JS budget, `npm run bench:bundle`). A new screen's endpoints file is added here.
 */
export const screenEndpoints = {
  ...teamEndpoints,
  ...adModerationEndpoints,
  ...discountEndpoints,
  ...catalogEndpoints,
  ...itemExtrasEndpoints,
  ...itemDetailsEndpoints,
  ...shopSettingsEndpoints,
  ...contentEndpoints,
  ...catalogPictureEndpoints,
  ...galleryEndpoints,
  ...magazineEndpoints,
  ...customerMessageEndpoints,
} as const;
