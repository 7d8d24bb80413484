/** Texts of the operator's routes (/metrics). */
export const operationsMessages = {
  metrics_token_required: {
    fa: 'برای خواندن سنجه‌ها توکن METRICS_TOKEN را در سرآیند Authorization بفرستید.',
    en: 'Send the METRICS_TOKEN as a Bearer token in the Authorization header to read the metrics.',
  },
} as const;
