import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, type ItemOptions } from '@contract/entities/catalog';
import type { Language } from '@contract/enums';
import { startingCount } from '@contract/rules/option-steps';
import { priceRangeProblem } from '@contract/rules/price-range';
import type { ShopRow } from '../db/schema';
import { ApiError } from '../errors';
import { translate, type MessageValues } from '../i18n/messages';
import type { Repositories } from '../repositories';
import { type Handlers } from './context';
import { toBreadcrumb, toItem, toListFolder } from './catalog-mappers';
import { countVisit } from '../services/visits';
import { forgetUser } from './user';

/** Home sections and best-seller lists show this many. */
const SHOWCASE_SIZE = 10;
/** pagination 0 still stops here, so one call cannot pull a whole large shop. */
const UNPAGED_LIMIT = 500;

const badInput = (language: Language, key: Parameters<typeof translate>[1], values?: MessageValues) =>
  new ApiError(400, 'invalid_input', translate(language, key, values));

function checkPrices(language: Language, fromPrice?: number, toPrice?: number) {
  const problem = priceRangeProblem(fromPrice, toPrice);
  if (problem) throw badInput(language, problem);
}

async function optionsOf(repos: Repositories, shop: ShopRow, itemId: number, language: Language): Promise<ItemOptions> {
  const rows = await repos.catalog.options(itemId);
  const stepIds = new Set(rows.map((row) => row.step));
  const steps = shop.data.item_steps
    .filter((step) => stepIds.has(step.id))
    .map((step) => ({ id: step.id, name: step.name.fa, name_en: step.name.en, min_count: step.min_count, max_count: step.max_count }));
  // An option whose step the shop does not define still gets a step, unbounded in total, so it is shown.
  for (const id of stepIds) {
    if (!steps.some((step) => step.id === id)) {
      const fallback = language === 'en' ? `Options ${id}` : `گزینه‌های ${id}`;
      steps.push({ id, name: fallback, name_en: `Options ${id}`, min_count: 0, max_count: Number.MAX_SAFE_INTEGER });
    }
  }
  return {
    steps,
    options: rows.map((row) => ({
      id: row.id,
      step: row.step,
      name: row.name,
      name_en: row.nameEn,
      price: row.price,
      count: startingCount({ count: row.count, min_count: row.minCount, max_count: row.maxCount }),
      min_count: row.minCount,
      max_count: row.maxCount,
    })),
  };
}

/** The options of a product of the request's shop (also for /modules/item_options/item_options.php). */
export async function productOptions(repos: Repositories, shop: ShopRow, itemId: number, language: Language): Promise<ItemOptions> {
  if (!(await repos.catalog.product(itemId))) throw new ApiError(404, 'not_found', translate(language, 'product_not_found'));
  return optionsOf(repos, shop, itemId, language);
}

export const catalogActions: Handlers<
  | 'get_list_item'
  | 'get_item'
  | 'get_items'
  | 'get_tree_item'
  | 'get_breadcrumb'
  | 'get_options'
  | 'add_visit_item'
  | 'get_best_sell_items'
  | 'get_new_items'
  | 'get_sells_list'
  | 'get_favorites'
  | 'toggle_favorite'
> = {
  async get_list_item({ repos, shop, language }, input) {
    const offset = input.offset ?? 0;
    const unpaged = input.pagination === 0;
    const limit = input.limit ?? DEFAULT_PAGE_LIMIT;
    if (offset < 0) throw badInput(language, 'offset_negative');
    if (!unpaged && (limit < 1 || limit > MAX_PAGE_LIMIT)) throw badInput(language, 'limit_out_of_range', { max: MAX_PAGE_LIMIT });
    checkPrices(language, input.from_price, input.to_price);
    if (input.shop_pass !== undefined && input.shop_pass !== shop.pass) throw new ApiError(403, 'wrong_pass', translate(language, 'wrong_pass'));

    const scope = input.cat_id ?? input.id ?? 0;
    if (scope !== 0 && !(await repos.catalog.folder(scope))) throw new ApiError(404, 'not_found', translate(language, 'folder_not_found'));
    const searching = (input.name ?? '') !== '';
    const recursive = input.cat_id !== undefined || input.get_children_anyway === 1 || searching;
    const pageLimit = unpaged ? UNPAGED_LIMIT : limit;
    const { rows, total } = await repos.catalog.list(
      { folderId: scope, recursive, name: input.name, fromPrice: input.from_price, toPrice: input.to_price },
      input.sort,
      { offset, limit: pageLimit },
    );
    const showFolders = input.always_show === 1 || (offset === 0 && !searching);
    const folders = showFolders ? (await repos.catalog.subfolders(scope)).map(toListFolder) : [];
    const next = offset + rows.length;
    return { folders, items: rows.map(toItem), num_results: total, offset, limit: pageLimit, next_offset: !unpaged && next < total ? next : null };
  },

  async get_item({ repos, shop, user, language }, { id }) {
    const row = await repos.catalog.product(id);
    if (!row) throw new ApiError(404, 'not_found', translate(language, 'product_not_found'));
    const [options, path] = await Promise.all([optionsOf(repos, shop, id, language), repos.catalog.breadcrumb(id)]);
    return { item: toItem(row), options, breadcrumb: path.map(toBreadcrumb), favorite: user?.favorites.includes(id) ?? false, menu_only: shop.data.use_as_menu === 1 };
  },

  async get_items({ repos, language }, input) {
    checkPrices(language, input.from_price, input.to_price);
    const { rows } = await repos.catalog.list(
      { folderId: 0, recursive: true, name: input.name, fromPrice: input.from_price, toPrice: input.to_price },
      'default',
      { offset: 0, limit: MAX_PAGE_LIMIT },
    );
    return rows.map(toItem);
  },

  async get_tree_item({ repos, language }, { id }) {
    const root = id ?? 0;
    if (root !== 0 && !(await repos.catalog.folder(root))) throw new ApiError(404, 'not_found', translate(language, 'folder_not_found'));
    const rows = await repos.catalog.tree(root);
    return rows.map((row) => ({ item_id: row.id, folder_id: row.folderId, name: row.name, name_en: row.nameEn, depth: row.depth, item_count: row.itemCount }));
  },

  async get_breadcrumb({ repos, language }, { id }) {
    const path = await repos.catalog.breadcrumb(id);
    if (path.length === 0) throw new ApiError(404, 'not_found', translate(language, 'product_not_found'));
    return path.map(toBreadcrumb);
  },

  async get_options({ repos, shop, language }, { item_id }) {
    return productOptions(repos, shop, item_id, language);
  },

  async add_visit_item(context, { id }) {
    if (!(await context.repos.catalog.product(id))) throw new ApiError(404, 'not_found', translate(context.language, 'product_not_found'));
    return { item_id: id, visits: await countVisit(context, id) };
  },

  async get_best_sell_items({ repos }) {
    return (await repos.catalog.bestSellers(SHOWCASE_SIZE)).map(toItem);
  },

  async get_new_items({ repos }) {
    return (await repos.catalog.newest(SHOWCASE_SIZE)).map(toItem);
  },

  async get_sells_list({ repos, language }, { parent_id }) {
    const root = parent_id ?? 0;
    if (root !== 0 && !(await repos.catalog.folder(root))) throw new ApiError(404, 'not_found', translate(language, 'folder_not_found'));
    return (await repos.catalog.sellsList(root, MAX_PAGE_LIMIT)).map((row) => ({ ...toItem(row), sold: row.sold }));
  },

  async get_favorites({ repos, user, language }, { page }) {
    if (page < 1) throw badInput(language, 'page_out_of_range');
    // Favorites are shared by a brand's branches; each shop lists the ones it sells, newest mark first.
    const rows = await repos.catalog.productsByIds([...user.favorites].reverse());
    const pages = Math.max(1, Math.ceil(rows.length / DEFAULT_PAGE_LIMIT));
    const start = (page - 1) * DEFAULT_PAGE_LIMIT;
    return { items: rows.slice(start, start + DEFAULT_PAGE_LIMIT).map(toItem), num_results: rows.length, page, pages };
  },

  async toggle_favorite(context, { item_id }) {
    const { repos, user, language } = context;
    if (!(await repos.catalog.product(item_id))) throw new ApiError(404, 'not_found', translate(language, 'product_not_found'));
    const favorites = await repos.catalog.toggleFavorite(user.id, item_id);
    forgetUser(context, user.id);
    return { item_id, favorite: favorites.includes(item_id), favorites };
  },
};
