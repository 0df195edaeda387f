import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../server/cms/db';
import { migrate, SCHEMA_VERSION } from '../../server/cms/migrations';

/** Schema changes applied to a database as an older build left it. */

let dir: string;
let db: Db;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cms-migrations-'));
  db = openDb(dir);
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('submissions become leads (migration 14)', () => {
  it('maps the old statuses, keeps every row, its photos and their cascade, and turns foreign keys back on', () => {
    migrate(db, 13);
    const insert = db.prepare(
      `INSERT INTO submissions (id, idempotency_key, kind, locale, data, email, status, created_at, last_activity_at)
       VALUES (?, ?, 'inquiry', 'sl', '{"offerType":"tende","nameAndSurname":"Ana Čop"}', 'ana@example.si', ?, '2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z')`,
    );
    insert.run('a', 'key-a', 'received');
    insert.run('b', 'key-b', 'in_progress');
    insert.run('c', 'key-c', 'done');
    db.prepare(
      "INSERT INTO submission_photos (submission_id, position, name, type, bytes, thumbnail) VALUES ('b', 0, 'okno.jpg', 'image/jpeg', x'ff', x'ff')",
    ).run();

    migrate(db);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.prepare('SELECT id, status, offer_type, last_activity_at FROM submissions ORDER BY id').all()).toEqual([
      { id: 'a', status: 'new', offer_type: 'tende', last_activity_at: '2026-01-02T00:00:00.000Z' },
      { id: 'b', status: 'contacted', offer_type: 'tende', last_activity_at: '2026-01-02T00:00:00.000Z' },
      { id: 'c', status: 'closed', offer_type: 'tende', last_activity_at: '2026-01-02T00:00:00.000Z' },
    ]);
    expect(db.prepare('SELECT count(*) AS n FROM submission_photos').get()).toEqual({ n: 1 });
    // The photos still go with their submission, and a status change is still activity.
    db.prepare("UPDATE submissions SET status = 'quote_sent' WHERE id = 'b'").run();
    expect((db.prepare("SELECT last_activity_at FROM submissions WHERE id = 'b'").get() as { last_activity_at: string }).last_activity_at).not.toBe(
      '2026-01-02T00:00:00.000Z',
    );
    db.prepare("DELETE FROM submissions WHERE id = 'b'").run();
    expect(db.prepare('SELECT count(*) AS n FROM submission_photos').get()).toEqual({ n: 0 });
    expect(() => db.prepare("UPDATE submissions SET status = 'received' WHERE id = 'a'").run()).toThrow(/CHECK constraint/);
  });
});
