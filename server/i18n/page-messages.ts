/** Texts of the page the server writes itself (index.html's splash, before any script runs). */
export const pageMessages = {
  splash_loading: { fa: 'در حال بارگذاری…', en: 'Loading…' },
  splash_progress: { fa: 'پیشرفت بارگذاری', en: 'Loading progress' },
} as const;
