/*
 * The owner's switches and texts of the shop (issue 32): who may shop (force_login, access_request), the English
 * menu, the agreement page and its text, the state of development, the menu-only shop, the other-city text and
 * the page's meta. The console's chart and the server check the same rule.
 */

export const SHOP_FLAGS = ['force_login', 'access_request', 'digital_menu_en', 'agreement_page', 'state_of_development', 'use_as_menu'] as const;
export type ShopFlag = (typeof SHOP_FLAGS)[number];

export const SHOP_TEXTS = ['agreement_text', 'other_city_detail', 'meta_description', 'meta_keywords'] as const;
export type ShopText = (typeof SHOP_TEXTS)[number];
/** A text's field in one language: 'agreement_text_fa'. */
export type ShopTextField = `${ShopText}_${'fa' | 'en'}`;

/** Longest text of each kind (each language). */
export const SHOP_TEXT_MAX: Record<ShopText, number> = { agreement_text: 5000, other_city_detail: 500, meta_description: 300, meta_keywords: 300 };

export type ShopFlagsInput = Record<ShopFlag, number> & Record<ShopTextField, string>;
export type ShopFlagsProblem = 'required' | 'too_long';
export type ShopFlagsProblems = Partial<Record<ShopTextField, ShopFlagsProblem>>;

/** Every text within its length; the agreement page switched on has its text in both languages. */
export function shopFlagsProblems(input: ShopFlagsInput): ShopFlagsProblems {
  const problems: ShopFlagsProblems = {};
  for (const text of SHOP_TEXTS) {
    for (const language of ['fa', 'en'] as const) {
      const field: ShopTextField = `${text}_${language}`;
      const value = input[field].trim();
      if (text === 'agreement_text' && input.agreement_page === 1 && value === '') problems[field] = 'required';
      else if (value.length > SHOP_TEXT_MAX[text]) problems[field] = 'too_long';
    }
  }
  return problems;
}

/** A menu-only shop's (data.use_as_menu 1) refusal of a code that fills a cart or places an order: 409 with this result. */
export const MENU_ONLY_RESULT = 'menu_only';

/** What a menu-only shop refuses: filling a cart, its comment, the checkout and placing or repeating an order. Reads stay. */
const MENU_ONLY_REFUSED: ReadonlySet<string> = new Set(['cart_controller', 'save_comment', 'order_controler', 'repeat_order', 'final_order']);

/** Whether `code` is refused at a shop whose `use_as_menu` is as given. */
export const refusedAtMenuOnly = (code: string, useAsMenu: number): boolean => useAsMenu === 1 && MENU_ONLY_REFUSED.has(code);
