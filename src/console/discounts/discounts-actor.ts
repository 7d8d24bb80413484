import { useScreenFlow } from '@/ui/actor-system';
import { counterFlows } from '../live';
import { useShopCurrency } from '../counter/counter-format';

/** The discount codes' chart, started with the screen in the shop's currency (amounts are typed in it). */
export function useDiscountCodesActor() {
  const currency = useShopCurrency();
  return useScreenFlow(counterFlows.discountCodes(), { currency }, `discounts:${currency}`);
}

export type DiscountCodesActor = NonNullable<ReturnType<typeof useDiscountCodesActor>>;
