/** The FAQ's path per locale, under which each question has its own (faq.ts and faq-item.ts). */
export const FAQ_PATHS = {
  sl: '/pogosta-vprasanja',
  en: '/page/frequently-asked-questions-info-answers',
  de: '/seite/haeufig-gestellte-fragen-infos-antworten',
} as const;
