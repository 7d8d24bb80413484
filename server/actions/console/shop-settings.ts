import type { ShopArea, ShopSettings } from '@contract/console/shop-settings';
import type { Language } from '@contract/enums';
import { shopDeliveryProblems, storedMethods } from '@contract/rules/shop-delivery';
import { SHOP_TEXTS, shopFlagsProblems, type ShopFlag } from '@contract/rules/shop-flags';
import { shopHoursProblems, storedHours } from '@contract/rules/shop-hours';
import { shopAreaProblems } from '@contract/rules/shop-area';
import { formatNumber } from '@contract/numbers';
import type { ShopRow } from '../../db/schema';
import type { Repositories } from '../../repositories';
import { ApiError } from '../../errors';
import { translate } from '../../i18n/messages';
import type { ConsoleHandlers } from './context';

const toArea = (row: ShopRow): ShopArea => ({ id: row.id, name: row.name, name_en: row.nameEn, lat: row.lat, lng: row.lng, radius_service: row.radiusService });

const toShopSettings = (row: ShopRow, minOrder: number, areaRows: readonly ShopRow[] = []): ShopSettings => ({
  hours: { open: row.shiftOpen, opens_at: row.opensAt, closes_at: row.closesAt, closed_until: row.closedUntil ? row.closedUntil.toISOString() : null },
  delivery_methods: row.deliveryMethods,
  min_order: minOrder,
  flags: flagsOf(row),
  texts: Object.fromEntries(SHOP_TEXTS.map((name) => [name, { fa: row.texts.fa[name], en: row.texts.en[name] }])),
  areas: areaRows.map(toArea),
});

const bit = (on: boolean | number): 0 | 1 => (on === true || on === 1 ? 1 : 0);
const flagsOf = (row: ShopRow): Record<ShopFlag, 0 | 1> => ({
  force_login: bit(row.forceLogin),
  access_request: bit(row.accessRequest),
  digital_menu_en: bit(row.digitalMenuEn),
  agreement_page: bit(row.agreementPage),
  state_of_development: bit(row.stateOfDevelopment),
  use_as_menu: bit(row.data.use_as_menu),
});

type SettingField =
  | `${(typeof SHOP_TEXTS)[number]}_${'fa' | 'en'}`
  | 'opens_at' | 'closes_at' | 'closed_until' | 'methods' | 'min_order' | 'text_fa' | 'text_en' | 'description_fa' | 'description_en' | 'price'
  | 'areas' | 'lat' | 'lng' | 'radius_service';
type SettingProblem = 'required' | 'invalid_time' | 'same_time' | 'in_the_past' | 'too_long' | 'not_whole' | 'out_of_range' | 'none_on' | 'not_unique' | 'not_number' | 'outside_map' | 'branch_twice';

/**
 * The first refused field of a rule's problems as a 400 in the owner's language (the field named in `data`), else nothing.
 * A field of a list's entry ('2.text_fa', '7.lat') is named with its entry: `entryName` words it (a method's number by default).
 */
function refuseProblems(language: Language, problems: Partial<Record<string, SettingProblem>>, entryName?: (entry: string, field: string) => string): void {
  const first = Object.keys(problems)[0];
  if (first === undefined) return;
  const [entry, name] = first.includes('.') ? first.split('.') : [null, first];
  const named = translate(language, `setting_field_${name as SettingField}`);
  const field =
    entry === null ? named : entryName ? entryName(entry, named) : translate(language, 'setting_field_of_method', { field: named, method: formatNumber(Number(entry), language) });
  throw new ApiError(400, 'invalid_input', translate(language, `setting_${problems[first] as SettingProblem}`, { field }), undefined, { field: first });
}

const settingsOf = async (repos: Repositories): Promise<ShopSettings> =>
  toShopSettings(await repos.shopSettings.read(), await repos.shopSettings.minOrder(), await repos.shopSettings.areaRows());

/** The owner's shop settings (`owner: true`, checked by the route). Every write goes through writeShopData (repos.writeShop). */
export const shopSettingsActions: ConsoleHandlers<'shop_settings' | 'shop_hours_update' | 'shop_delivery_update' | 'shop_flags_update' | 'shop_area_update'> = {
  async shop_settings({ repos }) {
    return settingsOf(repos);
  },

  async shop_hours_update(context, input) {
    const { repos, events, staff, clock, shop, language } = context;
    const typed = { open: input.open === 1, opens_at: input.opens_at, closes_at: input.closes_at, closed_until: input.closed_until };
    // The console's chart checks the same rule before sending; a refusal writes nothing.
    refuseProblems(language, shopHoursProblems(typed, clock()));
    const hours = storedHours(typed);
    return repos.writeShopData(events, async (tx) => {
      const before = await tx.shopSettings.read();
      await tx.shopSettings.write({
        shiftOpen: hours.open,
        opensAt: hours.opens_at,
        closesAt: hours.closes_at,
        closedUntil: hours.closed_until === null ? null : new Date(hours.closed_until),
      });
      await tx.staffAudit.record(staff, { action: 'settings.update', subjectType: 'shop', subjectId: shop.id, detail: { hours: { from: toShopSettings(before, 0).hours, to: hours } } }, clock());
      return settingsOf(tx);
    });
  },

  async shop_delivery_update(context, input) {
    const { repos, events, staff, clock, shop, language } = context;
    refuseProblems(language, shopDeliveryProblems(input));
    const methods = storedMethods(input.methods);
    return repos.writeShopData(events, async (tx) => {
      const before = toShopSettings(await tx.shopSettings.read(), await tx.shopSettings.minOrder());
      await tx.shopSettings.write({ deliveryMethods: methods });
      await tx.shopSettings.writeMinOrder(input.min_order);
      const detail = { delivery_methods: { from: before.delivery_methods, to: methods }, min_order: { from: before.min_order, to: input.min_order } };
      await tx.staffAudit.record(staff, { action: 'settings.update', subjectType: 'shop', subjectId: shop.id, detail }, clock());
      return settingsOf(tx);
    });
  },

  async shop_flags_update(context, input) {
    const { repos, events, staff, clock, shop, language } = context;
    refuseProblems(language, shopFlagsProblems(input));
    return repos.writeShopData(events, async (tx) => {
      const row = await tx.shopSettings.read();
      const texts = {
        fa: { ...row.texts.fa, ...Object.fromEntries(SHOP_TEXTS.map((name) => [name, input[`${name}_fa`].trim()])) },
        en: { ...row.texts.en, ...Object.fromEntries(SHOP_TEXTS.map((name) => [name, input[`${name}_en`].trim()])) },
      };
      await tx.shopSettings.write({
        forceLogin: input.force_login,
        accessRequest: input.access_request,
        digitalMenuEn: input.digital_menu_en,
        agreementPage: input.agreement_page,
        stateOfDevelopment: input.state_of_development,
        data: { ...row.data, use_as_menu: input.use_as_menu === 1 ? 1 : 0 },
        texts,
      });
      await tx.staffAudit.record(staff, { action: 'settings.update', subjectType: 'shop', subjectId: shop.id, detail: { flags: { from: flagsOf(row), to: flagsOf(await tx.shopSettings.read()) } } }, clock());
      return settingsOf(tx);
    });
  },

  async shop_area_update(context, input) {
    const { repos, events, staff, clock, shop, language } = context;
    const rows = await repos.shopSettings.areaRows();
    const byId = new Map(rows.map((row) => [row.id, row]));
    // Another shop's id (or a branch of another master) is not the owner's to set: 404, nothing written.
    if (input.areas.some((area) => !byId.has(area.id))) throw new ApiError(404, 'not_found', translate(language, 'setting_branch_not_found'));
    refuseProblems(language, shopAreaProblems(input.areas), (id, field) =>
      translate(language, 'setting_field_of_branch', { field, branch: language === 'en' ? (byId.get(Number(id))?.nameEn ?? id) : (byId.get(Number(id))?.name ?? id) }),
    );
    const branchIds = input.areas.map((area) => area.id).filter((id) => id !== shop.id);
    return repos.writeShopData(
      events,
      async (tx) => {
        for (const area of input.areas) await tx.shopSettings.writeArea(area.id, { lat: area.lat, lng: area.lng, radiusService: area.radius_service });
        const detail = { areas: { from: input.areas.map((area) => toArea(byId.get(area.id) as ShopRow)), to: input.areas } };
        await tx.staffAudit.record(staff, { action: 'settings.update', subjectType: 'shop', subjectId: shop.id, detail }, clock());
        return settingsOf(tx);
      },
      branchIds,
    );
  },
};
