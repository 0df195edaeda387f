import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openDb, type Db } from '../../server/cms/db';
import { migrate } from '../../server/cms/migrations';
import { contentQueries, type ContentQueries } from '../../server/cms/queries';
import { seedContent } from '../../server/cms/seed';
import { loadCmsStrings } from '../../server/cms/strings';

/** A content API database in a temp folder, seeded from the shipped content/, for tests of what it answers. */
export type SeededDatabase = { db: Db; content: ContentQueries; keyOf(table: string, id: number): string; close(): void };

export function seededDatabase(): SeededDatabase {
  const dir = mkdtempSync(join(tmpdir(), 'seeded-content-'));
  const db = openDb(dir);
  migrate(db);
  seedContent(db, resolve(process.cwd(), 'content'));
  return {
    db,
    content: contentQueries(db, loadCmsStrings()),
    /** The seed key of an entity (each search section's table is named like the section). */
    keyOf: (table, id) => db.prepare<[number], { key: string }>(`SELECT key FROM ${table} WHERE id = ?`).get(id)!.key,
    close() {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
