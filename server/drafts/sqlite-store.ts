import type { OutboxDb } from '../outbox/sqlite-db';
import { draftKey } from './key';
import type { Draft, DraftBody, DraftStore } from './types';

/** Drafts in the outbox's SQLite file (its migration 3), for a site running alone. */
export function sqliteDraftStore(db: OutboxDb): DraftStore {
  const select = db.prepare<[string, number], { body: string; expires_at: number }>(
    'SELECT body, expires_at FROM form_drafts WHERE key = ? AND expires_at > ?',
  );
  const upsert = db.prepare<[string, string, number]>(
    'INSERT INTO form_drafts (key, body, expires_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET body = excluded.body',
  );
  const remove = db.prepare<[string]>('DELETE FROM form_drafts WHERE key = ?');
  const expired = db.prepare<[number]>('DELETE FROM form_drafts WHERE expires_at <= ?');
  return {
    async read(id, now): Promise<Draft | null> {
      const row = select.get(draftKey(id), now);
      return row ? { body: JSON.parse(row.body) as DraftBody, expiresAt: row.expires_at } : null;
    },
    async write(id, body, expiresAt) {
      upsert.run(draftKey(id), JSON.stringify(body), expiresAt);
    },
    async erase(id) {
      remove.run(draftKey(id));
    },
    async purge(now) {
      return expired.run(now).changes;
    },
  };
}
