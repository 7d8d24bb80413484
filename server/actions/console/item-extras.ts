import type { Language } from '@contract/enums';
import type { ConsoleItemExtras } from '@contract/console/item-extras-entities';
import { formatNumber } from '@contract/numbers';
import { CATALOG_NAME_MAX, CATALOG_PRICE_MAX } from '@contract/rules/catalog-edit';
import { ITEM_EXTRAS_MAX, ITEM_STEPS_MAX, OPTION_COUNT_MAX, optionDraftProblems, type OptionProblem } from '@contract/rules/item-extras';
import type { ItemOptionRow, StoredShopData } from '../../db/schema';
import { ApiError } from '../../errors';
import { translate } from '../../i18n/messages';
import type { Repositories } from '../../repositories';
import type { ConsoleHandlers, StaffContext } from './context';

/** The bound each problem's message names. */
const BOUNDS: Partial<Record<OptionProblem, number>> = {
  steps_too_many: ITEM_STEPS_MAX,
  step_name_required: CATALOG_NAME_MAX,
  step_count_range: OPTION_COUNT_MAX,
  extras_too_many: ITEM_EXTRAS_MAX,
  extra_name_required: CATALOG_NAME_MAX,
  extra_price_range: CATALOG_PRICE_MAX,
  extra_count_range: OPTION_COUNT_MAX,
};

const bound = (problem: OptionProblem, language: Language) => {
  const max = BOUNDS[problem];
  return max === undefined ? '' : formatNumber(max, language);
};

const itemNotFound = (language: Language) => new ApiError(404, 'not_found', translate(language, 'catalog_item_not_found'));

const answerOf = (itemId: number, steps: StoredShopData['item_steps'], rows: readonly ItemOptionRow[]): ConsoleItemExtras => ({
  item_id: itemId,
  steps: steps.map((step) => ({ id: step.id, name: step.name.fa, name_en: step.name.en, min_count: step.min_count, max_count: step.max_count })),
  extras: rows.map((row) => ({ id: row.id, step: row.step, name: row.name, name_en: row.nameEn, price: row.price, min_count: row.minCount, max_count: row.maxCount })),
});

const write = <T>(context: StaffContext, work: (tx: Repositories) => Promise<T>) => context.repos.writeShopData(context.events, work);

/** The owner's option steps and priced extras of an item (issue 32), checked by contract/rules/item-extras.ts. */
export const itemExtrasActions: ConsoleHandlers<'catalog_item_extras' | 'catalog_item_extras_save'> = {
  async catalog_item_extras({ repos, language }, input) {
    if (!(await repos.catalogEdit.lockItem(input.item_id))) throw itemNotFound(language);
    return answerOf(input.item_id, (await repos.shopSettings.read()).data.item_steps, await repos.itemExtras.extras(input.item_id));
  },

  async catalog_item_extras_save(context, input) {
    const { language, staff, clock } = context;
    const trim = <T extends { name: string; name_en: string }>(entry: T): T => ({ ...entry, name: entry.name.trim(), name_en: entry.name_en.trim() });
    const draft = { steps: input.steps.map(trim), extras: input.extras.map(trim) };
    const [first] = optionDraftProblems(draft);
    if (first) throw new ApiError(400, 'invalid_input', translate(language, first.problem, { max: bound(first.problem, language) }), undefined, { field: first.field });
    return write(context, async (tx) => {
      const item = await tx.catalogEdit.lockItem(input.item_id);
      if (!item) throw itemNotFound(language);
      const before = await tx.itemExtras.lockSteps();
      const steps = draft.steps.map((step) => ({ id: step.id, name: { fa: step.name, en: step.name_en }, min_count: step.min_count, max_count: step.max_count }));
      const rows = await tx.itemExtras.replace(
        item.id,
        draft.extras.map((extra) => ({ id: extra.id, step: extra.step, name: extra.name, nameEn: extra.name_en, price: extra.price, minCount: extra.min_count, maxCount: extra.max_count })),
      );
      // A removed step some extra (another item's; this item's are checked by the rule) still belongs to is refused, all rolled back.
      const removed = before.filter((step) => !steps.some((kept) => kept.id === step.id));
      const [inUse] = await tx.itemExtras.stepsInUse(removed.map((step) => step.id));
      if (inUse !== undefined) {
        const step = removed.find((entry) => entry.id === inUse);
        throw new ApiError(409, 'step_in_use', translate(language, 'step_in_use', { name: step ? step.name[language] : String(inUse) }), undefined, { field: 'steps' });
      }
      await tx.itemExtras.writeSteps(steps);
      await tx.staffAudit.record(staff, { action: 'item.extras', subjectType: 'item', subjectId: item.id, detail: { name: item.name, extras: rows.map((row) => ({ name: row.name, price: row.price })) } }, clock());
      return answerOf(item.id, steps, rows);
    });
  },
};
