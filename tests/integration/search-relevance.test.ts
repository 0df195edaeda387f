import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../shared/locales';
import { seededDatabase, type SeededDatabase } from '../support/seeded-content';

/**
 * Does search find what a visitor means? Queries as people type them (another grammatical form, no
 * diacritics or umlauts, several words, the start of a word) against the shipped seed content in the
 * real SQLite index, each with the item a person would expect and how high it must rank in its
 * section. docs/decisions/0007-search.md and 0037-search-engine.md describe the method; the larger
 * table of how customers type is tests/integration/search-quality.test.ts.
 */

type Section = 'products' | 'categories' | 'articles' | 'pages';
/** [locale, query, section, key of the expected item, the rank it must reach (1 = first)] */
type Case = [Locale, string, Section, string, number];

const SITE_SEARCH: Case[] = [
  // Slovenian: no Snowball stemmer, the rule set of server/cms/search/slovenian-stemmer.ts
  ['sl', 'garaža', 'categories', 'rolo-garazna-vrata', 1],
  ['sl', 'garaža', 'products', 'rolo-garazna-vrata-za-hise', 1],
  ['sl', 'garažna', 'articles', 'roller-garage-doors', 1],
  ['sl', 'garažnih', 'products', 'rolo-garazna-vrata-za-hise', 1],
  ['sl', 'garaza', 'categories', 'rolo-garazna-vrata', 1],
  ['sl', 'garancija', 'pages', 'terms', 1],
  ['sl', 'garancije', 'pages', 'terms', 1],
  ['sl', 'garancijo', 'pages', 'terms', 2],
  ['sl', 'ciscenje', 'articles', 'roller-shutter-care', 1],
  ['sl', 'čiščenje', 'articles', 'roller-shutter-care', 1],
  ['sl', 'senčilo', 'categories', 'notranja-sencila', 1],
  ['sl', 'senčila', 'products', 'plise-sencila', 1],
  ['sl', 'zaluzije', 'categories', 'zunanje-zaluzije', 1],
  ['sl', 'žaluzijo', 'products', 'klasicne-zunanje-zaluzije', 3],
  ['sl', 'pergolo', 'categories', 'pergola', 1],
  ['sl', 'rol', 'categories', 'rolete', 3],
  ['sl', 'rolo vrata', 'products', 'rolo-vrata-za-poslovne-prostore', 1],
  ['sl', 'roleta z komarnikom', 'products', 'roleta-combo', 1],
  ['sl', 'kako očistiti rolete', 'articles', 'roller-shutter-care', 1],
  ['sl', 'tenda pozimi', 'articles', 'awning-winter-care', 1],
  ['sl', 'dovoljenje za pergolo', 'articles', 'pergola-permits', 1],

  // English: the Porter stemmer
  ['en', 'blind', 'categories', 'zunanje-zaluzije', 3],
  ['en', 'blinds', 'products', 'notranje-zaluzije', 3],
  ['en', 'cleaning', 'articles', 'roller-shutter-care', 1],
  ['en', 'clean', 'articles', 'roller-shutter-care', 1],
  ['en', 'garage door', 'categories', 'rolo-garazna-vrata', 1],
  ['en', 'garage doors', 'products', 'rolo-garazna-vrata-za-hise', 1],
  ['en', 'warranties', 'pages', 'terms', 1],
  ['en', 'awnings', 'categories', 'tende', 1],
  ['en', 'awning', 'articles', 'awning-winter-care', 1],
  ['en', 'insect screen door', 'products', 'komarniki-za-vrata', 1],
  ['en', 'how to measure windows', 'articles', 'measuring-windows', 1],
  ['en', 'motorized', 'articles', 'smart-home-motors', 3],
  ['en', 'pergola permit', 'articles', 'pergola-permits', 1],
  ['en', 'shut', 'categories', 'rolete', 1],

  // German: Snowball's German stemmer, umlauts typed as ae/oe/ue, the old spelling of Rollladen
  ['de', 'Markise', 'categories', 'tende', 1],
  ['de', 'Markisen', 'products', 'kasetne-tende', 3],
  ['de', 'rolladen', 'categories', 'rolete', 1],
  ['de', 'rolllaeden', 'categories', 'rolete', 1],
  ['de', 'Rollladen', 'articles', 'shutters-winter-heat-loss', 3],
  ['de', 'Garage', 'products', 'rolo-garazna-vrata-za-hise', 1],
  ['de', 'Reinigung', 'articles', 'roller-shutter-care', 1],
  ['de', 'reinigen', 'articles', 'roller-shutter-care', 1],
  ['de', 'Pflege', 'articles', 'roller-shutter-care', 1],
  ['de', 'Markise Winter', 'articles', 'awning-winter-care', 1],
  ['de', 'Rollladen Winter', 'articles', 'shutters-winter-heat-loss', 1],
  ['de', 'Garantien', 'pages', 'terms', 1],
  ['de', 'ueberhitzung', 'articles', 'summer-overheating', 1],
  ['de', 'Raffstores', 'categories', 'zunanje-zaluzije', 1],
  ['de', 'wie reinige ich Rollläden', 'articles', 'roller-shutter-care', 1],
  ['de', 'Pergola Genehmigung', 'articles', 'pergola-permits', 1],
];

/** [locale, query, the keys of exactly the questions the FAQ filter keeps] */
type FaqCase = [Locale, string, string[]];

const WARRANTY = ['warranty-period', 'not-covered', 'warranty-claim'];
const INSTALLATION = ['lead-time', 'without-installation', 'installation-duration', 'prepare-for-installation'];

const FAQ_SEARCH: FaqCase[] = [
  ['sl', 'garancija', WARRANTY],
  ['sl', 'garancijo', WARRANTY],
  ['sl', 'garancij', WARRANTY],
  ['sl', 'cesa garancija', ['not-covered']],
  ['sl', 'montazo', INSTALLATION],
  ['sl', 'Montaz', INSTALLATION],
  ['sl', 'ZALUZIJ', ['shutter-or-blind', 'add-motor-later', 'blinds-and-wind', 'cleaning']],
  ['sl', 'rolete cistiti', ['cleaning']],
  ['sl', 'dovoljenje za pergolo', ['pergola-permit']],
  ['en', 'warranties', WARRANTY],
  ['en', 'clean shutters', ['cleaning']],
  ['en', 'installing', [...INSTALLATION, 'austria', 'other-installers']],
  ['de', 'Garantien', WARRANTY],
  ['de', 'wie reinige ich Rollläden', ['cleaning']],
  ['de', 'Balkontuer', ['balcony-door-screen']],
  ['de', 'rolladen', ['shutter-or-blind', 'add-motor-later', 'cleaning', 'frozen-shutter']],
  ['de', 'xyzzy', []],
];

let seeded: SeededDatabase;
beforeAll(() => (seeded = seededDatabase()));
afterAll(() => seeded?.close());

/** The keys of a section's results, best first. */
function rankedKeys(locale: Locale, query: string, section: Section): string[] {
  const results = seeded.content.search(locale, query);
  if (section === 'pages') return results.pages.map((page) => page.key);
  return results[section].map((item) => seeded.keyOf(section, item.id));
}

describe('site search relevance', () => {
  it('has a table of at least 30 queries across the three languages', () => {
    expect(SITE_SEARCH.length + FAQ_SEARCH.length).toBeGreaterThanOrEqual(30);
    for (const locale of ['sl', 'en', 'de']) {
      expect(SITE_SEARCH.filter((c) => c[0] === locale).length).toBeGreaterThanOrEqual(10);
    }
  });

  it.each(SITE_SEARCH)('%s "%s" finds %s %s in the first %i', (locale, query, section, key, top) => {
    const keys = rankedKeys(locale, query, section);
    const rank = keys.indexOf(key) + 1;
    expect(rank, `${section}: ${keys.join(', ')}`).toBeGreaterThan(0);
    expect(rank, `${section}: ${keys.join(', ')}`).toBeLessThanOrEqual(top);
  });

  it('does not need every word: a word the site never uses leaves what the others find', () => {
    const queries = [
      ['de', 'Rolllaeden Xyzzyq', 'Rolllaeden'],
      ['sl', 'garaža xyzzy', 'garaža'],
      ['en', 'xyzzy blinds', 'blinds'],
    ] as const;
    for (const [locale, query, known] of queries) {
      for (const section of ['products', 'categories', 'articles', 'pages'] as const) {
        expect(rankedKeys(locale, query, section), `${query}: ${section}`).toEqual(rankedKeys(locale, known, section));
      }
    }
  });

  it('matches a short stem whole, not as the start of longer words', () => {
    // 'cena' (price) stems to 'cen'; as a prefix it would find 'centimetrov' and 'cenovno' ('cen' typed does).
    const keys = rankedKeys('sl', 'cena', 'products');
    expect(keys).toEqual([]);
    expect(rankedKeys('sl', 'cen', 'products').length).toBeGreaterThan(0);
  });
});

describe('FAQ search relevance', () => {
  it.each(FAQ_SEARCH)('%s "%s" keeps exactly %j', (locale, query, expected) => {
    const kept = seeded.content.faqSearch(locale, query).ids.map((id) => seeded.keyOf('faq_items', id));
    expect(kept.sort()).toEqual([...expected].sort());
  });
});
