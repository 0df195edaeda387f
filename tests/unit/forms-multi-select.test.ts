import { describe, expect, it } from 'vitest';
import {
  addTag,
  canAddTag,
  filterOptions,
  labelOf,
  matchingOption,
  OPTION_LIMIT,
  toggleValue,
  withOwnEntries,
  type SelectOption,
} from '../../client/features/forms/multi-select-logic';

const FABRICS: SelectOption[] = [
  { value: 'prosojna', label: 'Prosojna', hint: 'Prepušča svetlobo' },
  { value: 'polprosojna', label: 'Polprosojna' },
  { value: 'zatemnilna', label: 'Zatemnilna' },
  { value: 'other', label: 'Drugo ali svetovanje' },
];

describe('multi-select search', () => {
  it('finds options by a case-insensitive substring of their title', () => {
    expect(filterOptions(FABRICS, 'PROSOJ').map((o) => o.value)).toEqual(['prosojna', 'polprosojna']);
    expect(filterOptions(FABRICS, 'temn').map((o) => o.value)).toEqual(['zatemnilna']);
    expect(filterOptions(FABRICS, 'svetov').map((o) => o.value)).toEqual(['other']);
  });

  it('searches titles, not keys', () => {
    expect(filterOptions(FABRICS, 'other')).toEqual([]);
  });

  it('ignores diacritics and surrounding spaces', () => {
    const options = [
      { value: 'a', label: 'Senčila' },
      { value: 'b', label: 'Rollläden' },
    ];
    expect(filterOptions(options, '  sencila ').map((o) => o.value)).toEqual(['a']);
    expect(filterOptions(options, 'rollladen').map((o) => o.value)).toEqual(['b']);
  });

  it('shows every option for an empty query, in their order', () => {
    expect(filterOptions(FABRICS, '')).toEqual(FABRICS);
  });

  it('renders at most 1000 options', () => {
    const many = Array.from({ length: 1500 }, (_, i) => ({ value: `v${i}`, label: `Option ${i}` }));
    expect(OPTION_LIMIT).toBe(1000);
    expect(filterOptions(many, '')).toHaveLength(1000);
    expect(filterOptions(many, 'OPTION')).toHaveLength(1000);
    expect(filterOptions(many, 'option 1')).toHaveLength(611);
    expect(filterOptions(many, 'option 149')).toHaveLength(11);
    expect(filterOptions(many, '', 3).map((o) => o.value)).toEqual(['v0', 'v1', 'v2']);
  });
});

describe('multi-select tags', () => {
  const limits = { maxLength: 20, maxItems: 3 };

  it('adds typed text as an own entry, trimmed', () => {
    expect(addTag(FABRICS, ['prosojna'], '  Lanena tkanina ', limits)).toEqual({ values: ['prosojna', 'Lanena tkanina'], added: 'Lanena tkanina' });
  });

  it('chooses the option a typed text names instead of adding it as text', () => {
    expect(addTag(FABRICS, [], 'zatemnilna', limits)).toEqual({ values: ['zatemnilna'], added: 'zatemnilna' });
    expect(addTag(FABRICS, [], 'DRUGO ALI SVETOVANJE', limits)).toEqual({ values: ['other'], added: 'other' });
    expect(matchingOption(FABRICS, 'Prosojna')?.value).toBe('prosojna');
  });

  it('adds nothing blank, twice (ignoring case), too long or beyond the limit', () => {
    expect(addTag(FABRICS, ['Lan'], '   ', limits).added).toBeNull();
    expect(addTag(FABRICS, ['Lan'], 'LAN', limits)).toEqual({ values: ['Lan'], added: null });
    expect(addTag(FABRICS, ['zatemnilna'], 'Zatemnilna', limits).added).toBeNull();
    expect(addTag(FABRICS, [], 'x'.repeat(21), limits).added).toBeNull();
    expect(addTag(FABRICS, ['a', 'b', 'c'], 'd', limits)).toEqual({ values: ['a', 'b', 'c'], added: null });
    expect(addTag(FABRICS, ['a', 'b', 'c'], 'd', { maxLength: 20 }).added).toBe('d');
  });

  it('offers to add typed text only when it would be a new entry', () => {
    expect(canAddTag(FABRICS, [], 'Lan')).toBe(true);
    expect(canAddTag(FABRICS, [], ' ')).toBe(false);
    expect(canAddTag(FABRICS, [], 'prosojna')).toBe(false);
    expect(canAddTag(FABRICS, ['Lan'], 'lan')).toBe(false);
  });

  it('toggles a value, keeping the order of the others', () => {
    expect(toggleValue(['a', 'b'], 'c')).toEqual(['a', 'b', 'c']);
    expect(toggleValue(['a', 'b', 'c'], 'b')).toEqual(['a', 'c']);
    expect(toggleValue(['a', 'b'], 'c', 2)).toEqual(['a', 'b']);
    expect(toggleValue(['a', 'b'], 'a', 2)).toEqual(['b']);
  });

  it('lists own entries after the options, so they can be unticked like them', () => {
    expect(withOwnEntries(FABRICS, ['zatemnilna', 'Lan']).map((o) => o.value)).toEqual(['prosojna', 'polprosojna', 'zatemnilna', 'other', 'Lan']);
    expect(labelOf(FABRICS, 'other')).toBe('Drugo ali svetovanje');
    expect(labelOf(FABRICS, 'Lan')).toBe('Lan');
  });
});
