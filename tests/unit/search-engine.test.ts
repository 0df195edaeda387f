import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/cms/db';
import { searchEngine } from '../../server/cms/search/engine';
import { seededDatabase, type SeededDatabase } from '../support/seeded-content';

/** The engine reads the database as it is now: what staff change there is found without a restart. */

let seeded: SeededDatabase;
let db: Db;
beforeAll(() => {
  seeded = seededDatabase();
  db = seeded.db;
});
afterAll(() => seeded?.close());

const productIds = (hits: ReturnType<ReturnType<typeof searchEngine>['search']>) => hits.sections.product.map((hit) => hit.entityId);
const newVersion = (hash: string) => db.prepare('UPDATE content_state SET hash = ?').run(hash);

describe('searchEngine', () => {
  it('builds its index again from the database when the content version changes', () => {
    const engine = searchEngine(db);
    expect(productIds(engine.search('en', 'Quixotic'))).toEqual([]);
    const { product_id: id } = db.prepare<[], { product_id: number }>("SELECT product_id FROM product_translations WHERE locale = 'en' LIMIT 1").get()!;
    db.prepare("UPDATE product_translations SET title = 'Quixotic shutter' WHERE product_id = ? AND locale = 'en'").run(id);
    // The same version: the index is the one built before.
    expect(productIds(engine.search('en', 'Quixotic'))).toEqual([]);
    newVersion('edited-1');
    expect(productIds(engine.search('en', 'Quixotic'))).toEqual([id]);
  });

  it('reads the synonyms from the database too', () => {
    const engine = searchEngine(db);
    expect(productIds(engine.search('en', 'Zorblax'))).toEqual([]);
    db.prepare("UPDATE search_synonyms SET rules = rules || '\nzorblax, pergola' WHERE locale = 'en'").run();
    newVersion('edited-2');
    const pergolas = productIds(engine.search('en', 'pergola'));
    expect(pergolas.length).toBeGreaterThan(0);
    expect(productIds(engine.search('en', 'Zorblax')).sort()).toEqual(pergolas.sort());
  });

  it('rebuilds every locale at once, and says how long it took', () => {
    const engine = searchEngine(db);
    // How long is measured by `npm run bench`, not asserted here.
    expect(engine.rebuild()).toBeGreaterThan(0);
    expect(engine.search('de', 'Markise').sections.category.length).toBeGreaterThan(0);
  });
});
