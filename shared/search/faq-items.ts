import type { Faq } from '../api/contract';

/** The longest filter read from the address or the field (as the site search). */
export const MAX_FAQ_QUERY = 200;

export interface FilteredFaq {
  faq: Faq;
  count: number;
}

/** The FAQ with only the given questions, empty categories dropped. */
export function keepFaqItems(faq: Faq, ids: readonly number[]): FilteredFaq {
  const kept = new Set(ids);
  const categories = faq.categories
    .map((category) => ({ ...category, items: category.items.filter((item) => kept.has(item.id)) }))
    .filter((category) => category.items.length > 0);
  return { faq: { categories }, count: categories.reduce((n, c) => n + c.items.length, 0) };
}
