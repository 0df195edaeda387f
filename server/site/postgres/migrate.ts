import type { Pool } from './pool';
import { inTransaction } from './transaction';

/** One schema change, applied once per database; never edit or reorder an applied one, append. */
export interface Migration {
  /** Unique across the whole site (`outbox-1`, `rate-limit-1`): the database remembers it by this. */
  id: string;
  sql: string;
}

/** Any 64-bit number the site alone uses: replicas starting together take turns behind it. */
const MIGRATION_LOCK = 0x5348_4144_4553; // "SHADES"

/**
 * Applies the migrations the database lacks, in one transaction (PostgreSQL's DDL is transactional:
 * all or none). Replicas start at the same time in a rolling deploy: a transaction-scoped advisory
 * lock makes the second wait for the first, then find the work done, instead of both creating the
 * same table.
 */
export async function migrate(pool: Pool, migrations: readonly Migration[]): Promise<void> {
  await inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS site_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const applied = new Set((await client.query<{ id: string }>('SELECT id FROM site_migrations')).rows.map((row) => row.id));
    for (const migration of migrations) {
      if (applied.has(migration.id)) continue;
      await client.query(migration.sql);
      await client.query('INSERT INTO site_migrations (id) VALUES ($1)', [migration.id]);
    }
  });
}
