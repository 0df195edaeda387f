import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

export const DB_FILE = 'cms.sqlite';

/**
 * Opens the content database in the data folder. WAL lets the API read while an import or a form
 * submission writes; synchronous FULL because an acknowledged submission must survive a power cut;
 * the busy timeout lets a second process (a restart overlapping a shutdown) wait instead of failing;
 * its page cache holds the content, not every photo that passed through it.
 */
export function openDb(dataDir: string): Db {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, DB_FILE));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // The content (about 3 MB) fits; better-sqlite3's default (16 MB) would keep submissions' photos,
  // which pass through once, in the process's memory for good (docs/decisions/0034-uploads-under-attack.md).
  db.pragma('cache_size = -4000');
  return db;
}

/**
 * Commits a write whose loss in a power cut costs nothing worth a flush to disk (a staff session's
 * last-seen time, the record that a lead was read) with synchronous NORMAL: it is in the WAL file at
 * once, so a crashed or killed process loses nothing, and the next FULL commit or checkpoint flushes it
 * along. Each of those took an fsync of a staff page's time (docs/decisions/0040-staff-and-leads.md).
 * Inside a transaction the write is the transaction's, flushed with it.
 */
export function withoutFlush<T>(db: Db, write: () => T): T {
  if (db.inTransaction) return write();
  db.pragma('synchronous = NORMAL');
  try {
    return write();
  } finally {
    db.pragma('synchronous = FULL');
  }
}
