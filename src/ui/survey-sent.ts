/** The history entry's mark that a survey was just sent: only then does /success-survey thank (the chart navigates with it). */
export const SURVEY_SENT = { surveySent: true } as const;
