import type { ContentRedirect } from '../../../shared/api/staff-content';
import type { Db } from '../db';

/**
 * The redirects table: old addresses of renamed pages, answered by the site with a 301. Chains are
 * collapsed as they are made (A→B then B→C leaves A→C and B→C), so a visitor is sent once, never round.
 */
export function redirectStore(db: Db) {
  const all = db.prepare<[], { id: number; from_path: string; to_path: string; created_at: string }>('SELECT * FROM content_redirects ORDER BY from_path');
  const byFrom = db.prepare<[string], { to_path: string }>('SELECT to_path FROM content_redirects WHERE from_path = ?');
  const upsert = db.prepare<[string, string, string]>(
    'INSERT INTO content_redirects (from_path, to_path, created_at) VALUES (?, ?, ?) ON CONFLICT (from_path) DO UPDATE SET to_path = excluded.to_path, created_at = excluded.created_at',
  );
  const repoint = db.prepare<[string, string]>('UPDATE content_redirects SET to_path = ? WHERE to_path = ?');
  const deleteFrom = db.prepare<[string]>('DELETE FROM content_redirects WHERE from_path = ?');
  const deleteLoops = db.prepare('DELETE FROM content_redirects WHERE from_path = to_path');
  const deleteId = db.prepare<[number]>('DELETE FROM content_redirects WHERE id = ?');

  return {
    list: (): ContentRedirect[] => all.all().map((row) => ({ id: row.id, from: row.from_path, to: row.to_path, createdAt: row.created_at })),
    target: (path: string): string | undefined => byFrom.get(path)?.to_path,
    /**
     * `from` now answers at `to`: what pointed at `from` points at `to`, a redirect away from `to` (the
     * page is live there again) goes, and none is left pointing at itself. The caller checks the rest.
     */
    add(from: string, to: string, at: string): void {
      deleteFrom.run(to);
      repoint.run(to, from);
      upsert.run(from, to, at);
      deleteLoops.run();
    },
    /** A page is live at `path` again: no redirect may take its visitors elsewhere. */
    live: (path: string) => void deleteFrom.run(path),
    remove: (id: number): boolean => deleteId.run(id).changes > 0,
  };
}

export type RedirectStore = ReturnType<typeof redirectStore>;
