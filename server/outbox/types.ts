import type { FormKind } from '../../shared/api/contract';
import type { Locale } from '../../shared/locales';

/** A form submission on its way to the upstream forms endpoints (shared/api/contract.ts). */
export interface Submission {
  kind: FormKind;
  /** The idempotency key (see `submissionKey`): the same key is the same submission, everywhere. */
  key: string;
  locale: Locale;
  /** The output of the form's schema (shared/forms), as JSON. */
  body: unknown;
}

export interface Outbox {
  /**
   * Stores a submission durably (SQLite, WAL, synchronous FULL: on disk when this returns) and wakes
   * the worker. Only after it returns may the visitor be told their submission was received. A key
   * stored before is the same submission: nothing new is stored and `duplicate` is true.
   */
  enqueue(submission: Submission): { id: string; duplicate: boolean };
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
