import type { Logger } from 'pino';
import type { Pool } from '../postgres/pool';
import { openOutboxDb } from '../outbox/sqlite-db';
import { postgresDraftStore } from './postgres-store';
import { sqliteDraftStore } from './sqlite-store';
import type { DraftStore } from './types';

export type { Draft, DraftBody, DraftStore } from './types';
export { DRAFT_MIGRATIONS } from './postgres-store';

/** How often expired drafts are erased: a draft outlives its 24 hours by at most this. */
const PURGE_EVERY_MS = 10 * 60_000;

export interface RunningDrafts extends DraftStore {
  /** Stops the purge and closes what the drafts opened (a pool is the caller's). */
  close(): void;
}

/**
 * The inquiry's drafts: in PostgreSQL shared by every replica (`DRAFT_MIGRATIONS`), or in the outbox's
 * SQLite file on a connection of their own. Expired ones are erased every ten minutes, by each replica
 * (a delete of nothing costs nothing).
 */
export function openDrafts({ database, logger }: { database: { pool: Pool } | { dataDir: string }; logger: Logger }): RunningDrafts {
  // Synchronous NORMAL: a draft lost to a power cut is a step typed again, no fsync per step.
  const db = 'pool' in database ? null : openOutboxDb(database.dataDir, { durable: false });
  const store = db ? sqliteDraftStore(db) : postgresDraftStore((database as { pool: Pool }).pool);
  const timer = setInterval(() => {
    store.purge(Date.now()).catch((error: unknown) => logger.warn({ err: error }, 'expired drafts could not be erased'));
  }, PURGE_EVERY_MS);
  timer.unref();
  return {
    ...store,
    close() {
      clearInterval(timer);
      db?.close();
    },
  };
}
