import type { KeptPhoto } from '../../../shared/forms/photos';
import type { Migration } from '../postgres/migrate';
import type { Pool } from '../postgres/pool';
import { inTransaction } from '../postgres/transaction';
import { draftKey } from './key';
import type { Draft, DraftBody, DraftPhoto, DraftStore } from './types';

/** The drafts' tables, shared by every replica, so a step (or a photo) posted to one is read by the next on another. */
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
  {
    // Photos chosen on the last step before a Back, erased with their draft (docs/decisions/0051).
    id: 'drafts-2',
    sql: `
      CREATE TABLE form_draft_photos (
        seq bigserial PRIMARY KEY,
        key text NOT NULL REFERENCES form_drafts (key) ON DELETE CASCADE,
        id text NOT NULL,
        name text NOT NULL,
        bytes bytea NOT NULL,
        UNIQUE (key, id)
      );`,
  },
];

/** Drafts in PostgreSQL; the times are the replica's (`now`), as a test's clock can set them. */
export function postgresDraftStore(pool: Pool): DraftStore {
  return {
    async read(id, now): Promise<Draft | null> {
      const { rows } = await pool.query<{ body: DraftBody; expires_at: Date; photos: KeptPhoto[] }>(
        `SELECT d.body, d.expires_at,
           coalesce((SELECT json_agg(json_build_object('id', p.id, 'name', p.name) ORDER BY p.seq) FROM form_draft_photos p WHERE p.key = d.key), '[]') AS photos
         FROM form_drafts d WHERE d.key = $1 AND d.expires_at > $2`,
        [draftKey(id), new Date(now)],
      );
      return rows[0] ? { body: rows[0].body, expiresAt: rows[0].expires_at.getTime(), photos: rows[0].photos } : null;
    },
    async write(id, body, expiresAt, photos) {
      const key = draftKey(id);
      await inTransaction(pool, async (client) => {
        await client.query('INSERT INTO form_drafts (key, body, expires_at) VALUES ($1, $2, $3) ON CONFLICT (key) DO UPDATE SET body = excluded.body', [
          key,
          body,
          new Date(expiresAt),
        ]);
        if (photos?.remove.length) await client.query('DELETE FROM form_draft_photos WHERE key = $1 AND id = ANY($2)', [key, photos.remove]);
        for (const photo of photos?.add ?? []) {
          await client.query('INSERT INTO form_draft_photos (key, id, name, bytes) VALUES ($1, $2, $3, $4) ON CONFLICT (key, id) DO NOTHING', [
            key,
            photo.id,
            photo.name,
            photo.bytes,
          ]);
        }
      });
    },
    async photos(id, now): Promise<DraftPhoto[]> {
      const { rows } = await pool.query<DraftPhoto>(
        `SELECT p.id, p.name, p.bytes FROM form_draft_photos p JOIN form_drafts d ON d.key = p.key
         WHERE p.key = $1 AND d.expires_at > $2 ORDER BY p.seq`,
        [draftKey(id), new Date(now)],
      );
      return rows;
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
