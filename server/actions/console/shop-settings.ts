import type { ShopSettings } from '@contract/console/shop-settings';
import type { Language } from '@contract/enums';
import { shopDeliveryProblems, storedMethods } from '@contract/rules/shop-delivery';
import { SHOP_TEXTS, shopFlagsProblems, type ShopFlag } from '@contract/rules/shop-flags';
import { shopHoursProblems, storedHours } from '@contract/rules/shop-hours';
import { formatNumber } from '@contract/numbers';
import type { ShopRow } from '../../db/schema';
import type { Repositories } from '../../repositories';
import { ApiError } from '../../errors';
import { translate } from '../../i18n/messages';
import type { ConsoleHandlers } from './context';

const toShopSettings = (row: ShopRow, minOrder: number): ShopSettings => ({
  hours: { open: row.shiftOpen, opens_at: row.opensAt, closes_at: row.closesAt, closed_until: row.closedUntil ? row.closedUntil.toISOString() : null },
  delivery_methods: row.deliveryMethods,
  min_order: minOrder,
  flags: flagsOf(row),
  texts: Object.fromEntries(SHOP_TEXTS.map((name) => [name, { fa: row.texts.fa[name], en: row.texts.en[name] }])),
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

type SettingField = `${(typeof SHOP_TEXTS)[number]}_${'fa' | 'en'}` | 'opens_at' | 'closes_at' | 'closed_until' | 'methods' | 'min_order' | 'text_fa' | 'text_en' | 'description_fa' | 'description_en' | 'price';
type SettingProblem = 'required' | 'invalid_time' | 'same_time' | 'in_the_past' | 'too_long' | 'not_whole' | 'out_of_range' | 'none_on' | 'not_unique';

/** The first refused field of a rule's problems as a 400 in the owner's language (the field named in `data`), else nothing. */
function refuseProblems(language: Language, problems: Partial<Record<string, SettingProblem>>): void {
  const first = Object.keys(problems)[0];
  if (first === undefined) return;
  // A method's field ('2.text_fa') is named with its method's number.
  const [method, name] = first.includes('.') ? first.split('.') : [null, first];
  const named = translate(language, `setting_field_${name as SettingField}`);
  const field = method === null ? named : translate(language, 'setting_field_of_method', { field: named, method: formatNumber(Number(method), language) });
  throw new ApiError(400, 'invalid_input', translate(language, `setting_${problems[first] as SettingProblem}`, { field }), undefined, { field: first });
}

const settingsOf = async (repos: Repositories): Promise<ShopSettings> => toShopSettings(await repos.shopSettings.read(), await repos.shopSettings.minOrder());

/** The owner's shop settings (`owner: true`, checked by the route). Every write goes through writeShopData (repos.writeShop). */
export const shopSettingsActions: ConsoleHandlers<'shop_settings' | 'shop_hours_update' | 'shop_delivery_update' | 'shop_flags_update'> = {
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
};
