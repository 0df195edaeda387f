import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export type OutboxDb = Database.Database;

export const OUTBOX_FILE = 'outbox.sqlite';

/**
 * Forward-only migrations, as in server/cms/migrations.ts: a migration's number is its position in the
 * list, PRAGMA user_version remembers the last one applied; never edit or reorder one, append.
 *
 * `submissions` holds every submission from acknowledgement to delivery. Its key is unique, so a
 * double submit is one row; after delivery the body is erased (the personal data has reached the
 * company) and the row is kept a while for that dedupe. Times are milliseconds since the epoch.
 * `claimed_until` is a lease: a row being delivered is nobody else's until then, and a process that
 * died mid-delivery gives it back when the lease runs out.
 */
const MIGRATIONS: readonly string[] = [
  /* 1: submissions and dead letters */ `
  CREATE TABLE submissions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    locale TEXT NOT NULL,
    body TEXT CHECK (body IS NULL OR json_valid(body)),
    status TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'dead')),
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL,
    claimed_until INTEGER,
    created_at INTEGER NOT NULL,
    delivered_at INTEGER,
    upstream_id TEXT
  );
  CREATE INDEX submissions_due ON submissions (id) WHERE status = 'pending';
  CREATE INDEX submissions_delivered ON submissions (delivered_at) WHERE status = 'delivered';

  CREATE TABLE dead_letters (
    submission_id INTEGER PRIMARY KEY REFERENCES submissions (id),
    key TEXT NOT NULL,
    kind TEXT NOT NULL,
    locale TEXT NOT NULL,
    body TEXT NOT NULL CHECK (json_valid(body)),
    status INTEGER,
    reason TEXT NOT NULL,
    attempts INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    failed_at INTEGER NOT NULL
  );
  `,
  /* 2: photos sent with a submission, erased with its body on delivery (kept with a dead letter) */ `
  CREATE TABLE submission_photos (
    submission_id INTEGER NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    type TEXT NOT NULL,
    bytes BLOB NOT NULL,
    PRIMARY KEY (submission_id, position)
  );
  `,
  /* 3: inquiries being filled in without JavaScript, between their steps (server/site/drafts/) */ `
  CREATE TABLE form_drafts (
    key TEXT PRIMARY KEY,
    body TEXT NOT NULL CHECK (json_valid(body)),
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX form_drafts_expires_at ON form_drafts (expires_at);
  `,
  /* 4: photos kept with a draft (chosen on the last step before a Back), erased with it (docs/decisions/0051) */ `
  CREATE TABLE form_draft_photos (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    key TEXT NOT NULL REFERENCES form_drafts (key) ON DELETE CASCADE,
    id TEXT NOT NULL,
    name TEXT NOT NULL,
    bytes BLOB NOT NULL,
    UNIQUE (key, id)
  );
  `,
];

export const OUTBOX_SCHEMA_VERSION = MIGRATIONS.length;

export function migrateOutbox(db: OutboxDb): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > OUTBOX_SCHEMA_VERSION) {
    throw new Error(`outbox database is at schema version ${current}, this build knows only ${OUTBOX_SCHEMA_VERSION}`);
  }
  for (let version = current + 1; version <= OUTBOX_SCHEMA_VERSION; version++) {
    db.transaction(() => {
      db.exec(MIGRATIONS[version - 1]!);
      db.pragma(`user_version = ${version}`);
    }).immediate();
  }
}

/**
 * Opens (and migrates) the outbox in the data folder. Its own file, not the content API's: the BFF may
 * run against a remote upstream with no embedded content API. WAL with synchronous FULL: a commit is
 * on disk when it returns, which is what lets the visitor be told their submission was received.
 *
 * `durable: false` is for the worker's own connection (claims, outcomes, pruning): synchronous NORMAL
 * skips the fsync of each commit, which only a power cut can undo. Nothing the worker writes needs
 * more: a lost claim makes the row due again, a lost "delivered" one more delivery under the same
 * key (the same submission upstream), a lost dead-letter move one more refusal.
 */
export function openOutboxDb(dataDir: string, { durable = true }: { durable?: boolean } = {}): OutboxDb {
  mkdirSync(dataDir, { recursive: true });
  const db = new Database(join(dataDir, OUTBOX_FILE));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma(durable ? 'synchronous = FULL' : 'synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    // SQLite's own default (better-sqlite3's is 16 MB): a submission's rows, photos too, are written and read once.
    db.pragma('cache_size = -2000');
    migrateOutbox(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}
