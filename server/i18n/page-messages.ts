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
} as const;
