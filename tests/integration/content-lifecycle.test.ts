import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { parseContent, readContentTexts } from '../../server/cms/content';
import { contentTexts, exportContent } from '../../server/cms/content-export';
import { DB_FILE, openDb } from '../../server/cms/db';
import { storeContent } from '../../server/cms/seed';
import { startCms, type RunningCms } from '../../server/cms/server';
import { ROOT_DIR } from '../../server/lib/paths';

/**
 * The content's life beyond the seed (issue 30, point 6): the seed fills an empty database only, a
 * restart or a new image keeps what editors stored, and `npm run content:export`, `content:import` and
 * `backup` (their command line, run from the sources) move and keep it.
 */

const CONTENT_DIR = resolve(ROOT_DIR, 'content');
const silent = pino({ level: 'silent' });
const run = promisify(execFile);

const tempDirs: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  tempDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** `npm run content:… -- args` against the data folder `dataDir`. */
function contentCommand(dataDir: string, ...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'server/cms/content-cli.ts', ...args], { cwd: ROOT_DIR, env: { ...process.env, DATA_DIR: dataDir } });
}

async function answer(cms: RunningCms, path: string) {
  const res = await fetch(new URL(path, cms.url));
  return { status: res.status, version: res.headers.get('x-content-version'), body: await res.json() };
}

type SeedProduct = { key: string; sl: { slug: string; title: string }; en: { title: string }; de: { title: string } };

/** Every file of a seed folder, by its path in the folder. */
function folderTexts(dir: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const path = join(entry.parentPath, entry.name);
        return [path.slice(dir.length + 1), readFileSync(path, 'utf8')];
      }),
  );
}

// Each command starts a process from the sources (tsx), seconds each on a busy machine.
describe('content beyond the seed', { timeout: 120_000 }, () => {
  it('keeps what editors stored across a restart with a new image whose content/ changed', async () => {
    const dataDir = tempDir('content-data');
    const imageContent = tempDir('content-seed');
    cpSync(CONTENT_DIR, imageContent, { recursive: true });
    const products = JSON.parse(readFileSync(join(imageContent, 'products.json'), 'utf8')) as SeedProduct[];
    const product = products[0]!;

    let cms = await startCms({ dataDir, port: 0, contentDir: imageContent, logger: silent });
    const seeded = await answer(cms, `/products/${product.sl.slug}?lang=sl`);
    expect(seeded.body).toMatchObject({ title: product.sl.title });

    // An editor's publish: the product's title in three languages, written as publishing writes it.
    const db = openDb(dataDir);
    const content = exportContent(db);
    const edited = content.products.find((p) => p.key === product.key)!;
    edited.sl.title = 'Zunanje žaluzije po meri';
    edited.en.title = 'Made-to-measure external blinds';
    edited.de.title = 'Außenjalousien nach Maß';
    const version = db.transaction(() => storeContent(db, parseContent('edit', contentTexts(content)), new Date()))();
    db.close();
    await cms.close();

    // The next image ships a different seed for that product.
    products[0]!.sl.title = 'Naslov iz nove slike';
    writeFileSync(join(imageContent, 'products.json'), JSON.stringify(products));
    cms = await startCms({ dataDir, port: 0, contentDir: imageContent, logger: silent });
    try {
      for (const [lang, title] of [
        ['sl', 'Zunanje žaluzije po meri'],
        ['en', 'Made-to-measure external blinds'],
        ['de', 'Außenjalousien nach Maß'],
      ]) {
        const slug = (edited as unknown as Record<string, { slug: string }>)[lang!]!.slug;
        const after = await answer(cms, `/products/${slug}?lang=${lang}`);
        expect(after).toMatchObject({ status: 200, version, body: { title } });
      }
    } finally {
      await cms.close();
    }
  });

  it('exports the content in the seed format, and an import of the export into an empty database gives equal content', async () => {
    const source = tempDir('content-source');
    const target = tempDir('content-target');
    const exported = join(tempDir('content-export'), 'content');
    const reexported = join(tempDir('content-reexport'), 'content');

    const first = await startCms({ dataDir: source, port: 0, logger: silent });
    await first.close();
    await contentCommand(source, 'export', exported);
    // Every seed file is there, and loads as a seed folder does.
    expect(Object.keys(folderTexts(exported)).sort()).toEqual(
      Object.keys(folderTexts(CONTENT_DIR))
        .filter((f) => f !== 'README.md')
        .sort(),
    );
    expect(() => parseContent(exported, readContentTexts(exported))).not.toThrow();

    await contentCommand(target, 'import', exported);
    await contentCommand(target, 'export', reexported);
    expect(folderTexts(reexported)).toEqual(folderTexts(exported));

    const a = await startCms({ dataDir: source, port: 0, logger: silent });
    const b = await startCms({ dataDir: target, port: 0, logger: silent });
    try {
      const products = JSON.parse(readFileSync(join(exported, 'products.json'), 'utf8')) as SeedProduct[];
      for (const path of [
        '/init?lang=de',
        '/home?lang=sl',
        '/articles?lang=en',
        '/faq?lang=sl',
        '/sitemap',
        `/products/${products[3]!.sl.slug}?lang=sl`,
        '/search?lang=de&q=markise',
      ]) {
        const [x, y] = [await answer(a, path), await answer(b, path)];
        expect(y, path).toEqual(x);
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('imports only into an empty database', async () => {
    const dataDir = tempDir('content-filled');
    const cms = await startCms({ dataDir, port: 0, logger: silent });
    await cms.close();
    await expect(contentCommand(dataDir, 'import', CONTENT_DIR)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('already holds content'),
    });
  });

  it('backs up a consistent copy of the database while it is written to', async () => {
    const dataDir = tempDir('content-live');
    const backup = join(tempDir('content-backup'), 'copy');
    const cms = await startCms({ dataDir, port: 0, logger: silent });
    // Another connection keeps writing (as the content API does under load) until the backup is done.
    const writer = openDb(dataDir);
    writer.exec('CREATE TABLE backup_probe (n INTEGER NOT NULL, filler TEXT NOT NULL)');
    const insert = writer.prepare('INSERT INTO backup_probe (n, filler) VALUES (?, ?)');
    let written = 0;
    let done = false;
    const writing = (async () => {
      while (!done) {
        writer.transaction(() => {
          for (let i = 0; i < 100; i++) insert.run(++written, 'x'.repeat(500));
        })();
        await new Promise((next) => setImmediate(next));
      }
    })();
    try {
      const { stdout } = await contentCommand(dataDir, 'backup', backup);
      expect(stdout).toContain(backup);
    } finally {
      done = true;
      await writing;
      writer.close();
      await cms.close();
    }
    const copy = openDb(backup);
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      // Whole transactions only: every row numbered 1..n is there, n a multiple of the batch.
      const { n, count } = copy.prepare('SELECT max(n) AS n, count(*) AS count FROM backup_probe').get() as { n: number | null; count: number };
      expect(count).toBe(n ?? 0);
      expect(count % 100).toBe(0);
      expect(written).toBeGreaterThanOrEqual(count);
      const live = openDb(dataDir);
      expect(contentTexts(exportContent(copy))).toEqual(contentTexts(exportContent(live)));
      live.close();
    } finally {
      copy.close();
    }
    expect(readdirSync(backup)).toContain(DB_FILE);
  });
});
