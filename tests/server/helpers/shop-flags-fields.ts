import type { ShopSettings } from '@contract/console/shop-settings';
import { SHOP_FLAGS, SHOP_TEXTS } from '@contract/rules/shop-flags';

/** shop_flags_update's fields as the owner's settings hold them, with `change` over them (the form sends every field). */
export const flagsFields = (settings: ShopSettings, change: Record<string, string> = {}): Record<string, string> => ({
  ...Object.fromEntries(SHOP_FLAGS.map((flag) => [flag, String(settings.flags[flag])])),
  ...Object.fromEntries(SHOP_TEXTS.flatMap((name) => [[`${name}_fa`, settings.texts[name].fa], [`${name}_en`, settings.texts[name].en]])),
  ...change,
});
