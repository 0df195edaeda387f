import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb, withoutFlush, type Db } from '../../server/cms/db';
import { migrate, SCHEMA_VERSION } from '../../server/cms/migrations';
import { searchEngine } from '../../server/cms/search/engine';
import { synonymText } from '../../server/cms/search/documents';
import { parseContent, readContentTexts } from '../../server/cms/content';
import { contentTexts, exportContent } from '../../server/cms/content-export';
import { readContentVersion, seedContent, storeContent } from '../../server/cms/seed';

const CONTENT_DIR = resolve(process.cwd(), 'content');

let dir: string;
let contentDir: string;
let db: Db;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cms-seed-'));
  contentDir = join(dir, 'content');
  cpSync(CONTENT_DIR, contentDir, { recursive: true });
  db = openDb(join(dir, 'data'));
  migrate(db);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function editSeed<T>(file: string, edit: (json: T) => void): void {
  const path = join(contentDir, file);
  const json = JSON.parse(readFileSync(path, 'utf8')) as T;
  edit(json);
  writeFileSync(path, JSON.stringify(json));
}

/** Writes the (edited) seed folder over the stored content, as publishing does. */
function store(at = new Date()): string {
  const content = parseContent(contentDir, readContentTexts(contentDir));
  return db.transaction(() => storeContent(db, content, at))();
}

const productTitle = (key: string, locale: string) =>
  db
    .prepare<[string, string], { title: string }>(
      'SELECT t.title FROM product_translations t JOIN products p ON p.id = t.product_id WHERE p.key = ? AND t.locale = ?',
    )
    .get(key, locale)?.title;

const idsByKey = (table: string) =>
  Object.fromEntries(
    db
      .prepare<[], { key: string; id: number }>(`SELECT key, id FROM ${table}`)
      .all()
      .map((r) => [r.key, r.id]),
  );

describe('cms database', () => {
  it('opens in WAL mode with full sync and foreign keys', () => {
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('synchronous', { simple: true })).toBe(2);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
  });

  it('commits a write without a flush at synchronous NORMAL, and goes back to FULL; inside a transaction, with it', () => {
    db.exec('CREATE TABLE t (x)');
    const level = () => db.pragma('synchronous', { simple: true });
    expect(withoutFlush(db, () => (db.prepare('INSERT INTO t VALUES (1)').run(), level()))).toBe(1);
    expect(level()).toBe(2);
    expect(db.transaction(() => withoutFlush(db, level))()).toBe(2);
    expect(() => withoutFlush(db, () => db.prepare('INSERT INTO missing VALUES (1)').run())).toThrow(/no such table/);
    expect(level()).toBe(2);
    expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 1 });
  });

  it('migrates once and refuses a database from a newer build', () => {
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(() => migrate(db)).not.toThrow();
    db.pragma(`user_version = ${SCHEMA_VERSION + 1}`);
    expect(() => migrate(db)).toThrow(/schema version/);
  });
});

describe('seedContent', () => {
  it('gives a data folder from before the in-memory search engine (schema 10) the synonyms at its next start', () => {
    // A database as the build before migration 11 left it: its FTS5 index, and its content version
    // hashed with the older schema version. (Winding a current database back by its version number
    // would run every later migration a second time.)
    db.close();
    db = openDb(join(dir, 'schema-10'));
    migrate(db, 10);
    db.exec(`INSERT INTO content_state (id, hash, imported_at) VALUES (1, '0123456789abcdef', '2026-01-01T00:00:00.000Z');`);

    migrate(db);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(seedContent(db, contentDir).imported).toBe(true);
    expect(db.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'search_index'").get()).toEqual({ n: 0 });
    expect(synonymText(db, 'de')).toMatch(/^Insektenschutz, Fliegengitter/m);
    expect(searchEngine(db).search('de', 'Fliegengitter').sections.category.length).toBeGreaterThan(0);
  });

  it('fills the inquiry presets of a database from before migration 15 once, from the seed', () => {
    seedContent(db, contentDir);
    const presets = () =>
      Object.fromEntries(
        db
          .prepare<[], { key: string; inquiry_preset: string }>('SELECT key, inquiry_preset FROM products')
          .all()
          .map((r) => [r.key, r.inquiry_preset]),
      );
    const seeded = presets();
    const withPreset = Object.keys(seeded).filter((key) => seeded[key] !== '{}');
    expect(withPreset.length).toBeGreaterThan(0);

    // As a database migrated past 15 by a build that expected a re-import: every preset empty, 17 not run.
    db.exec("UPDATE products SET inquiry_preset = '{}'; DROP TABLE seed_fills_pending; DROP TABLE content_media;");
    db.pragma('user_version = 16');
    migrate(db);
    expect(seedContent(db, contentDir).imported).toBe(false);
    expect(presets()).toEqual(seeded);

    // Once only: a preset an editor empties afterwards stays empty at the next start.
    db.prepare("UPDATE products SET inquiry_preset = '{}' WHERE key = ?").run(withPreset[0]);
    db.prepare("UPDATE content_state SET hash = '0123456789abcdef'").run();
    seedContent(db, contentDir);
    expect(presets()[withPreset[0]!]).toBe('{}');
  });

  it('refuses a synonym file with a line that is no group, naming the file and the line', () => {
    const broken = join(dir, 'broken-synonyms');
    cpSync(contentDir, broken, { recursive: true });
    writeFileSync(join(broken, 'synonyms/en.txt'), 'awning, sunshade\nonly one word\n');
    expect(() => seedContent(db, broken)).toThrow('synonyms/en.txt: line 2 ("only one word"): a group needs two or more words separated by commas');
  });

  it('fills an empty database, then never again: a changed seed folder leaves the stored content as it is', () => {
    const first = seedContent(db, contentDir);
    expect(first).toEqual({ version: first.version, imported: true, rebuilt: false });
    expect(readContentVersion(db)).toBe(first.version);

    type Product = { key: string; en: { title: string } };
    let key = '';
    editSeed<Product[]>('products.json', (seed) => {
      key = seed[0]!.key;
      seed[0]!.en.title = 'Changed in a new image';
    });
    expect(seedContent(db, contentDir)).toEqual({ version: first.version, imported: false, rebuilt: false });
    expect(productTitle(key, 'en')).not.toBe('Changed in a new image');
  });

  it('keeps what an editor stored across starts, and a schema change writes it again from the database, not the seed', () => {
    seedContent(db, contentDir);
    type Product = { key: string; sl: { title: string } };
    let key = '';
    editSeed<Product[]>('products.json', (seed) => {
      key = seed[0]!.key;
      seed[0]!.sl.title = 'Urejeno v skrbniškem delu';
    });
    const edited = store();
    cpSync(CONTENT_DIR, contentDir, { recursive: true }); // the image's seed, without the edit
    expect(seedContent(db, contentDir)).toEqual({ version: edited, imported: false, rebuilt: false });
    expect(productTitle(key, 'sl')).toBe('Urejeno v skrbniškem delu');

    // As a build with other migrations finds it: the stored version was hashed under another schema.
    db.prepare("UPDATE content_state SET hash = '0123456789abcdef'").run();
    const before = contentTexts(exportContent(db));
    expect(seedContent(db, contentDir)).toEqual({ version: edited, imported: false, rebuilt: true });
    expect(productTitle(key, 'sl')).toBe('Urejeno v skrbniškem delu');
    expect(contentTexts(exportContent(db))).toEqual(before);
  });

  it("leaves stored content that fails a newer build's checks as it is, and says what fails", () => {
    seedContent(db, contentDir);
    db.prepare("UPDATE product_translations SET slug = 'Not A Slug' WHERE rowid = (SELECT min(rowid) FROM product_translations)").run();
    db.prepare("UPDATE content_state SET hash = '0123456789abcdef'").run();
    const result = seedContent(db, contentDir);
    expect(result).toMatchObject({ version: '0123456789abcdef', imported: false, rebuilt: false });
    expect(result.problems?.join('\n')).toMatch(/products\.json: \[\d+\]\.\w+\.slug/);
    expect(db.prepare("SELECT count(*) AS n FROM product_translations WHERE slug = 'Not A Slug'").get()).toEqual({ n: 1 });
  });

  it('gives content stored twice the same version, and other content another', () => {
    const { version } = seedContent(db, contentDir);
    expect(store()).toBe(version);
    editSeed<{ en: { title: string } }[]>('pages.json', (seed) => void (seed[0]!.en.title += ' (revised)'));
    expect(store()).not.toBe(version);
  });

  it('uses the byline of each locale, falling back to the shared one', () => {
    seedContent(db, contentDir);
    type Article = { key: string; author: string } & Record<'sl' | 'en' | 'de', { slug: string; author?: string }>;
    const seed = JSON.parse(readFileSync(join(contentDir, 'articles.json'), 'utf8')) as Article[];
    const author = db.prepare<[string, string], { author: string }>('SELECT author FROM article_translations WHERE locale = ? AND slug = ?');
    for (const article of seed) {
      for (const locale of ['sl', 'en', 'de'] as const) {
        expect(author.get(locale, article[locale].slug)?.author).toBe(article[locale].author ?? article.author);
      }
    }
  });

  it('keeps ids by key, follows moves and removes what the seed no longer has', () => {
    seedContent(db, contentDir);
    const products = idsByKey('products');
    type Product = { key: string; category: string; order: number };
    let removed = '';
    let moved: Product | undefined;
    editSeed<Product[]>('products.json', (seed) => {
      removed = seed.shift()!.key;
      seed.reverse();
      moved = seed.find((p) => p.category !== seed[0]!.category);
      if (moved) moved.category = seed[0]!.category;
    });
    store();
    const after = idsByKey('products');
    expect(after[removed]).toBeUndefined();
    for (const [key, id] of Object.entries(after)) expect(id).toBe(products[key]);
    expect(db.prepare('SELECT count(*) AS n FROM product_translations WHERE product_id = ?').get(products[removed])).toEqual({ n: 0 });
    if (moved) {
      const row = db
        .prepare<[string], { key: string }>('SELECT c.key FROM products p JOIN categories c ON c.id = p.category_id WHERE p.key = ?')
        .get(moved.key);
      expect(row?.key).toBe(moved.category);
    }
  });

  it("moves a page's updatedAt only when that page changes", () => {
    let now = new Date('2025-01-01T00:00:00Z');
    seedContent(db, contentDir, () => now);
    type Page = { key: string; updatedAt?: string; en: { title: string } };
    const pages = JSON.parse(readFileSync(join(contentDir, 'pages.json'), 'utf8')) as Page[];
    const dated = (key: string) => db.prepare<[string], { updated_at: string }>('SELECT updated_at FROM pages WHERE key = ?').get(key)!.updated_at;
    const [changed, untouched] = pages.filter((p) => p.updatedAt === undefined);
    expect(changed && untouched, 'two pages without an explicit updatedAt').toBeTruthy();

    now = new Date('2025-06-01T00:00:00Z');
    editSeed<Page[]>('pages.json', (seed) => void (seed.find((p) => p.key === changed!.key)!.en.title += ' (revised)'));
    store(now);
    expect(dated(changed!.key)).toBe('2025-06-01T00:00:00.000Z');
    expect(dated(untouched!.key)).toBe('2025-01-01T00:00:00.000Z');
  });

  it('refuses an invalid seed and leaves the database empty', () => {
    editSeed<{ key: string }[]>('articles.json', (seed) => void (seed[0]!.key = 'Bad Key'));
    expect(() => seedContent(db, contentDir)).toThrow(/articles\.json: \[0\]\.key/);
    expect(readContentVersion(db)).toBeUndefined();
    expect(db.prepare('SELECT count(*) AS n FROM products').get()).toEqual({ n: 0 });
  });

  it('refuses an offer type the inquiry form does not have (its call to action would lead nowhere)', () => {
    editSeed<{ offerType: string }[]>('products.json', (seed) => void (seed[0]!.offerType = 'awnings'));
    expect(() => seedContent(db, contentDir)).toThrow(/products\.json: \[0\]\.offerType/);
    editSeed<{ offerType: string }[]>('products.json', (seed) => void (seed[0]!.offerType = 'tende'));
    editSeed<{ offerType: string }[]>('categories.json', (seed) => void (seed[0]!.offerType = ''));
    expect(() => seedContent(db, contentDir)).toThrow(/categories\.json: \[0\]\.offerType/);
  });
});
