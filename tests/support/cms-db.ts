import Database from 'better-sqlite3';
import path from 'node:path';

/** Reads the content API's own database (what reached the company), opened read-only for `read` alone. */
export function readCms<T>(dataDir: string, read: (db: Database.Database) => T): T {
  const db = new Database(path.join(dataDir, 'cms.sqlite'), { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}
