import { readContentTexts } from './content';
import type { Db } from './db';
import { contentVersionOf, storeContent } from './editing/content-files';

export type SeedResult = { version: string; imported: boolean };

/**
 * Imports the seed folder unless exactly this content was imported last. The version covers the
 * schema too: a new migration may add tables (the search synonyms, say) that only an import fills.
 * A new version makes the search engine build its index again (search/engine.ts).
 */
export function seedContent(db: Db, contentDir: string, now: () => Date = () => new Date()): SeedResult {
  const texts = readContentTexts(contentDir);
  const version = contentVersionOf(texts);
  if (readContentVersion(db) === version) return { version, imported: false };

  // IMMEDIATE takes the write lock before the re-check, so two processes starting together import once.
  const imported = db
    .transaction(() => {
      if (readContentVersion(db) === version) return false;
      storeContent(db, texts, now().toISOString(), contentDir);
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
