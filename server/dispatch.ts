import type { Code } from '@contract/api';
import { cartActions } from './actions/cart';
import { chatActions } from './actions/chat';
import type { Handler } from './actions/context';
import { contentActions } from './actions/content';
import { shopActions } from './actions/shop';
import { userActions } from './actions/user';

/** The only map from a request's `code` to its action; the type demands a handler for every contract endpoint. */
export const dispatch: { [C in Code]: Handler<C> } = {
  ...shopActions,
  ...userActions,
  ...cartActions,
  ...contentActions,
  ...chatActions,
};
