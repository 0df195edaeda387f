import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

export const DB_FILE = 'cms.sqlite';

/**
 * Opens the content database in the data folder. WAL lets the API read while an import or a form
 * submission writes; synchronous FULL because an acknowledged submission must survive a power cut;
 * the busy timeout lets a second process (a restart overlapping a shutdown) wait instead of failing.
 */
export function openDb(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, DB_FILE));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  return db;
}
