import type { FormKind } from '../../../shared/api/contract';
import type { Locale } from '../../../shared/locales';
import type { OutboxDb } from './sqlite-db';
import type { OutboxPhoto, OutboxStats, OutboxStore } from './types';

interface Row {
  id: number;
  key: string;
  kind: FormKind;
  locale: Locale;
  body: string;
  attempts: number;
  photoCount: number;
}

/**
 * The outbox in SQLite, one statement per job; every write is one transaction (one fsync). The
 * calls are synchronous underneath: their promises are settled when they return.
 */
export function sqliteStore(db: OutboxDb): OutboxStore {
  const insert = db.prepare<[string, string, string, string, number, number]>(
    `INSERT INTO submissions (key, kind, locale, body, status, next_attempt_at, created_at)
     VALUES (?, ?, ?, ?, 'pending', ?, ?) ON CONFLICT (key) DO NOTHING RETURNING id`,
  );
  const insertPhoto = db.prepare<[number, number, string, string, Buffer]>(
    'INSERT INTO submission_photos (submission_id, position, name, type, bytes) VALUES (?, ?, ?, ?, ?)',
  );
  const photos = db.prepare<[number], OutboxPhoto>('SELECT name, type, bytes FROM submission_photos WHERE submission_id = ? ORDER BY position');
  const erasePhotos = db.prepare<[number]>('DELETE FROM submission_photos WHERE submission_id = ?');
  const byKey = db.prepare<[string], { id: number }>('SELECT id FROM submissions WHERE key = ?');
  const due = db.prepare<[number, number, number], Row>(
    `SELECT id, key, kind, locale, body, attempts, (SELECT count(*) FROM submission_photos p WHERE p.submission_id = submissions.id) AS photoCount
     FROM submissions WHERE status = 'pending' AND next_attempt_at <= ? AND (claimed_until IS NULL OR claimed_until <= ?)
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
  const pruneDead = db.prepare<[number], number>('DELETE FROM dead_letters WHERE failed_at < ? RETURNING submission_id').pluck();
  // Its photos go by cascade.
  const eraseDead = db.prepare<[number]>(`DELETE FROM submissions WHERE id = ? AND status = 'dead'`);
  const totals = db.prepare<[], OutboxStats>(
    `SELECT COUNT(*) FILTER (WHERE status = 'pending') AS pending, COUNT(*) FILTER (WHERE status = 'delivered') AS delivered,
       COUNT(*) FILTER (WHERE status = 'dead') AS dead, MIN(created_at) FILTER (WHERE status = 'pending') AS oldestPendingAt
     FROM submissions`,
  );

  return {
    async enqueue(submission, now) {
      const body = JSON.stringify(submission.body ?? null);
      return db
        .transaction(() => {
          const row = insert.get(submission.key, submission.kind, submission.locale, body, now, now) as { id: number } | undefined;
          if (row) {
            submission.photos?.forEach((photo, position) => insertPhoto.run(row.id, position, photo.name, photo.type, photo.bytes));
            return { id: String(row.id), duplicate: false };
          }
          return { id: String(byKey.get(submission.key)!.id), duplicate: true };
        })
        .immediate();
    },

    async claimDue(now, limit, leaseUntil) {
      return db
        .transaction(() =>
          due.all(now, now, limit).map((row) => {
            claim.run(leaseUntil, row.id);
            return {
              id: String(row.id),
              key: row.key,
              kind: row.kind,
              locale: row.locale,
              body: JSON.parse(row.body) as unknown,
              attempts: row.attempts + 1,
              photoCount: row.photoCount,
            };
          }),
        )
        .immediate();
    },

    async photosOf(id) {
      return photos.all(Number(id));
    },

    async markDelivered(id, upstreamId, now) {
      db.transaction(() => {
        delivered.run(now, upstreamId, Number(id));
        erasePhotos.run(Number(id));
      })();
    },

    async retryAt(id, at) {
      retry.run(at, Number(id));
    },

    async deadLetter(id, status, reason, now) {
      db.transaction(() => {
        dead.run(status, reason, now, Number(id));
        markDead.run(Number(id));
      }).immediate();
    },

    async pullForward(now) {
      return forward.run(now, now).changes;
    },

    async nextWakeAt() {
      return nextWake.get()?.at ?? null;
    },

    async pruneDelivered(before) {
      return prune.run(before).changes;
    },

    async pruneDeadLetters(before) {
      return db
        .transaction(() => {
          const ids = pruneDead.all(before);
          for (const id of ids) eraseDead.run(id);
          return ids.length;
        })
        .immediate();
    },

    async stats() {
      return totals.get()!;
    },
  };
}
