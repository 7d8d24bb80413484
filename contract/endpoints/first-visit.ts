import { cartEndpoints } from './cart';
import { catalogEndpoints } from './catalog';
import { chatEndpoints } from './chat';
import { startupEndpoints } from './startup';

/**
 * The codes a visitor of any shop calls on the first page (start-up, catalog, the cart, the chat's long poll): their
 * schemas are in the storefront's entry. The rest (later.ts) load with their first call.
 */
export const firstVisitEndpoints = {
  ...startupEndpoints,
  ...cartEndpoints,
  ...catalogEndpoints,
  ...chatEndpoints,
} as const;
