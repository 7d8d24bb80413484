import type { ConsoleCode } from '@contract/console/api';
import type { ConsoleHandler } from './actions/console/context';
import { adConsoleActions } from './actions/console/ads';
import { catalogActions } from './actions/console/catalog';
import { itemDetailsActions } from './actions/console/item-details';
import { itemExtrasActions } from './actions/console/item-extras';
import { catalogPictureActions } from './actions/console/catalog-pictures';
import { galleryConsoleActions } from './actions/console/gallery';
import { magazineConsoleActions } from './actions/console/magazine';
import { contentConsoleActions } from './actions/console/content';
import { inboxActions } from './actions/console/inbox';
import { orderConsoleActions } from './actions/console/orders';
import { consultantConsoleActions } from './actions/console/consultants';
import { staffActions } from './actions/console/staff';
import { accessActions } from './actions/console/access';
import { discountActions } from './actions/console/discounts';
import { teamActions } from './actions/console/team';
import { shopSettingsActions } from './actions/console/shop-settings';
import { walletConsoleActions } from './actions/console/wallets';
import { customerMessageActions } from './actions/console/customer-messages';

/** The only map from a console request's `code` to its action; the type demands a handler for every console endpoint. */
export const consoleDispatch: { [C in ConsoleCode]: ConsoleHandler<C> } = {
  ...staffActions,
  ...inboxActions,
  ...orderConsoleActions,
  ...consultantConsoleActions,
  ...accessActions,
  ...walletConsoleActions,
  ...teamActions,
  ...adConsoleActions,
  ...discountActions,
  ...catalogActions,
  ...itemExtrasActions,
  ...itemDetailsActions,
  ...shopSettingsActions,
  ...contentConsoleActions,
  ...catalogPictureActions,
  ...galleryConsoleActions,
  ...magazineConsoleActions,
  ...customerMessageActions,
};
