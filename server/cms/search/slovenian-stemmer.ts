/**
 * A light Slovenian stemmer: Snowball has none for Slovenian, so this is a small rule set of our own,
 * written for search recall, not for linguistics. It takes a folded word (lower case, no diacritics)
 * and removes at most one inflectional ending and then at most one adjective-forming suffix, so that
 * the forms a visitor types meet the forms the copy uses:
 *
 *   garaža, garaže, garažo, garažna, garažnih, garažnimi  -> garaz
 *   garancija, garancijo, garancije, garancijski          -> garancij
 *   senčilo, senčila, senčil, senčilom                    -> sencil
 *
 * Rules, in order:
 * 1. The longest ending of ENDINGS is removed when at least MIN_STEM letters remain (case endings of
 *    nouns and adjectives, and the infinitive). Endings that begin with a consonant the stem may own
 *    too (-jo, -la, -lo, -mo) are left out on purpose: `garancijo` must keep its j, `senčila` its l.
 * 2. Then an adjective-forming -n- or -sk- is removed when at least MIN_DERIVED_STEM letters remain
 *    (garažn-a -> garaž, garancijsk-i -> garancij).
 *
 * Known misses, accepted because a query's stem is also matched as a prefix of the copy's own words
 * (see query.ts): nouns whose nominative ends like an ending (`sistem` -> `sist`), fleeting vowels
 * (`okno`/`oken`), and verb forms beyond the infinitive.
 */

const ENDINGS = [
  'ega',
  'emu',
  'imi',
  'ima',
  'ami',
  'ama',
  'ema',
  'iti',
  'ati',
  'eti',
  'ih',
  'im',
  'em',
  'om',
  'ov',
  'ev',
  'ah',
  'am',
  'ti',
  'a',
  'e',
  'i',
  'o',
  'u',
] as const;
const DERIVATIONS = ['sk', 'n'] as const;

const MIN_STEM = 3;
const MIN_DERIVED_STEM = 4;

export function slovenianStem(word: string): string {
  const inflected = ENDINGS.find((ending) => word.endsWith(ending) && word.length - ending.length >= MIN_STEM);
  const stem = inflected ? word.slice(0, -inflected.length) : word;
  const derived = DERIVATIONS.find((suffix) => stem.endsWith(suffix) && stem.length - suffix.length >= MIN_DERIVED_STEM);
  return derived ? stem.slice(0, -derived.length) : stem;
}
