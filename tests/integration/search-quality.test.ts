import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/locales';
import { SEARCH_QUALITY, type QualityCase } from '../support/search-quality-table';
import { seededDatabase, type SeededDatabase } from '../support/seeded-content';

/**
 * The search quality table (tests/support/search-quality-table.ts): queries as customers type them,
 * against the shipped content in the real engine. At least 90 % of them, in every language, must find
 * the expected item among the first three of its section; the misses are printed.
 */

const TARGET = 0.9;
const TOP = 3;

let seeded: SeededDatabase;
beforeAll(() => (seeded = seededDatabase()));
afterAll(() => seeded?.close());

/** The keys of a section's results, best first. */
function rankedKeys([locale, query, section]: QualityCase): string[] {
  if (section === 'faqFilter') return seeded.content.faqSearch(locale, query).ids.map((id) => seeded.keyOf('faq_items', id));
  const results = seeded.content.search(locale, query);
  if (section === 'pages') return results.pages.map((page) => page.key);
  if (section === 'faq') return results.faq.map((item) => seeded.keyOf('faq_items', item.id));
  return results[section].map((item) => seeded.keyOf(section, item.id));
}

describe('search quality table', () => {
  it('has at least 90 queries, 30 per language', () => {
    expect(SEARCH_QUALITY.length).toBeGreaterThanOrEqual(90);
    for (const locale of LOCALES) expect(SEARCH_QUALITY.filter((c) => c[0] === locale).length).toBeGreaterThanOrEqual(30);
  });

  it.each(LOCALES)('%s: at least 90 % find the expected item among the first three of its section', (locale) => {
    const cases = SEARCH_QUALITY.filter((c) => c[0] === locale);
    const misses = cases.flatMap((c) => {
      const keys = rankedKeys(c);
      return keys.slice(0, TOP).includes(c[3]) ? [] : [`${c[1]} -> ${c[2]} ${c[3]}: ${keys.slice(0, 5).join(', ') || 'nothing'}`];
    });
    const found = (cases.length - misses.length) / cases.length;
    console.log(
      `${locale}: ${cases.length - misses.length} of ${cases.length} found (${(found * 100).toFixed(0)} %)${misses.map((m) => `\n  missed: ${m}`).join('')}`,
    );
    expect(found, misses.join('\n')).toBeGreaterThanOrEqual(TARGET);
  });
});
