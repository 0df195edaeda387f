import { createHash } from 'node:crypto';
import { parseContent, readContentTexts, type ContentTexts } from './content';
import type { Db } from './db';
import { writeContent } from './import';
import { SCHEMA_VERSION } from './migrations';

export type SeedResult = { version: string; imported: boolean };

/**
 * Imports the seed folder unless exactly this content was imported last. The version covers the
 * schema too: a new migration may add tables (the search synonyms, say) that only an import fills.
 * A new version makes the search engine build its index again (search/engine.ts).
 */
export function seedContent(db: Db, contentDir: string, now: () => Date = () => new Date()): SeedResult {
  const texts = readContentTexts(contentDir);
  const version = versionOf(texts);
  if (readContentVersion(db) === version) return { version, imported: false };

  const content = parseContent(contentDir, texts);
  // IMMEDIATE takes the write lock before the re-check, so two processes starting together import once.
  const imported = db
    .transaction(() => {
      if (readContentVersion(db) === version) return false;
      const importedAt = now().toISOString();
      writeContent(db, content, importedAt);
      db.prepare(
        `INSERT INTO content_state (id, hash, imported_at) VALUES (1, ?, ?)
         ON CONFLICT (id) DO UPDATE SET hash = excluded.hash, imported_at = excluded.imported_at`,
      ).run(version, importedAt);
      return true;
    })
    .immediate();
  return { version, imported };
}

/** The hash of the last import: the content's version, sent as X-Content-Version. */
export function readContentVersion(db: Db): string | undefined {
  return contentVersionReader(db)();
}

/** readContentVersion with its statement prepared once, for what reads it on every request. */
export function contentVersionReader(db: Db): () => string | undefined {
  const statement = db.prepare<[], { hash: string }>('SELECT hash FROM content_state WHERE id = 1');
  return () => statement.get()?.hash;
}

function versionOf(texts: ContentTexts): string {
  const hash = createHash('sha256').update(`schema ${SCHEMA_VERSION}\n`);
  for (const [key, text] of Object.entries(texts).sort(([a], [b]) => a.localeCompare(b))) {
    hash.update(`${key}\n${text.length}\n${text}`);
  }
  return hash.digest('hex').slice(0, 16);
}
