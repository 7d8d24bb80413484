import type { Code } from '@contract/api';
import { accountActions } from './actions/account';
import { adActions } from './actions/ads';
import { addressActions } from './actions/addresses';
import { branchActions } from './actions/branches';
import { cartActions } from './actions/cart';
import { checkoutActions } from './actions/checkout';
import { orderActions } from './actions/orders';
import { catalogActions } from './actions/catalog';
import { chatActions } from './actions/chat';
import type { Handler } from './actions/context';
import { contentActions } from './actions/content';
import { contentPageActions } from './actions/content-pages';
import { formActions } from './actions/forms';
import { shopActions } from './actions/shop';
import { userActions } from './actions/user';

/** The only map from a request's `code` to its action; the type demands a handler for every contract endpoint. */
export const dispatch: { [C in Code]: Handler<C> } = {
  ...shopActions,
  ...branchActions,
  ...userActions,
  ...accountActions,
  ...cartActions,
  ...addressActions,
  ...checkoutActions,
  ...orderActions,
  ...contentActions,
  ...chatActions,
  ...catalogActions,
  ...contentPageActions,
  ...formActions,
  ...adActions,
};
