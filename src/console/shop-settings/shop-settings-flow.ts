import { fromPromise } from 'xstate';
import type { ShopAreaUpdate, ShopDeliveryUpdate, ShopFlagsUpdate, ShopHoursUpdate } from '@machines/console/shop-settings-machine';
import { consoleCall } from '../api';

let loaded: Promise<typeof import('@machines/console/shop-settings-machine')['shopSettingsMachine']> | null = null;

/** The shop settings' chart with its effects (shop_settings, shop_hours_update, shop_delivery_update, shop_flags_update, shop_area_update), loaded once with the screen's chunk. */
export function shopSettingsFlow() {
  return (loaded ??= import('@machines/console/shop-settings-machine').then(({ shopSettingsMachine }) =>
    shopSettingsMachine.provide({
      actors: {
        'load settings': fromPromise(() => consoleCall('shop_settings', {})),
        'save hours': fromPromise(({ input }: { input: ShopHoursUpdate }) => consoleCall('shop_hours_update', input)),
        'save delivery': fromPromise(({ input }: { input: ShopDeliveryUpdate }) => consoleCall('shop_delivery_update', input)),
        'save flags': fromPromise(({ input }: { input: ShopFlagsUpdate }) => consoleCall('shop_flags_update', input)),
        'save areas': fromPromise(({ input }: { input: ShopAreaUpdate }) => consoleCall('shop_area_update', input)),
      },
    }),
  ));
}
