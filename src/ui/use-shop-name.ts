import { useSelector } from '@xstate/react';
import { useLanguage, useSystemActor } from './actor-system';
import { localized } from './format';

/** The shop's name in the visitor's language ('' before the shop is read): the content pages name the shop in their texts. */
export function useShopName(): string {
  const language = useLanguage();
  const shop = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.shop);
  return shop ? localized(language, shop.name, shop.name_en) : '';
}
