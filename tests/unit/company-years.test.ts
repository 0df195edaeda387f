import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCompanyYears, yearsInBusiness } from '../../shared/company-years';
import type { Db } from '../../server/cms/db';
import { seededDatabase, type SeededDatabase } from '../support/seeded-content';
import { contentQueries } from '../../server/cms/queries';
import { loadCmsStrings } from '../../server/cms/strings';

/** The company's years are one fact, from the settings' founding year (issue 26, point 10): the footer and the home copy agree. */
let seeded: SeededDatabase;
let db: Db;
beforeAll(() => {
  seeded = seededDatabase();
  db = seeded.db;
});
afterAll(() => seeded.close());

describe('the company’s years', () => {
  it('are counted from the founding year, and move at the new year', () => {
    expect(yearsInBusiness({ founded_year: 2003 }, new Date('2026-11-27T12:00:00Z'))).toBe(23);
    expect(yearsInBusiness({ founded_year: 2003 }, new Date('2030-01-01T00:00:00Z'))).toBe(27);
    expect(withCompanyYears('Že {{years}} let, {{years}} let tradicije', 23)).toBe('Že 23 let, 23 let tradicije');
  });

  it('fill every {{years}} of the home page’s copy, in each language, so no number in it goes stale', () => {
    const at = (iso: string) => contentQueries(db, loadCmsStrings(), () => new Date(iso));
    const home = at('2026-11-27T12:00:00Z').home('sl')!;
    expect(home.hero.text).toContain('Že 23 let');
    expect(home.seo.description).toContain('23 let izkušenj');
    expect(JSON.stringify(home)).not.toContain('{{years}}');
    expect(JSON.stringify(at('2030-03-01T12:00:00Z').home('en'))).toContain('For 27 years');
    expect(JSON.stringify(at('2026-11-27T12:00:00Z').home('de'))).toContain('23 Jahre Tradition');
  });
});
