import type { ShopSettings } from '@contract/console/shop-settings';
import type { Language } from '@contract/enums';
import { shopHoursProblems, storedHours, type ShopHoursField, type ShopHoursProblem } from '@contract/rules/shop-hours';
import type { ShopRow } from '../../db/schema';
import { ApiError } from '../../errors';
import { translate } from '../../i18n/messages';
import type { ConsoleHandlers } from './context';

const toShopSettings = (row: ShopRow): ShopSettings => ({
  hours: { open: row.shiftOpen, opens_at: row.opensAt, closes_at: row.closesAt, closed_until: row.closedUntil ? row.closedUntil.toISOString() : null },
});

/** The first refused field of a rule's problems as a 400 in the owner's language (the field named in `data`), else nothing. */
function refuseProblems<F extends ShopHoursField>(language: Language, problems: Partial<Record<F, ShopHoursProblem>>): void {
  const first = (Object.keys(problems) as F[])[0];
  if (first === undefined) return;
  const field = translate(language, `setting_field_${first}`);
  throw new ApiError(400, 'invalid_input', translate(language, `setting_${problems[first] as ShopHoursProblem}`, { field }), undefined, { field: first });
}

/** The owner's shop settings (`owner: true`, checked by the route). Every write goes through writeShopData (repos.writeShop). */
export const shopSettingsActions: ConsoleHandlers<'shop_settings' | 'shop_hours_update'> = {
  async shop_settings({ repos }) {
    return toShopSettings(await repos.shopSettings.read());
  },

  async shop_hours_update(context, input) {
    const { repos, events, staff, clock, shop, language } = context;
    const typed = { open: input.open === 1, opens_at: input.opens_at, closes_at: input.closes_at, closed_until: input.closed_until };
    // The console's chart checks the same rule before sending; a refusal writes nothing.
    refuseProblems(language, shopHoursProblems(typed, clock()));
    const hours = storedHours(typed);
    return repos.writeShop(events, async (tx) => {
      const before = await tx.shopSettings.read();
      const after = await tx.shopSettings.write({
        shiftOpen: hours.open,
        opensAt: hours.opens_at,
        closesAt: hours.closes_at,
        closedUntil: hours.closed_until === null ? null : new Date(hours.closed_until),
      });
      await tx.staffAudit.record(staff, { action: 'settings.update', subjectType: 'shop', subjectId: shop.id, detail: { hours: { from: toShopSettings(before).hours, to: hours } } }, clock());
      return toShopSettings(after);
    });
  },
};
