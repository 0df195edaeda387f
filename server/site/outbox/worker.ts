import type { Logger } from 'pino';
import type { ClaimedSubmission, Deliver, DeliveryOutcome, OutboxStore } from './types';

/**
 * Delivers the outbox to the upstream: a few submissions at a time, oldest first. A temporary failure
 * is tried again after an exponential, jittered delay (forever: nothing acknowledged is given up); a
 * permanent rejection goes to the dead letters with an error log. When a delivery succeeds after
 * failures, the upstream is back: every waiting submission becomes due at once, so the queue drains
 * now rather than at each row's own backoff.
 *
 * Several workers may share one store (replicas on one PostgreSQL): each claims with a lease, so
 * they take disjoint submissions, and each looks at the store at least every `pollMs` for work the
 * others enqueued (or left behind when they died).
 *
 * Logs name the submission's id, kind, attempts and a status or error kind, never its contents.
 */
export interface OutboxWorkerOptions {
  store: OutboxStore;
  deliver: Deliver;
  logger: Logger;
  /** Deliveries in flight at a time. */
  concurrency?: number;
  /** How long a claimed submission stays with this process (longer than a delivery's timeout). */
  leaseMs: number;
  /** Delay after the first failure, doubled after each further one up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** A warning every this many failed attempts of one submission. */
  warnEvery?: number;
  /** The longest rest between looks at the store, for work this process was not told about. */
  pollMs?: number;
  /**
   * The moment before which a dead letter has outlived the company's retention period for submissions
   * (it holds a visitor's words, kept for a person to look at, not for ever), or null while the period
   * cannot be read: then every dead letter stays until the next hourly look.
   */
  deadLetterCutoff?: (now: number) => Promise<number | null>;
  now?: () => number;
  random?: () => number;
}

export interface OutboxWorker {
  /** Looks for due submissions soon (after an enqueue). */
  kick(): void;
  /** Takes no more submissions and waits for the deliveries in flight. */
  stop(): Promise<void>;
}

export const DELIVERED_RETENTION_MS = 30 * 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;

/** The delay before attempt `attempts + 1`: doubling from `base` to `max`, then between half and all of it. */
export function backoffDelay(attempts: number, base: number, max: number, random: () => number = Math.random): number {
  const full = Math.min(max, base * 2 ** Math.min(Math.max(attempts - 1, 0), 30));
  return Math.round(full / 2 + (random() * full) / 2);
}

export function startOutboxWorker({
  store,
  deliver,
  logger,
  concurrency = 4,
  leaseMs,
  backoffMs = 1000,
  maxBackoffMs = 5 * 60_000,
  warnEvery = 10,
  pollMs = 30_000,
  now = Date.now,
  random = Math.random,
  deadLetterCutoff,
}: OutboxWorkerOptions): OutboxWorker {
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let kicked = false;
  /** A delivery failed and none has succeeded since: the upstream is (or was) down. */
  let failing = false;
  /** The store failed and has not answered since: said once, not at every poll. */
  let unavailable = false;
  /** The look at the store under way, and whether another was asked for meanwhile. */
  let pumping: Promise<void> | undefined;
  let pumpAgain = false;

  // One look at a time: two overlapping ones would claim more than `concurrency`.
  function pump(): void {
    if (stopped) return;
    if (pumping) {
      pumpAgain = true;
      return;
    }
    pumping = (async () => {
      do {
        pumpAgain = false;
        await claimAndSchedule();
      } while (pumpAgain && !stopped);
    })().finally(() => (pumping = undefined));
  }

  async function claimAndSchedule(): Promise<void> {
    clearTimeout(timer);
    const free = concurrency - inFlight.size;
    if (free > 0) {
      try {
        const t = now();
        for (const submission of await store.claimDue(t, free, t + leaseMs)) start(submission);
        if (unavailable) {
          unavailable = false;
          logger.info('outbox available again');
        }
      } catch (error) {
        // The database itself failed (closed, disk, unreachable): look again at the next poll.
        if (!unavailable) logger.error({ err: error }, 'outbox unavailable');
        unavailable = true;
      }
    }
    // With every slot taken, the next finished delivery pumps.
    if (stopped || inFlight.size >= concurrency) return;
    let delay = pollMs;
    try {
      const at = await store.nextWakeAt();
      if (at !== null) delay = Math.min(pollMs, Math.max(1, at - now()));
    } catch {
      // Looking again at the next poll is all that can be done.
    }
    if (stopped) return;
    timer = setTimeout(pump, delay);
    timer.unref();
  }

  function start(submission: ClaimedSubmission): void {
    const delivery: Promise<void> = attempt(submission).finally(() => {
      inFlight.delete(delivery);
      pump();
    });
    inFlight.add(delivery);
  }

  async function attempt(submission: ClaimedSubmission): Promise<void> {
    const { id, kind, attempts } = submission;
    let result: DeliveryOutcome;
    try {
      // Read for the delivery only (a claim carries their number): most submissions have none and cost no query.
      const { photoCount: _, ...claimed } = submission;
      result = await deliver(submission.photoCount > 0 ? { ...claimed, photos: await store.photosOf(id) } : claimed);
    } catch (error) {
      // Not an upstream failure but a fault of ours: keep the submission and say so loudly.
      logger.error({ submissionId: id, kind, err: error }, 'submission delivery crashed');
      result = { outcome: 'failed', reason: 'error' };
    }
    try {
      const t = now();
      switch (result.outcome) {
        case 'delivered': {
          await store.markDelivered(id, result.upstreamId, t);
          logger.info({ submissionId: id, kind, attempts }, 'submission delivered');
          if (failing) {
            failing = false;
            const waiting = await store.pullForward(t);
            logger.info({ waiting }, 'upstream forms endpoint is back; delivering the waiting submissions');
          }
          return;
        }
        case 'rejected': {
          await store.deadLetter(id, result.status, result.reason, t);
          logger.error({ submissionId: id, kind, status: result.status, attempts }, 'submission rejected by the upstream; moved to the dead letters');
          return;
        }
        case 'failed': {
          const retryInMs = backoffDelay(attempts, backoffMs, maxBackoffMs, random);
          await store.retryAt(id, t + retryInMs);
          if (!failing) {
            failing = true;
            logger.warn(
              { submissionId: id, kind, reason: result.reason, status: result.status },
              'upstream forms endpoint failing; submissions wait in the outbox',
            );
          }
          if (attempts % warnEvery === 0) {
            logger.warn(
              { submissionId: id, kind, attempts, reason: result.reason, status: result.status, retryInMs },
              'submission still not delivered; will retry',
            );
          }
          return;
        }
      }
    } catch (error) {
      // The outcome could not be written: the lease runs out and the submission is tried again
      // (the idempotency key makes a second delivery the same submission upstream).
      logger.error({ submissionId: id, err: error }, 'outbox write failed');
    }
  }

  let pruning: Promise<void> | undefined;
  async function pruneOnce(): Promise<void> {
    try {
      const pruned = await store.pruneDelivered(now() - DELIVERED_RETENTION_MS);
      if (pruned) logger.info({ pruned }, 'outbox: old delivered submissions forgotten');
      const cutoff = await deadLetterCutoff?.(now());
      const erased = cutoff ? await store.pruneDeadLetters(cutoff) : 0;
      if (erased) logger.info({ erased }, 'outbox: dead letters past the retention period erased');
    } catch (error) {
      logger.error({ err: error }, 'outbox prune failed');
    }
  }
  function prune(): void {
    pruning ??= pruneOnce().finally(() => (pruning = undefined));
  }

  prune();
  const pruneTimer = setInterval(prune, PRUNE_EVERY_MS);
  pruneTimer.unref();
  pump();

  return {
    kick() {
      if (kicked || stopped) return;
      kicked = true;
      // After the answer is on its way: the claim is a write of its own.
      setImmediate(() => {
        kicked = false;
        pump();
      });
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearInterval(pruneTimer);
      // A claim under way still starts what it took: those deliveries are waited for too.
      await Promise.all([pumping, pruning]);
      while (inFlight.size > 0) await Promise.all(inFlight);
    },
  };
}
