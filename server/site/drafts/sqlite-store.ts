import type { KeptPhoto } from '../../../shared/forms/photos';
import type { OutboxDb } from '../outbox/sqlite-db';
import { draftKey } from './key';
import type { Draft, DraftBody, DraftPhoto, DraftStore, PhotoChange } from './types';

/** Drafts in the outbox's SQLite file (its migrations 3 and 4), for a site running alone. */
export function sqliteDraftStore(db: OutboxDb): DraftStore {
  const select = db.prepare<[string, number], { body: string; expires_at: number }>(
    'SELECT body, expires_at FROM form_drafts WHERE key = ? AND expires_at > ?',
  );
  const upsert = db.prepare<[string, string, number]>(
    'INSERT INTO form_drafts (key, body, expires_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET body = excluded.body',
  );
  const listPhotos = db.prepare<[string], KeptPhoto>('SELECT id, name FROM form_draft_photos WHERE key = ? ORDER BY seq');
  const photoBytes = db.prepare<[string, number], DraftPhoto>(
    `SELECT p.id, p.name, p.bytes FROM form_draft_photos p JOIN form_drafts d ON d.key = p.key
     WHERE p.key = ? AND d.expires_at > ? ORDER BY p.seq`,
  );
  const addPhoto = db.prepare<[string, string, string, Buffer]>(
    'INSERT INTO form_draft_photos (key, id, name, bytes) VALUES (?, ?, ?, ?) ON CONFLICT (key, id) DO NOTHING',
  );
  const removePhoto = db.prepare<[string, string]>('DELETE FROM form_draft_photos WHERE key = ? AND id = ?');
  // The photos go with their draft (ON DELETE CASCADE: the outbox's connections turn foreign keys on).
  const remove = db.prepare<[string]>('DELETE FROM form_drafts WHERE key = ?');
  const expired = db.prepare<[number]>('DELETE FROM form_drafts WHERE expires_at <= ?');
  const write = db.transaction((key: string, body: string, expiresAt: number, photos: PhotoChange | undefined) => {
    upsert.run(key, body, expiresAt);
    for (const id of photos?.remove ?? []) removePhoto.run(key, id);
    for (const photo of photos?.add ?? []) addPhoto.run(key, photo.id, photo.name, photo.bytes);
  });
  return {
    async read(id, now): Promise<Draft | null> {
      const key = draftKey(id);
      const row = select.get(key, now);
      return row ? { body: JSON.parse(row.body) as DraftBody, expiresAt: row.expires_at, photos: listPhotos.all(key) } : null;
    },
    async write(id, body, expiresAt, photos) {
      write.immediate(draftKey(id), JSON.stringify(body), expiresAt, photos);
    },
    async photos(id, now) {
      return photoBytes.all(draftKey(id), now);
    },
    async erase(id) {
      remove.run(draftKey(id));
    },
    async purge(now) {
      return expired.run(now).changes;
    },
  };
}
