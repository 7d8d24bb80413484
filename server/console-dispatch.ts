import type { ConsoleCode } from '@contract/console/api';
import type { ConsoleHandler } from './actions/console/context';
import { inboxActions } from './actions/console/inbox';
import { orderConsoleActions } from './actions/console/orders';
import { staffActions } from './actions/console/staff';

/** The only map from a console request's `code` to its action; the type demands a handler for every console endpoint. */
export const consoleDispatch: { [C in ConsoleCode]: ConsoleHandler<C> } = {
  ...staffActions,
  ...inboxActions,
  ...orderConsoleActions,
};
