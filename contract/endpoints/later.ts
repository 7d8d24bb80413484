import { accountEndpoints } from './account';
import { adEndpoints } from './ads';
import { checkoutEndpoints } from './checkout';
import { formEndpoints } from './forms';

/**
 * The codes of a later step (login and the account, checkout) or of one kind of shop or page (the classifieds' ads,
 * the questionnaire's forms): a chunk of their own, fetched with the first of them.
 */
export const laterEndpoints = {
  ...accountEndpoints,
  ...checkoutEndpoints,
  ...formEndpoints,
  ...adEndpoints,
} as const;
