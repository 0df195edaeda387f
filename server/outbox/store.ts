import type { FormKind } from '../../shared/api/contract';
import type { Locale } from '../../shared/locales';
import type { OutboxDb } from './db';
import type { OutboxCounts, OutboxStats, Submission } from './types';

/** A submission taken for delivery: `attempts` counts this one. */
export interface ClaimedSubmission extends Submission {
  id: string;
  attempts: number;
}

interface Row {
  id: number;
  key: string;
  kind: FormKind;
  locale: Locale;
  body: string;
  attempts: number;
}

/** The outbox's SQL, one statement per job; every write is one transaction (one fsync). */
export function outboxStore(db: OutboxDb) {
  const insert = db.prepare<[string, string, string, string, number, number]>(
    `INSERT INTO submissions (key, kind, locale, body, status, next_attempt_at, created_at)
     VALUES (?, ?, ?, ?, 'pending', ?, ?) ON CONFLICT (key) DO NOTHING RETURNING id`,
  );
  const byKey = db.prepare<[string], { id: number }>('SELECT id FROM submissions WHERE key = ?');
  const due = db.prepare<[number, number, number], Row>(
    `SELECT id, key, kind, locale, body, attempts FROM submissions
     WHERE status = 'pending' AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?)
     ORDER BY id LIMIT ?`,
  );
  const claim = db.prepare<[number, number]>('UPDATE submissions SET claimed_until = ?, attempts = attempts + 1 WHERE id = ?');
  const delivered = db.prepare<[number, string, number]>(
    `UPDATE submissions SET status = 'delivered', body = NULL, claimed_until = NULL, delivered_at = ?, upstream_id = ? WHERE id = ?`,
  );
  const retry = db.prepare<[number, number]>(`UPDATE submissions SET claimed_until = NULL, next_attempt_at = ? WHERE id = ? AND status = 'pending'`);
  const dead = db.prepare<[number | null, string, number, number]>(
    `INSERT INTO dead_letters (submission_id, key, kind, locale, body, status, reason, attempts, created_at, failed_at)
     SELECT id, key, kind, locale, body, ?, ?, attempts, created_at, ? FROM submissions WHERE id = ? AND status = 'pending'`,
  );
  const markDead = db.prepare<[number]>(`UPDATE submissions SET status = 'dead', body = NULL, claimed_until = NULL WHERE id = ?`);
  const forward = db.prepare<[number, number]>(`UPDATE submissions SET next_attempt_at = ? WHERE status = 'pending' AND next_attempt_at > ?`);
  const nextWake = db.prepare<[], { at: number | null }>(
    `SELECT MIN(MAX(next_attempt_at, COALESCE(claimed_until, 0))) AS at FROM submissions WHERE status = 'pending'`,
  );
  const prune = db.prepare<[number]>(`DELETE FROM submissions WHERE status = 'delivered' AND delivered_at < ?`);
  const counts = db.prepare<[], { status: keyof OutboxCounts; n: number; oldest: number }>(
    'SELECT status, COUNT(*) AS n, MIN(created_at) AS oldest FROM submissions GROUP BY status',
  );

  function stats(): OutboxStats {
    const out: OutboxStats = { pending: 0, delivered: 0, dead: 0, oldestPendingAt: null };
    for (const { status, n, oldest } of counts.all()) {
      out[status] = n;
      if (status === 'pending') out.oldestPendingAt = oldest;
    }
    return out;
  }

  return {
    /** Stores a submission, or finds the one stored under its key. Committed when it returns. */
    enqueue(submission: Submission, now: number): { id: string; duplicate: boolean } {
      const body = JSON.stringify(submission.body ?? null);
      return db.transaction(() => {
        const row = insert.get(submission.key, submission.kind, submission.locale, body, now, now) as { id: number } | undefined;
        if (row) return { id: String(row.id), duplicate: false };
        return { id: String(byKey.get(submission.key)!.id), duplicate: true };
      }).immediate();
    },

    /** Takes up to `limit` due submissions, oldest first, leased until `leaseUntil`. */
    claimDue(now: number, limit: number, leaseUntil: number): ClaimedSubmission[] {
      return db.transaction(() =>
        due.all(now, now, limit).map((row) => {
          claim.run(leaseUntil, row.id);
          return { id: String(row.id), key: row.key, kind: row.kind, locale: row.locale, body: JSON.parse(row.body) as unknown, attempts: row.attempts + 1 };
        }),
      ).immediate();
    },

    markDelivered(id: string, upstreamId: string, now: number): void {
      delivered.run(now, upstreamId, Number(id));
    },

    retryAt(id: string, at: number): void {
      retry.run(at, Number(id));
    },

    /** Moves a permanently rejected submission to the dead letters (with its body, for a person to look at). */
    deadLetter(id: string, status: number | null, reason: string, now: number): void {
      db.transaction(() => {
        dead.run(status, reason, now, Number(id));
        markDead.run(Number(id));
      }).immediate();
    },

    /** Makes every waiting submission due now (the upstream is back). */
    pullForward(now: number): number {
      return forward.run(now, now).changes;
    },

    /** When the next submission falls due (or its lease runs out), if any waits. */
    nextWakeAt(): number | null {
      return nextWake.get()?.at ?? null;
    },

    /** Forgets delivered submissions older than `before` (their keys stop deduplicating). */
    pruneDelivered(before: number): number {
      return prune.run(before).changes;
    },

    stats,

    counts(): OutboxCounts {
      const { oldestPendingAt: _, ...byStatus } = stats();
      return byStatus;
    },
  };
}

export type OutboxStore = ReturnType<typeof outboxStore>;
