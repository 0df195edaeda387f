import { describe, expect, it } from 'vitest';
import { fold, stem } from '../../server/cms/search/analyzer';
import { compoundSplitter } from '../../server/cms/search/compounds';
import { slovenianStem } from '../../server/cms/search/slovenian-stemmer';
import { parseSynonyms, synonymRules, synonymsIn } from '../../server/cms/search/synonyms';
import { typosForgiven } from '../../server/cms/search/query';

/** The search engine's analysis: what a word becomes, in the index and in a query. */

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

  it('folds every letter with a diacritic', () => {
    expect(fold('Žaluzije, Rollläden, đ, Straße')).toBe('zaluzije, rollladen, d, strasse');
  });
});

describe('typosForgiven', () => {
  it('forgives one edit from five letters and two from nine', () => {
    expect(['tnda', 'rolo'].map(typosForgiven)).toEqual([0, 0]);
    expect(['tenta', 'rolleta', 'shuter'].map(typosForgiven)).toEqual([1, 1, 1]);
    expect(['garancije', 'insektenschutz'].map(typosForgiven)).toEqual([2, 2]);
  });
});

describe('compoundSplitter', () => {
  const split = compoundSplitter(new Set(['insektenschutz', 'insekten', 'schutz', 'gitter', 'garage', 'tor', 'tore', 'roll', 'arbeit', 'kosten', 'mark']));

  it('cuts a compound into the fewest known words, across linking elements', () => {
    expect(split('insektenschutzgitter')).toEqual(['insektenschutz', 'gitter']);
    expect(split('garagentor')).toEqual(['garage', 'tor']);
    expect(split('arbeitskosten')).toEqual(['arbeit', 'kosten']);
    expect(split('garagenrolltore')).toEqual(['garage', 'roll', 'tore']);
  });

  it('leaves a word alone that is not made of known words, or is one', () => {
    expect(split('markise')).toBeNull();
    expect(split('insektenschutz')).toEqual(['insekten', 'schutz']);
    expect(split('gitter')).toBeNull();
    expect(split('torx')).toBeNull();
  });
});

describe('synonyms', () => {
  it('reads groups and one-way rules, and names every line that is neither', () => {
    const { groups, problems } = parseSynonyms('# comment\n\nFliegengitter, Insektenschutz\nPreis, was kostet => Angebot\nalone\na => b => c\nx, , y\n');
    expect(groups).toEqual([
      { from: [['fliegengitter'], ['insektenschutz']], to: null },
      { from: [['preis'], ['was', 'kostet']], to: [['angebot']] },
    ]);
    expect(problems).toEqual([
      'line 5 ("alone"): a group needs two or more words separated by commas',
      'line 6 ("a => b => c"): one "=>" at most',
      'line 7 ("x, , y"): an empty word between commas',
    ]);
  });

  it('adds a group to a text that says one of its phrases, in any form; a one-way rule only from right to left', () => {
    const rules = synonymRules('en', 'insect screen, mosquito net\nprice, cost => quote');
    const added = (text: string) =>
      synonymsIn(
        rules,
        text.split(' ').map((word) => stem('en', word)),
      );
    expect(added('fitted insect screens')).toEqual(['mosquito', 'net']);
    expect(added('a mosquito net')).toEqual(['insect', 'screen']);
    expect(added('your quote')).toEqual(['price', 'cost']);
    expect(added('the price')).toEqual([]);
  });
});
