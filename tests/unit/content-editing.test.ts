import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contentTexts, exportContent } from '../../server/cms/content-export';
import { openDb, type Db } from '../../server/cms/db';
import { contentEditing, type ContentEditing } from '../../server/cms/editing/service';
import { migrate } from '../../server/cms/migrations';
import { readContentVersion, seedContent } from '../../server/cms/seed';
import { ROOT_DIR } from '../../server/lib/paths';

/**
 * Publishing writes through the seed's and the import's one writer (storeContent): what an editor sees
 * and edits is the database's content as the export writes it, and a publish changes nothing else of it.
 */

const CONTENT_DIR = resolve(ROOT_DIR, 'content');
const SEEDED = new Date('2026-11-02T09:00:00.000Z');
const EDITED = new Date('2026-11-20T09:00:00.000Z');

type Page = { key: string; updatedAt?: string; en: { title: string } };
type Product = { key: string; inquiry?: Record<string, string>; en: { title: string } };

let dir: string;
let db: Db;
let editing: ContentEditing;
let editor: { id: number; name: string };

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'content-editing-unit-'));
  db = openDb(dir);
  migrate(db);
  seedContent(db, CONTENT_DIR, () => SEEDED);
  const id = db
    .prepare("INSERT INTO staff_members (email, name, role, password_hash, created_at) VALUES ('e@sencila.test', 'Edita', 'editor', 'x', ?)")
    .run(SEEDED.toISOString()).lastInsertRowid;
  editor = { id: Number(id), name: 'Edita' };
  editing = contentEditing({ db, staff: { audit: () => {} }, logger: pino({ level: 'silent' }), now: () => EDITED });
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

function publish<T extends { en: { title: string } }>(kind: 'pages' | 'products', key: string, edit: (published: T) => T): T {
  const published = editing.entity(kind, key)!.published as T;
  expect(editing.saveDraft(editor, kind, key, edit(published), null)).toMatchObject({ ok: true });
  expect(editing.publish(editor, kind, key)).toMatchObject({ ok: true });
  return editing.entity(kind, key)!.published as T;
}

describe('publishing through the one writer', () => {
  it('changes the exported content by the edit alone, with a new content version', () => {
    const before = contentTexts(exportContent(db));
    const version = readContentVersion(db);
    publish<Product>('products', 'predokenske-rolete', (p) => ({ ...p, en: { ...p.en, title: 'Shutters A' } }));
    const { products, ...rest } = contentTexts(exportContent(db));
    const { products: productsBefore, ...restBefore } = before;
    expect(readContentVersion(db)).not.toBe(version);
    expect(products.replace('"title": "Shutters A"', '"title": "Surface-mounted roller shutters"')).toBe(productsBefore);
    expect(rest).toEqual(restBefore);
  });

  it('keeps what a product fixes in its inquiry', () => {
    const published = publish<Product>('products', 'predokenske-rolete', (p) => ({ ...p, en: { ...p.en, title: 'Shutters A' } }));
    expect(published.inquiry).toEqual({ system: 'predokenski' });
    expect(exportContent(db).products.find((p) => p.key === 'predokenske-rolete')?.inquiry).toEqual({ system: 'predokenski' });
  });

  it('dates a page the day its edit is published, unless the editor set the date', () => {
    const seeded = editing.entity('pages', 'privacy')!.published as Page;
    expect(seeded.updatedAt).toBe('2026-11-02');
    expect(publish<Page>('pages', 'privacy', (p) => ({ ...p, en: { ...p.en, title: 'Privacy' } })).updatedAt).toBe('2026-11-20');
    expect(publish<Page>('pages', 'terms', (p) => ({ ...p, updatedAt: '2026-11-15', en: { ...p.en, title: 'Terms' } })).updatedAt).toBe('2026-11-15');
    // Another page's date is not the edit's.
    expect((editing.entity('pages', 'cookies')!.published as Page).updatedAt).toBe('2026-11-02');
  });
});
