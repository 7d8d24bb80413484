import { isCodeIn, type DataIn, type ParsedRequestIn, type RequestIn } from './endpoint-types';
import { accountEndpoints } from './endpoints/account';
import { adEndpoints } from './endpoints/ads';
import { catalogEndpoints } from './endpoints/catalog';
import { cartEndpoints } from './endpoints/cart';
import { chatEndpoints } from './endpoints/chat';
import { checkoutEndpoints } from './endpoints/checkout';
import { formEndpoints } from './endpoints/forms';
import { startupEndpoints } from './endpoints/startup';

/**
 * The implemented codes of POST /order/order.php: each names its request
 * payload schema (form fields besides `code`), the schema of the reply's
 * `data`, and whether it needs a logged-in user. One file per area under
 * endpoints/; this map is their union (the storefront loads them in two groups: endpoints/first-visit.ts, later.ts).
 */
export const endpoints = {
  ...startupEndpoints,
  ...cartEndpoints,
  ...checkoutEndpoints,
  ...catalogEndpoints,
  ...accountEndpoints,
  ...formEndpoints,
  ...chatEndpoints,
  ...adEndpoints,
} as const;

export type Endpoints = typeof endpoints;
export type Code = keyof Endpoints;
export type RequestOf<C extends Code> = RequestIn<Endpoints, C>;
export type ParsedRequestOf<C extends Code> = ParsedRequestIn<Endpoints, C>;
export type DataOf<C extends Code> = DataIn<Endpoints, C>;

export const isCode = isCodeIn(endpoints);
