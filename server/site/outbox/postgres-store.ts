import type { Pool } from '../postgres/pool';
import type { ClaimedSubmission, OutboxPhoto, OutboxStore } from './types';

/**
 * The outbox in PostgreSQL (postgres-schema.ts), shared by every replica: any replica's worker takes
 * any submission. Claims lock the due rows with `FOR UPDATE SKIP LOCKED`, so workers claiming at the
 * same moment take disjoint rows without waiting for each other, and a claim is a lease that runs
 * out when its replica dies. Each call is one statement (one transaction), except the acknowledgement.
 * Times cross as `Date` (timestamptz both ways); ids are bigint, read as strings.
 */
export function postgresStore(pool: Pool): OutboxStore {
  return {
    async enqueue({ key, kind, locale, body, photos = [] }, now) {
      const client = await pool.connect();
      try {
        // The visitor is told "received" when this commits: its WAL must be on disk by then, whatever
        // the server's or role's default (a DBA may turn synchronous_commit off to speed up other
        // writes). 'local' and the remote levels flush locally already and are left as they are.
        await client.query(`BEGIN; SELECT set_config('synchronous_commit', 'on', true) WHERE current_setting('synchronous_commit') = 'off'`);
        const at = new Date(now);
        const inserted = await client.query<{ id: string }>(
          `INSERT INTO outbox_submissions (key, kind, locale, body, status, next_attempt_at, created_at)
           VALUES ($1, $2, $3, $4, 'pending', $5, $5) ON CONFLICT (key) DO NOTHING RETURNING id`,
          [key, kind, locale, JSON.stringify(body ?? null), at],
        );
        // A row under this key committed before, or by a concurrent enqueue this insert waited for:
        // this statement's snapshot is newer and sees it.
        const stored = inserted.rows[0] ?? (await client.query<{ id: string }>('SELECT id FROM outbox_submissions WHERE key = $1', [key])).rows[0];
        if (!stored) throw new Error('the submission under this key was pruned while it was enqueued again');
        if (inserted.rows[0]) {
          for (const [position, photo] of photos.entries()) {
            await client.query('INSERT INTO outbox_photos (submission_id, position, name, type, bytes) VALUES ($1, $2, $3, $4, $5)', [
              stored.id,
              position,
              photo.name,
              photo.type,
              photo.bytes,
            ]);
          }
        }
        await client.query('COMMIT');
        return { id: stored.id, duplicate: !inserted.rows[0] };
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },

    async claimDue(now, limit, leaseUntil) {
      const { rows } = await pool.query<ClaimedSubmission>(
        `UPDATE outbox_submissions s SET claimed_until = $2, attempts = s.attempts + 1
         FROM (SELECT id FROM outbox_submissions
               WHERE status = 'pending' AND next_attempt_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1)
               ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED) due
         WHERE s.id = due.id
         RETURNING s.id, s.key, s.kind, s.locale, s.body, s.attempts,
           (SELECT count(*) FROM outbox_photos p WHERE p.submission_id = s.id)::int AS "photoCount"`,
        [new Date(now), new Date(leaseUntil), limit],
      );
      // RETURNING keeps no order: oldest first, as claimed.
      return rows.sort((a, b) => Number(a.id) - Number(b.id));
    },

    async photosOf(id) {
      const { rows } = await pool.query<OutboxPhoto>('SELECT name, type, bytes FROM outbox_photos WHERE submission_id = $1 ORDER BY position', [id]);
      return rows;
    },

    async markDelivered(id, upstreamId, now) {
      // One statement: the body and the photos go together.
      await pool.query(
        `WITH erased AS (DELETE FROM outbox_photos WHERE submission_id = $3)
         UPDATE outbox_submissions SET status = 'delivered', body = NULL, claimed_until = NULL, delivered_at = $1, upstream_id = $2 WHERE id = $3`,
        [new Date(now), upstreamId, id],
      );
    },

    async retryAt(id, at) {
      await pool.query(`UPDATE outbox_submissions SET claimed_until = NULL, next_attempt_at = $1 WHERE id = $2 AND status = 'pending'`, [new Date(at), id]);
    },

    async deadLetter(id, status, reason, now) {
      await pool.query(
        `WITH moved AS (
           INSERT INTO outbox_dead_letters (submission_id, key, kind, locale, body, status, reason, attempts, created_at, failed_at)
           SELECT id, key, kind, locale, body, $1, $2, attempts, created_at, $3 FROM outbox_submissions WHERE id = $4 AND status = 'pending'
           RETURNING submission_id)
         UPDATE outbox_submissions SET status = 'dead', body = NULL, claimed_until = NULL WHERE id IN (SELECT submission_id FROM moved)`,
        [status, reason, new Date(now), id],
      );
    },

    async pullForward(now) {
      const { rowCount } = await pool.query(`UPDATE outbox_submissions SET next_attempt_at = $1 WHERE status = 'pending' AND next_attempt_at > $1`, [
        new Date(now),
      ]);
      return rowCount ?? 0;
    },

    async nextWakeAt() {
      // GREATEST ignores a NULL lease.
      const { rows } = await pool.query<{ at: Date | null }>(
        `SELECT MIN(GREATEST(next_attempt_at, claimed_until)) AS at FROM outbox_submissions WHERE status = 'pending'`,
      );
      return rows[0]?.at?.getTime() ?? null;
    },

    async pruneDelivered(before) {
      const { rowCount } = await pool.query(`DELETE FROM outbox_submissions WHERE status = 'delivered' AND delivered_at < $1`, [new Date(before)]);
      return rowCount ?? 0;
    },

    async pruneDeadLetters(before) {
      // One statement: the foreign key is checked at its end, when both rows are gone (photos by cascade).
      const { rowCount } = await pool.query(
        `WITH gone AS (DELETE FROM outbox_dead_letters WHERE failed_at < $1 RETURNING submission_id)
         DELETE FROM outbox_submissions WHERE id IN (SELECT submission_id FROM gone)`,
        [new Date(before)],
      );
      return rowCount ?? 0;
    },

    async stats() {
      const { rows } = await pool.query<{ pending: number; delivered: number; dead: number; oldest: Date | null }>(
        `SELECT COUNT(*) FILTER (WHERE status = 'pending')::int AS pending, COUNT(*) FILTER (WHERE status = 'delivered')::int AS delivered,
           COUNT(*) FILTER (WHERE status = 'dead')::int AS dead, MIN(created_at) FILTER (WHERE status = 'pending') AS oldest
         FROM outbox_submissions`,
      );
      const { pending, delivered, dead, oldest } = rows[0]!;
      return { pending, delivered, dead, oldestPendingAt: oldest?.getTime() ?? null };
    },
  };
}
