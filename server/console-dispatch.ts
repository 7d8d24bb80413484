import type { ConsoleCode } from '@contract/console/api';
import type { ConsoleHandler } from './actions/console/context';
import { adConsoleActions } from './actions/console/ads';
import { contentConsoleActions } from './actions/console/content';
import { inboxActions } from './actions/console/inbox';
import { orderConsoleActions } from './actions/console/orders';
import { staffActions } from './actions/console/staff';
import { accessActions } from './actions/console/access';
import { teamActions } from './actions/console/team';
import { walletConsoleActions } from './actions/console/wallets';

/** The only map from a console request's `code` to its action; the type demands a handler for every console endpoint. */
export const consoleDispatch: { [C in ConsoleCode]: ConsoleHandler<C> } = {
  ...staffActions,
  ...inboxActions,
  ...orderConsoleActions,
  ...accessActions,
  ...walletConsoleActions,
  ...teamActions,
  ...adConsoleActions,
  ...contentConsoleActions,
};
