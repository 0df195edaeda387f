import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filterFaq } from '../../shared/search/faq-filter';
import { openDb, type Db } from '../../server/cms/db';
import { migrate } from '../../server/cms/migrations';
import { loadCmsStrings } from '../../server/cms/strings';
import { contentQueries, type ContentQueries } from '../../server/cms/queries';
import { seedContent } from '../../server/cms/seed';
import type { Locale } from '../../shared/locales';

/**
 * Does search find what a visitor means? Queries as people type them (another grammatical form, no
 * diacritics or umlauts, several words, the start of a word) against the shipped seed content in the
 * real SQLite index, each with the item a person would expect and how high it must rank in its
 * section. docs/decisions/0007-search.md describes the method.
 */

type Section = 'products' | 'categories' | 'articles' | 'pages';
/** [locale, query, section, key of the expected item, the rank it must reach (1 = first)] */
type Case = [Locale, string, Section, string, number];

const SITE_SEARCH: Case[] = [
  // Slovenian: no Snowball stemmer, the rule set of shared/search/slovenian-stemmer.ts
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

let dir: string;
let db: Db;
let content: ContentQueries;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'search-relevance-'));
  db = openDb(dir);
  migrate(db);
  seedContent(db, resolve(process.cwd(), 'content'));
  content = contentQueries(db, loadCmsStrings());
});
afterAll(() => {
  db?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The seed key of an entity (each section's table is named like the section). */
const keyOf = (table: string, id: number) =>
  db.prepare<[number], { key: string }>(`SELECT key FROM ${table} WHERE id = ?`).get(id)!.key;

/** The keys of a section's results, best first. */
function rankedKeys(locale: Locale, query: string, section: Section): string[] {
  const results = content.search(locale, query);
  if (section === 'pages') return results.pages.map((page) => page.key);
  return results[section].map((item) => keyOf(section, item.id));
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

  it('still needs every word: a word the site never uses finds nothing', () => {
    const queries = [['de', 'Rolllaeden Xyzzyq'], ['sl', 'garaža xyzzy'], ['en', 'xyzzy blinds']] as const;
    for (const [locale, query] of queries) {
      const results = content.search(locale, query);
      expect([...results.articles, ...results.products, ...results.categories, ...results.pages], query).toEqual([]);
    }
  });

  it('matches a short stem whole, not as the start of longer words', () => {
    // 'cena' (price) stems to 'cen'; as a prefix it would find 'centimetrov' and 'cenovno' ('cen' typed does).
    const keys = rankedKeys('sl', 'cena', 'products');
    expect(keys).toEqual([]);
  });
});

describe('FAQ search relevance', () => {
  it.each(FAQ_SEARCH)('%s "%s" keeps exactly %j', (locale, query, expected) => {
    const { faq } = filterFaq(locale, content.faq(locale), query);
    const kept = faq.categories.flatMap((category) => category.items.map((item) => keyOf('faq_items', item.id)));
    expect(kept.sort()).toEqual([...expected].sort());
  });
});
