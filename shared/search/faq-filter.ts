import type { Faq } from '../api/contract';
import type { Locale } from '../locales';
import { keepFaqItems, type FilteredFaq } from './faq-items';
import { matchesAll } from './match';
import { queryTerms } from './query';

/**
 * The FAQ with only the questions that match every word of the query, by the site search's rules
 * (another form of a word, without diacritics, the start of a word); empty categories dropped. It
 * carries the three languages' stemmers: the browser loads it when the visitor starts typing, and the
 * server filters the page an address asks for (`?q=`), so the first load needs none of it.
 */
export function filterFaq(locale: Locale, faq: Faq, query: string): FilteredFaq {
  const terms = queryTerms(locale, query);
  if (terms.length === 0) return { faq, count: faq.categories.reduce((n, c) => n + c.items.length, 0) };
  const ids = faq.categories.flatMap((category) => category.items.filter((item) => matchesAll(locale, terms, item.question)).map((item) => item.id));
  return keepFaqItems(faq, ids);
}
