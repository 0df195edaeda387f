import { describe, expect, it } from 'vitest';
import { fold, stem, stemsOf } from '../../shared/search/analyzer';
import { matchesAll } from '../../shared/search/match';
import { MAX_WORDS, queryTerms } from '../../shared/search/query';
import { slovenianStem } from '../../shared/search/slovenian-stemmer';

/** The shared search analyzer: what a word becomes, in the index and in a query. */

describe('slovenianStem', () => {
  it.each([
    [['garaza', 'garaze', 'garazo', 'garazna', 'garaznih', 'garaznimi'], 'garaz'],
    [['garancija', 'garancijo', 'garancije', 'garancijski', 'garancijskega'], 'garancij'],
    [['sencilo', 'sencila', 'sencil', 'sencilom'], 'sencil'],
    [['zaluzija', 'zaluzije', 'zaluzij', 'zaluzijami'], 'zaluzij'],
    [['komarnik', 'komarnika', 'komarnikov', 'komarnikom'], 'komarnik'],
  ])('%j -> %s', (words, expected) => {
    for (const word of words) expect(slovenianStem(word), word).toBe(expected);
  });

  it('keeps at least three letters, and four before an adjective suffix', () => {
    expect(slovenianStem('okna')).toBe('okn');
    expect(slovenianStem('oknu')).toBe('okn');
    expect(slovenianStem('ura')).toBe('ura');
    expect(slovenianStem('sena')).toBe('sen');
  });
});

describe('stem', () => {
  it('folds diacritics and stems per language', () => {
    expect(stem('sl', 'čiščenje')).toBe(stem('sl', 'ciscenje'));
    expect(stem('en', 'blinds')).toBe(stem('en', 'blind'));
    expect(stem('en', 'cleaning')).toBe('clean');
    expect(stem('de', 'markisen')).toBe(stem('de', 'markise'));
  });

  it('meets the old German spelling with three equal letters and ß with ss', () => {
    expect(stem('de', 'rollläden')).toBe(stem('de', 'rolladen'));
    expect(stem('de', 'rollladen')).toBe(stem('de', 'rolladen'));
    expect(stem('de', 'straße')).toBe(stem('de', 'strasse'));
  });

  it('leaves numbers and codes as they are', () => {
    expect(stem('sl', '2026')).toBe('2026');
    expect(stem('en', 'a4')).toBe('a4');
  });

  it('stemsOf reads a text word by word', () => {
    expect(stemsOf('sl', 'Rolo garažna vrata')).toBe('rol garaz vrat');
    expect(fold('Žaluzije, Rollläden, đ, Straße')).toBe('zaluzije, rollladen, d, strasse');
  });
});

describe('queryTerms', () => {
  it('gives each word its folded spelling as a prefix and its stem', () => {
    expect(queryTerms('sl', 'Garažnih')).toEqual([
      { prefixes: ['garaznih'], stems: [{ stem: 'garaz', prefix: true }] },
    ]);
  });

  it('matches a short stem whole unless the word was left as typed', () => {
    expect(queryTerms('sl', 'cena')[0]!.stems).toEqual([{ stem: 'cen', prefix: false }]);
    expect(queryTerms('sl', 'rol')[0]!.stems).toEqual([{ stem: 'rol', prefix: true }]);
  });

  it('tries German umlauts typed as ae, oe, ue', () => {
    const [term] = queryTerms('de', 'Rolllaeden');
    expect(term!.prefixes).toEqual(['rolllaeden', 'rollladen']);
    expect(term!.stems.map((s) => s.stem)).toContain(stem('de', 'rollläden'));
  });

  it('drops stop words unless nothing else is left', () => {
    expect(queryTerms('en', 'how to clean blinds').map((t) => t.prefixes[0])).toEqual(['clean', 'blinds']);
    expect(queryTerms('de', 'wie ist das').map((t) => t.prefixes[0])).toEqual(['wie', 'ist', 'das']);
  });

  it('reads any input as letters and digits only, at most MAX_WORDS words', () => {
    const terms = queryTerms('en', '"rolete" OR NEAR(x*) -a ^b {title}: ' + 'w '.repeat(20));
    expect(terms.length).toBeLessThanOrEqual(MAX_WORDS);
    for (const term of terms) {
      for (const text of [...term.prefixes, ...term.stems.map((s) => s.stem)]) expect(text).toMatch(/^[\p{L}\p{N}]+$/u);
    }
    expect(queryTerms('sl', '  " * ( ) ')).toEqual([]);
  });
});

describe('matchesAll', () => {
  it('needs every term, by the start of a word or by its stem', () => {
    const question = 'Kako uveljavljam garancijo?';
    expect(matchesAll('sl', queryTerms('sl', 'garancija'), question)).toBe(true);
    expect(matchesAll('sl', queryTerms('sl', 'uveljav garancije'), question)).toBe(true);
    expect(matchesAll('sl', queryTerms('sl', 'garancija montaža'), question)).toBe(false);
  });
});
