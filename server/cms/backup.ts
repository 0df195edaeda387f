import { cpSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DB_FILE, type Db } from './db';

/** The content API's files besides its database that a backup keeps: the editors' photos. */
export const MEDIA_DIR = 'media';

/**
 * A consistent copy of the content API's data while it runs: VACUUM INTO writes the database as one
 * read transaction sees it (writers go on meanwhile under WAL), then the media folder is copied. Media
 * files are written before the rows that name them and never changed afterwards, so every file the
 * copied database names is in the copy.
 */
export function backupData(db: Db, dataDir: string, target: string): void {
  mkdirSync(target, { recursive: true });
  db.prepare('VACUUM INTO ?').run(join(target, DB_FILE));
  const media = join(dataDir, MEDIA_DIR);
  if (existsSync(media)) cpSync(media, join(target, MEDIA_DIR), { recursive: true });
}
