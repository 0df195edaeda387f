import type { Migration } from '../postgres/migrate';

/**
 * The outbox's tables in PostgreSQL, applied by `migrate` at start; never edit an applied migration,
 * append. The same rows as the SQLite outbox (sqlite-db.ts), with PostgreSQL's types: times are
 * timestamptz, the body is jsonb. Named `outbox_*`: other features keep their tables in the same
 * database.
 *
 * `outbox_submissions` holds every submission from acknowledgement to delivery, one row per key; after
 * delivery the body is erased and the row is kept a while for that dedupe. `claimed_until` is a lease:
 * a row being delivered is no other replica's until then, and a replica that died mid-delivery gives
 * it back when the lease runs out. `outbox_dead_letters` keeps what the upstream refused for good,
 * with its body, for a person to look at.
 */
export const outboxMigrations: readonly Migration[] = [
  {
    id: 'outbox-1',
    sql: `
    CREATE TABLE outbox_submissions (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      key text NOT NULL UNIQUE,
      kind text NOT NULL,
      locale text NOT NULL,
      body jsonb,
      status text NOT NULL CHECK (status IN ('pending', 'delivered', 'dead')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL,
      claimed_until timestamptz,
      created_at timestamptz NOT NULL,
      delivered_at timestamptz,
      upstream_id text
    );
    CREATE INDEX outbox_submissions_due ON outbox_submissions (id) WHERE status = 'pending';
    CREATE INDEX outbox_submissions_delivered ON outbox_submissions (delivered_at) WHERE status = 'delivered';

    CREATE TABLE outbox_dead_letters (
      submission_id bigint PRIMARY KEY REFERENCES outbox_submissions (id),
      key text NOT NULL,
      kind text NOT NULL,
      locale text NOT NULL,
      body jsonb NOT NULL,
      status integer,
      reason text NOT NULL,
      attempts integer NOT NULL,
      created_at timestamptz NOT NULL,
      failed_at timestamptz NOT NULL
    );
    `,
  },
  {
    // Photos sent with a submission, erased with its body on delivery (kept with a dead letter).
    id: 'outbox-2-photos',
    sql: `
    CREATE TABLE outbox_photos (
      submission_id bigint NOT NULL REFERENCES outbox_submissions (id) ON DELETE CASCADE,
      position integer NOT NULL,
      name text NOT NULL,
      type text NOT NULL,
      bytes bytea NOT NULL,
      PRIMARY KEY (submission_id, position)
    );
    `,
  },
];
