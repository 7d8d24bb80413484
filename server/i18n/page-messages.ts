/** Texts of the page the server writes itself (index.html's splash, before any script runs). */
export const pageMessages = {
  splash_loading: { fa: 'در حال بارگذاری…', en: 'Loading…' },
  splash_progress: { fa: 'پیشرفت بارگذاری', en: 'Loading progress' },
  /** the title of the category page of every product (the app's category-page.tsx says the same) */
  all_products: { fa: 'همه محصولات', en: 'All products' },
  /** a product page's breadcrumb, its first link, and the unit line under the price (the app's item-view.tsx says the same) */
  breadcrumb: { fa: 'مسیر صفحه', en: 'Breadcrumb' },
  breadcrumb_home: { fa: 'خانه', en: 'Home' },
  item_unit: { fa: 'واحد: {per}', en: 'Unit: {per}' },
  /** the cart page's texts (the app's cart-page.tsx and cart-line-row.tsx say the same) */
  cart_title: { fa: 'سبد خرید', en: 'Cart' },
  cart_extras: { fa: 'افزودنی‌ها:', en: 'Extras:' },
  cart_items_total: { fa: 'جمع کالاها', en: 'Items total' },
  cart_online_discount: { fa: 'تخفیف سفارش آنلاین', en: 'Online ordering discount' },
  cart_computed_later: { fa: 'هزینه ارسال، تخفیف‌ها و مبلغ قابل پرداخت در مراحل بعد محاسبه می‌شوند.', en: 'Shipping, discounts and the amount to pay are computed at checkout.' },
  cart_note: { fa: 'توضیحات سفارش', en: 'Order note' },
  cart_save_note: { fa: 'ذخیره توضیحات', en: 'Save note' },
  cart_continue: { fa: 'ادامه فرایند خرید', en: 'Continue to checkout' },
  cart_empty: { fa: 'سبد خالی است', en: 'The basket is empty' },
  cart_back_to_shop: { fa: 'بازگشت به فروشگاه', en: 'Back to the shop' },
} as const;
