import { createHash } from 'node:crypto';
import { ContentError, parseContent, readContentTexts } from './content';
import { contentTexts, exportContent, hasContent } from './content-export';
import type { Content } from './content-schema';
import type { Db } from './db';
import { writeContent } from './import';
import { SCHEMA_VERSION } from './migrations';

/**
 * `imported`: the seed filled an empty database. `rebuilt`: this build's schema differs from the one
 * that last wrote the content, so the content was written again from the database itself (what the
 * import derives, such as the search synonyms, follows the new schema). `problems`: the stored content
 * no longer passes this build's checks, so it was left as it is (docs/decisions/0047-content-lifecycle.md).
 */
export type SeedResult = { version: string; imported: boolean; rebuilt: boolean; problems?: string[] };

/**
 * Fills an empty database from the seed folder, and never touches content that is already there: after
 * the first start the database is the truth (editors change it), and a new image's content/ is ignored.
 * A new content version makes the search engine build its index again (search/engine.ts).
 */
export function seedContent(db: Db, contentDir: string, now: () => Date = () => new Date()): SeedResult {
  // IMMEDIATE takes the write lock before looking, so two processes starting together import once.
  return db
    .transaction((): SeedResult => {
      if (!hasContent(db)) {
        const content = parseContent(contentDir, readContentTexts(contentDir));
        return { version: storeContent(db, content, now()), imported: true, rebuilt: false };
      }
      fillPending(db, contentDir);
      const texts = contentTexts(exportContent(db));
      const version = versionOf(texts);
      if (readContentVersion(db) === version) return { version, imported: false, rebuilt: false };
      let content: Content;
      try {
        content = parseContent('the database', texts);
      } catch (error) {
        if (!(error instanceof ContentError)) throw error;
        return { version: readContentVersion(db) ?? version, imported: false, rebuilt: false, problems: error.problems };
      }
      return { version: storeContent(db, content, now()), imported: false, rebuilt: true };
    })
    .immediate();
}

/**
 * Replaces the stored content with `content` (validated by parseContent) and records its new version;
 * the caller runs it inside a transaction. The version is a hash of the content as stored, so writing
 * the same content twice keeps it, and an export imported elsewhere has the same version.
 */
export function storeContent(db: Db, content: Content, at: Date): string {
  writeContent(db, content, at.toISOString());
  const version = versionOf(contentTexts(exportContent(db)));
  db.prepare(
    `INSERT INTO content_state (id, hash, imported_at) VALUES (1, ?, ?)
     ON CONFLICT (id) DO UPDATE SET hash = excluded.hash, imported_at = excluded.imported_at`,
  ).run(version, at.toISOString());
  return version;
}

/**
 * What a migration left for the seed to fill in content already stored (migration 17): the inquiry
 * presets of products whose preset is empty, from the seed product of the same key. Done once, so a
 * preset an editor empties later stays empty; a seed folder that cannot be read leaves it for the next start.
 */
function fillPending(db: Db, contentDir: string): void {
  const pending = db.prepare<[], { name: string }>('SELECT name FROM seed_fills_pending').all();
  if (!pending.some((row) => row.name === 'inquiry_preset')) return;
  let seed: Content;
  try {
    seed = parseContent(contentDir, readContentTexts(contentDir));
  } catch (error) {
    if (error instanceof ContentError || (error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const fill = db.prepare<[string, string]>("UPDATE products SET inquiry_preset = ? WHERE key = ? AND inquiry_preset = '{}'");
  for (const product of seed.products) {
    if (Object.keys(product.inquiry).length > 0) fill.run(JSON.stringify(product.inquiry), product.key);
  }
  db.prepare("DELETE FROM seed_fills_pending WHERE name = 'inquiry_preset'").run();
}

/** The hash of the content as last written: the content's version, sent as X-Content-Version. */
export function readContentVersion(db: Db): string | undefined {
  return contentVersionReader(db)();
}

/** readContentVersion with its statement prepared once, for what reads it on every request. */
export function contentVersionReader(db: Db): () => string | undefined {
  const statement = db.prepare<[], { hash: string }>('SELECT hash FROM content_state WHERE id = 1');
  return () => statement.get()?.hash;
}

/** The schema version is part of it: a build whose migrations differ writes the content again once. */
function versionOf(texts: Record<string, string>): string {
  const hash = createHash('sha256').update(`schema ${SCHEMA_VERSION}\n`);
  for (const [key, text] of Object.entries(texts).sort(([a], [b]) => a.localeCompare(b))) {
    hash.update(`${key}\n${text.length}\n${text}`);
  }
  return hash.digest('hex').slice(0, 16);
}
