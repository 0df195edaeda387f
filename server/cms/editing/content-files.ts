import { createHash } from 'node:crypto';
import { parseContent, type ContentTexts } from '../content';
import type { Content } from '../content-schema';
import type { Db } from '../db';
import { writeContent } from '../import';
import { SCHEMA_VERSION } from '../migrations';

/**
 * The one writer of the published content: the seed's import and every publish go through
 * `storeContent`. It validates the whole as the seed import does (throws ContentError with every
 * problem), rewrites the derived tables the site reads, keeps the files themselves (content_files, what
 * the next publish edits and what an export writes out), and sets the content version, so the search
 * index and every cache in front know the content changed. The caller runs it inside a transaction.
 */
/** `source`: what the problems are said to be in (the seed folder, or the edit being published). */
export function storeContent(db: Db, texts: ContentTexts, at: string, source: string): Content {
  const content = parseContent(source, texts);
  writeContent(db, content, at);
  const version = contentVersionOf(texts);
  db.prepare('DELETE FROM content_files').run();
  const insert = db.prepare<[string, string]>('INSERT INTO content_files (key, text) VALUES (?, ?)');
  for (const [key, text] of Object.entries(texts)) insert.run(key, text);
  db.prepare(
    `INSERT INTO content_state (id, hash, imported_at) VALUES (1, ?, ?)
     ON CONFLICT (id) DO UPDATE SET hash = excluded.hash, imported_at = excluded.imported_at`,
  ).run(version, at);
  return content;
}

/** The published content's files as the last `storeContent` kept them; undefined before the first. */
export function readContentFiles(db: Db): ContentTexts | undefined {
  const rows = db.prepare<[], { key: string; text: string }>('SELECT key, text FROM content_files').all();
  return rows.length > 0 ? (Object.fromEntries(rows.map((row) => [row.key, row.text])) as ContentTexts) : undefined;
}

/** The version of a content: its files' bytes and the schema they were written under. */
export function contentVersionOf(texts: ContentTexts): string {
  const hash = createHash('sha256').update(`schema ${SCHEMA_VERSION}\n`);
  for (const [key, text] of Object.entries(texts).sort(([a], [b]) => a.localeCompare(b))) {
    hash.update(`${key}\n${text.length}\n${text}`);
  }
  return hash.digest('hex').slice(0, 16);
}
