import type { Language } from '@contract/enums';
import { normalizeText } from '@contract/fields';
import { optionsOutOfBounds, stepsOutOfBounds } from '@contract/rules/option-steps';
import type { ItemOptionRow as OptionRow, ItemRow, StoredShopData } from '../../db/schema';
import { ApiError } from '../../errors';
import { translate, type MessageValues } from '../../i18n/messages';

export interface LineChoice {
  feature_name?: string;
  size_name?: string;
  color_name?: string;
  /** [{ id, count }] */
  newoptions?: { id: number; count: number }[];
  /** [{ name, count }] priced extras by name; any price sent is ignored */
  comment?: { name: string; count: number }[];
}

export interface ResolvedLine {
  price: number;
  feature: string | null;
  color: string | null;
  size: { name: string; price: number } | null;
  comment: { name: string; price: number; count: number }[];
  itemData: Record<string, unknown>;
}

const bad = (language: Language, key: Parameters<typeof translate>[1], values: MessageValues = {}) =>
  new ApiError(400, 'invalid_input', translate(language, key, values));

/**
 * Whether a stored name is the one the client sent. The request's fields were folded by
 * text() (Persian digits to Western), so the stored name is folded the same way: '۳۰ سانتی‌متر'
 * is sent back by the item page and arrives as '30 سانتی‌متر'.
 */
const sameName = (stored: string, wanted: string) => normalizeText(stored) === normalizeText(wanted);

const named = <T extends { name: string; name_en: string }>(list: readonly T[], wanted: string | undefined) =>
  wanted === undefined || wanted === '' ? undefined : list.find((entry) => sameName(entry.name, wanted) || sameName(entry.name_en, wanted));

/**
 * Turns what the item page sent into a priced line: the variant names must be
 * the item's own, every option id the item's own, each count within the
 * option's min/max and each step's total within the shop's item_steps bounds.
 * Prices come from the database only.
 */
export function resolveLine(item: ItemRow, options: readonly OptionRow[], steps: StoredShopData['item_steps'], choice: LineChoice, language: Language): ResolvedLine {
  const { features, colors, sizes } = item.data;
  const feature = named(features, choice.feature_name);
  const color = named(colors, choice.color_name);
  const size = named(sizes, choice.size_name);
  for (const [list, wanted, found] of [
    [features, choice.feature_name, feature],
    [colors, choice.color_name, color],
    [sizes, choice.size_name, size],
  ] as const) {
    if (wanted && !found) throw bad(language, 'variant_unknown', { name: wanted });
    if (list.length > 0 && !found) throw bad(language, 'choose_variant');
  }

  // Unnamed options keep their default count; named ones take the count sent.
  const counts = new Map(options.map((option) => [option.id, option.count]));
  const byName = (name: string) => options.find((option) => sameName(option.name, name) || sameName(option.nameEn, name));
  if (choice.newoptions) {
    for (const { id, count } of choice.newoptions) {
      if (!counts.has(id)) throw bad(language, 'option_unknown', { name: String(id) });
      counts.set(id, count);
    }
  } else if (choice.comment) {
    for (const { name, count } of choice.comment) {
      const option = byName(name);
      if (!option) throw bad(language, 'option_unknown', { name });
      counts.set(option.id, count);
    }
  }
  // The bounds the item page keeps (contract/rules/option-steps.ts), on the counts this line would have.
  const chosen = {
    options: options.map((row) => ({ id: row.id, step: row.step, min_count: row.minCount, max_count: row.maxCount, row })),
    steps,
    counts: Object.fromEntries(counts),
  };
  const [outside] = optionsOutOfBounds(chosen);
  if (outside) throw bad(language, 'option_count', { name: language === 'en' ? outside.row.nameEn : outside.row.name, min: outside.min_count, max: outside.max_count });
  const [breach] = stepsOutOfBounds(chosen);
  if (breach?.bound === 'min') throw bad(language, 'step_min', { count: breach.step.min_count });
  if (breach?.bound === 'max') throw bad(language, 'step_max', { count: breach.step.max_count });
  const comment = options
    .filter((option) => (counts.get(option.id) ?? 0) > 0)
    .map((option) => ({ name: language === 'en' ? option.nameEn : option.name, price: option.price, count: counts.get(option.id) ?? 0 }));

  return {
    price: size ? size.price : item.price,
    feature: feature ? (language === 'en' ? feature.name_en : feature.name) : null,
    color: color ? (language === 'en' ? color.name_en : color.name) : null,
    size: size ? { name: language === 'en' ? size.name_en : size.name, price: size.price } : null,
    comment,
    itemData: {
      unit: item.unit,
      ...(item.data.unit_step && item.data.unit_step > 1 ? { unit_step: item.data.unit_step } : {}),
      options: options.filter((option) => (counts.get(option.id) ?? 0) > 0).map((option) => ({ id: option.id, step: option.step, count: counts.get(option.id) })),
    },
  };
}

/**
 * Two lines are the same product choice (then an add raises the count instead of adding a line).
 * Size and extras are compared field by field: a stored line comes back from jsonb, whose
 * objects do not keep the key order they were written with.
 */
export function sameChoice(a: Pick<ResolvedLine, 'feature' | 'color' | 'size' | 'comment'>, b: Pick<ResolvedLine, 'feature' | 'color' | 'size' | 'comment'>): boolean {
  const sizeKey = (line: typeof a) => (line.size ? [line.size.name, line.size.price] : null);
  const extrasKey = (line: typeof a) => line.comment.map((extra) => [extra.name, extra.price, extra.count]);
  return (
    a.feature === b.feature &&
    a.color === b.color &&
    JSON.stringify(sizeKey(a)) === JSON.stringify(sizeKey(b)) &&
    JSON.stringify(extrasKey(a)) === JSON.stringify(extrasKey(b))
  );
}
