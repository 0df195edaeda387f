import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../shared/locales';

/** Every UI string exists in every locale (plural forms aside, which differ by language). */
function keys(value: unknown, prefix = ''): string[] {
  return Object.entries(value as Record<string, unknown>).flatMap(([key, v]) =>
    v && typeof v === 'object' ? keys(v, `${prefix}${key}.`) : [`${prefix}${key}`.replace(/_(zero|one|two|few|many|other)$/, '')],
  );
}

describe('UI strings', () => {
  const bundles = Object.fromEntries(LOCALES.map((l) => [l, JSON.parse(readFileSync(`locales/${l}/common.json`, 'utf8'))]));
  it('has the same keys in every locale', () => {
    const reference = [...new Set(keys(bundles.sl))].sort();
    for (const locale of LOCALES) expect([...new Set(keys(bundles[locale]))].sort(), locale).toEqual(reference);
  });

  it('has no empty string', () => {
    for (const locale of LOCALES) {
      const flat = JSON.stringify(bundles[locale]);
      expect(flat, locale).not.toContain('""');
    }
  });
});
