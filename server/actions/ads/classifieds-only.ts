import type { Code } from '@contract/api';
import type { Language } from '@contract/enums';
import type { ShopRow } from '../../db/schema';
import { ApiError } from '../../errors';
import { translate } from '../../i18n/messages';
import type { Handlers } from '../context';

/** Ads live at a classifieds shop (interface 4) only; elsewhere every ad code is 404 `not_classifieds`. */
export function assertClassifieds(shop: ShopRow, language: Language): void {
  if (shop.interfaceId !== 4) throw new ApiError(404, 'not_classifieds', translate(language, 'not_classifieds'));
}

/** The handlers, each refusing at a shop that is not a classifieds one before it reads anything. */
export function classifiedsOnly<K extends Code>(handlers: Handlers<K>): Handlers<K> {
  const guarded = {} as Record<string, unknown>;
  for (const [code, handler] of Object.entries(handlers) as [string, (context: { shop: ShopRow; language: Language }, input: unknown) => Promise<unknown>][]) {
    guarded[code] = (context: { shop: ShopRow; language: Language }, input: unknown) => {
      assertClassifieds(context.shop, context.language);
      return handler(context, input);
    };
  }
  return guarded as Handlers<K>;
}
