import type { Logger } from 'pino';
import { databaseAnswers } from '../postgres/answers';
import type { Pool } from '../postgres/pool';
import { postgresStore } from './postgres-store';
import { openOutboxDb } from './sqlite-db';
import { sqliteStore } from './sqlite-store';
import type { Deliver, Outbox, OutboxStats, OutboxStore, Submission } from './types';
import { startOutboxWorker, type OutboxWorkerOptions } from './worker';

export type { Outbox, OutboxStats, Submission } from './types';
export { submissionKey } from './key';
export { outboxMigrations } from './postgres-schema';

export interface RunningOutbox extends Outbox {
  /**
   * Submissions can be stored (readiness): SQLite, the database is open; PostgreSQL, it answered
   * within the last few seconds. False once closed.
   */
  isOpen(): Promise<boolean>;
  stats(): Promise<OutboxStats>;
  /** Stops delivering, waits for the deliveries in flight, then closes the database (a pool is the caller's). */
  close(): Promise<void>;
}

export interface OutboxOptions extends Omit<OutboxWorkerOptions, 'store' | 'deliver' | 'logger'> {
  /**
   * Where submissions wait: PostgreSQL shared by every replica (its tables made by `outboxMigrations`),
   * or SQLite in this process's data folder.
   */
  database: { pool: Pool } | { dataDir: string };
  deliver: Deliver;
  logger: Logger;
}

interface Engine {
  /** The acknowledgements' store, and the worker's (SQLite: its own connection, see openOutboxDb). */
  store: OutboxStore;
  workerStore: OutboxStore;
  isOpen(): Promise<boolean>;
  close(): void;
  pollMs: number;
}

function sqlite(dataDir: string): Engine {
  const db = openOutboxDb(dataDir);
  let workerDb;
  try {
    workerDb = openOutboxDb(dataDir, { durable: false });
  } catch (error) {
    db.close();
    throw error;
  }
  return {
    store: sqliteStore(db),
    workerStore: sqliteStore(workerDb),
    isOpen: async () => db.open,
    close() {
      workerDb.close();
      db.close();
    },
    // This process alone writes the file and wakes its worker on each enqueue: polling is a safety net.
    pollMs: 30_000,
  };
}

function postgres(pool: Pool): Engine {
  const store = postgresStore(pool);
  return {
    store,
    workerStore: store,
    isOpen: databaseAnswers(pool),
    close() {},
    // Other replicas enqueue without waking this one: it looks for their work (or what a replica
    // that died left behind) this often when idle.
    pollMs: 2000,
  };
}

/** Opens the outbox and starts delivering what it holds (left from before a restart, or by another replica, too). */
export function startOutbox({ database, deliver, logger, ...workerOptions }: OutboxOptions): RunningOutbox {
  const engine = 'pool' in database ? postgres(database.pool) : sqlite(database.dataDir);
  const worker = startOutboxWorker({ store: engine.workerStore, deliver, logger, pollMs: engine.pollMs, ...workerOptions });
  let closing: Promise<void> | undefined;
  let closed = false;
  return {
    async enqueue(submission: Submission) {
      let stored: { id: string; duplicate: boolean };
      try {
        if (closed) throw new Error('the outbox is closed');
        stored = await engine.store.enqueue(submission, Date.now());
      } catch (error) {
        // The disk is full, the database unreachable, or the outbox closed: nothing may be acknowledged.
        logger.error({ err: error, kind: submission.kind }, 'submission could not be stored');
        throw error;
      }
      worker.kick();
      return stored;
    },
    isOpen: async () => !closed && (await engine.isOpen()),
    stats: () => engine.store.stats(),
    close: () =>
      (closing ??= worker.stop().then(() => {
        closed = true;
        engine.close();
      })),
  };
}
