import type { Logger } from 'pino';
import { openOutboxDb } from './db';
import { outboxStore } from './store';
import type { Deliver, Outbox, OutboxCounts, OutboxStats, Submission } from './types';
import { startOutboxWorker, type OutboxWorkerOptions } from './worker';

export type { Outbox, OutboxStats, Submission } from './types';
export { submissionKey } from './key';

export interface RunningOutbox extends Outbox {
  /** The database is open: submissions can be taken (readiness). */
  isOpen(): boolean;
  /** How many submissions wait, were delivered (and are still remembered), or were rejected. */
  counts(): OutboxCounts;
  /** The counts and the age of the oldest waiting submission (a promise: a shared database answers over the network). */
  stats(): Promise<OutboxStats>;
  /** Stops delivering, waits for the deliveries in flight, then closes the database. */
  close(): Promise<void>;
}

export interface OutboxOptions extends Omit<OutboxWorkerOptions, 'store' | 'deliver' | 'logger'> {
  dataDir: string;
  deliver: Deliver;
  logger: Logger;
}

/** Opens the outbox in `dataDir` and starts delivering what it holds (left from before a restart too). */
export function startOutbox({ dataDir, deliver, logger, ...workerOptions }: OutboxOptions): RunningOutbox {
  const db = openOutboxDb(dataDir);
  const store = outboxStore(db);
  let workerDb;
  try {
    workerDb = openOutboxDb(dataDir, { durable: false });
  } catch (error) {
    db.close();
    throw error;
  }
  const worker = startOutboxWorker({ store: outboxStore(workerDb), deliver, logger, ...workerOptions });
  let closing: Promise<void> | undefined;
  return {
    enqueue(submission: Submission) {
      let stored: { id: string; duplicate: boolean };
      try {
        stored = store.enqueue(submission, Date.now());
      } catch (error) {
        // The disk is full or the outbox is closed: nothing may be acknowledged.
        logger.error({ err: error, kind: submission.kind }, 'submission could not be stored');
        throw error;
      }
      worker.kick();
      return stored;
    },
    isOpen: () => db.open,
    counts: () => store.counts(),
    stats: async () => store.stats(),
    close: () =>
      (closing ??= worker.stop().then(() => {
        workerDb.close();
        db.close();
      })),
  };
}
