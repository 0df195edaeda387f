import type { Migration } from '../postgres/migrate';
import type { Pool } from '../postgres/pool';
import { draftKey } from './key';
import type { Draft, DraftBody, DraftStore } from './types';

/** The drafts' table, shared by every replica, so a step posted to one is read by the next on another. */
export const DRAFT_MIGRATIONS: readonly Migration[] = [
  {
    id: 'drafts-1',
    sql: `
      CREATE TABLE form_drafts (
        key text PRIMARY KEY,
        body jsonb NOT NULL,
        expires_at timestamptz NOT NULL
      );
      CREATE INDEX form_drafts_expires_at ON form_drafts (expires_at);`,
  },
];

/** Drafts in PostgreSQL; the times are the replica's (`now`), as a test's clock can set them. */
export function postgresDraftStore(pool: Pool): DraftStore {
  return {
    async read(id, now): Promise<Draft | null> {
      const { rows } = await pool.query<{ body: DraftBody; expires_at: Date }>('SELECT body, expires_at FROM form_drafts WHERE key = $1 AND expires_at > $2', [
        draftKey(id),
        new Date(now),
      ]);
      return rows[0] ? { body: rows[0].body, expiresAt: rows[0].expires_at.getTime() } : null;
    },
    async write(id, body, expiresAt) {
      await pool.query('INSERT INTO form_drafts (key, body, expires_at) VALUES ($1, $2, $3) ON CONFLICT (key) DO UPDATE SET body = excluded.body', [
        draftKey(id),
        body,
        new Date(expiresAt),
      ]);
    },
    async erase(id) {
      await pool.query('DELETE FROM form_drafts WHERE key = $1', [draftKey(id)]);
    },
    async purge(now) {
      const { rowCount } = await pool.query('DELETE FROM form_drafts WHERE expires_at <= $1', [new Date(now)]);
      return rowCount ?? 0;
    },
  };
}
