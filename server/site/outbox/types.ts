import type { FormKind } from '../../../shared/api/contract';
import type { Locale } from '../../../shared/locales';

/** A form submission on its way to the upstream forms endpoints (shared/api/contract.ts). */
export interface Submission {
  kind: FormKind;
  /** The idempotency key (see `submissionKey`): the same key is the same submission, everywhere. */
  key: string;
  locale: Locale;
  /** The output of the form's schema (shared/forms), as JSON. */
  body: unknown;
  /** Photos sent with it, re-encoded (server/site/photos/prepare.ts), stored in the same transaction; none when unset. */
  photos?: OutboxPhoto[];
}

/** A photo waiting with its submission: the visitor's file name, its type (image/jpeg) and its bytes. */
export interface OutboxPhoto {
  name: string;
  type: string;
  bytes: Buffer;
}

export interface Outbox {
  /**
   * Stores a submission durably and wakes the worker: it resolves once the submission is committed
   * (SQLite: WAL, synchronous FULL; PostgreSQL: the commit's WAL flushed), and only then may the
   * visitor be told their submission was received. A key stored before is the same submission:
   * nothing new is stored and `duplicate` is true. It rejects when nothing could be stored.
   */
  enqueue(submission: Submission): Promise<{ id: string; duplicate: boolean }>;
}

/** What the outbox holds, for readiness checks, metrics and tests. Times are milliseconds since the epoch. */
export interface OutboxStats {
  pending: number;
  /** Delivered and still remembered (their keys deduplicate for 30 days). */
  delivered: number;
  dead: number;
  /** When the oldest submission still waiting was acknowledged; null when none waits. */
  oldestPendingAt: number | null;
}

/** A submission taken for delivery: `attempts` counts this one. */
export interface ClaimedSubmission extends Submission {
  id: string;
  attempts: number;
  /** How many photos wait with it: read with `photosOf` for the delivery, only when there are some. */
  photoCount: number;
}

/**
 * Where submissions wait, one behaviour on either engine (sqlite-store.ts, postgres-store.ts). Times
 * are milliseconds since the epoch, given by the caller: the worker's clock decides what is due.
 * Each write is one transaction.
 */
export interface OutboxStore {
  /** Stores a submission, or finds the one stored under its key. Committed durably when it resolves. */
  enqueue(submission: Submission, now: number): Promise<{ id: string; duplicate: boolean }>;
  /**
   * Takes up to `limit` due submissions, oldest first, leased until `leaseUntil`: nobody else takes
   * them until then, and a process that died with them gives them back when the lease runs out.
   */
  claimDue(now: number, limit: number, leaseUntil: number): Promise<ClaimedSubmission[]>;
  /** The photos stored with a submission, in the order posted (read for its delivery, not with the claim). */
  photosOf(id: string): Promise<OutboxPhoto[]>;
  /** Erases the body and the photos (the personal data has reached the company) and keeps the key for dedupe. */
  markDelivered(id: string, upstreamId: string, now: number): Promise<void>;
  /** Gives the lease back; the submission is due again at `at`. */
  retryAt(id: string, at: number): Promise<void>;
  /** Moves a permanently rejected submission to the dead letters (with its body, for a person to look at). */
  deadLetter(id: string, status: number | null, reason: string, now: number): Promise<void>;
  /** Makes every waiting submission due now (the upstream is back); how many. */
  pullForward(now: number): Promise<number>;
  /** When the next submission falls due (or its lease runs out), if any waits. */
  nextWakeAt(): Promise<number | null>;
  /** Forgets delivered submissions older than `before` (their keys stop deduplicating); how many. */
  pruneDelivered(before: number): Promise<number>;
  /** Erases the dead letters that failed before `before`, with their photos and keys; how many. */
  pruneDeadLetters(before: number): Promise<number>;
  stats(): Promise<OutboxStats>;
}

/**
 * What one delivery attempt came to. `delivered`: the upstream stored it (or had it under this key).
 * `rejected`: the upstream refused it for good (a 4xx other than 408/429); trying again cannot help.
 * `failed`: anything that may pass (5xx, 408, 429, no answer, a timeout, an answer off the contract).
 */
export type DeliveryOutcome =
  | { outcome: 'delivered'; upstreamId: string }
  | { outcome: 'rejected'; status: number; reason: string }
  | { outcome: 'failed'; reason: string; status?: number };

/** Sends one submission to the upstream forms endpoint. */
export type Deliver = (submission: Submission) => Promise<DeliveryOutcome>;

/** How many submissions wait, were delivered (and are still remembered), or were rejected. */
export type OutboxCounts = Record<'pending' | 'delivered' | 'dead', number>;

export interface OutboxStats extends OutboxCounts {
  /** When the oldest submission still waiting was acknowledged (ms since the epoch); null when none waits. */
  oldestPendingAt: number | null;
}
