/**
 * `npm run lighthouse`: Lighthouse 12 with its default (mobile) configuration (a Moto G Power on slow
 * 4G with a 4× slower CPU, simulated) on the production build, against the pages a visitor lands on:
 * home, a product family, a product, an article and the inquiry form. Each page is loaded once to warm
 * the site's caches, then measured LH_RUNS times (default 3); the table shows the run with the median
 * performance score, with the document's and the scripts' transfer sizes (the page's UI strings travel in
 * its document: docs/decisions/0036-i18next.md), and each page is held to the targets below. The machine must be quiet: Lighthouse times real work in the browser, so anything
 * else on the CPU shows up as blocking time. Debian's Chromium (or CHROMIUM_PATH). LH_VERBOSE=1 also
 * prints, per run, what Lighthouse blames: render-blocking files, script boot-up, main-thread work,
 * long tasks, the LCP element and its phases, console errors. LH_PAGES (names, comma-separated)
 * measures some of the pages only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PORT = Number(process.env.LH_PORT ?? 3900);
const RUNS = Number(process.env.LH_RUNS ?? 3);
const ORIGIN = `http://localhost:${PORT}`;

type Json = any; // the seed files, read for real paths

const seed = (file: string): Json => JSON.parse(readFileSync(path.join(ROOT, 'content', file), 'utf8'));
const product = seed('products.json')[0];
const category = seed('categories.json').find((c: Json) => c.key === product.category);
const article = seed('articles.json')[0];
const articleCategory = seed('article-categories.json').find((c: Json) => c.key === article.category);

const PAGES: Record<string, string> = {
  home: '/sl',
  category: `/sl/${category.sl.slug}`,
  product: `/sl/izdelek/${product.sl.slug}`,
  article: `/sl/blog/${articleCategory.sl.slug}/${article.sl.slug}`,
  inquiry: '/sl/povprasevanje',
};

async function startSite(): Promise<ChildProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lighthouse-'));
  const child = spawn('node', ['dist/server/main.js'], {
    cwd: ROOT,
    // No background warm-up: it would render every page while Lighthouse times the first one.
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      HTML_CACHE_REFILL_CONCURRENCY: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`${ORIGIN}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('the site did not start');
}

/** What a page must score on the simulated phone (docs/decisions/0012-first-load-javascript.md): its median run. */
const TARGETS = { performance: 98, tbt: 100, lcp: 1500, cls: 0 } as const;

interface Row {
  performance: number;
  accessibility: number;
  'best-practices': number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  documentKiB: number;
  scriptKiB: number;
}

function row(lhr: Json): Row {
  const score = (id: string) => Math.round((lhr.categories[id].score ?? 0) * 100);
  const ms = (id: string) => Math.round(lhr.audits[id].numericValue);
  const kib = (type: string) => {
    const item = (lhr.audits['resource-summary'].details.items as Json[]).find((i) => i.resourceType === type);
    return Math.round(((item?.transferSize ?? 0) / 1024) * 10) / 10;
  };
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    'best-practices': score('best-practices'),
    seo: score('seo'),
    fcp: ms('first-contentful-paint'),
    lcp: ms('largest-contentful-paint'),
    tbt: ms('total-blocking-time'),
    cls: Math.round(lhr.audits['cumulative-layout-shift'].numericValue * 1000) / 1000,
    documentKiB: kib('document'),
    scriptKiB: kib('script'),
  };
}

const site = await startSite();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const table: Record<string, Row> = {};
  // LH_PAGES=article,product measures those alone.
  const only = process.env.LH_PAGES?.split(',');
  for (const [name, pagePath] of Object.entries(PAGES).filter(([name]) => !only || only.includes(name))) {
    await fetch(ORIGIN + pagePath);
    const runs: Row[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(ORIGIN + pagePath, { port: chrome.port, output: 'json', logLevel: 'error' });
      if (!result) throw new Error(`no result for ${pagePath}`);
      const audits = result.lhr.audits as Json;
      if (process.env.LH_VERBOSE) {
        for (const id of [
          'render-blocking-resources',
          'bootup-time',
          'mainthread-work-breakdown',
          'long-tasks',
          'largest-contentful-paint-element',
          'errors-in-console',
        ]) {
          console.log(name, id, JSON.stringify(audits[id]?.details?.items?.slice?.(0, 6) ?? audits[id]?.displayValue));
        }
      }
      runs.push(row(result.lhr));
    }
    if (process.env.LH_VERBOSE) console.log(name, 'blocking time of each run (ms):', runs.map((r) => r.tbt).join(', '));
    runs.sort((a, b) => a.performance - b.performance);
    table[`${name} ${pagePath}`] = runs[Math.floor(runs.length / 2)]!;
  }
  console.table(table);
  console.log(
    `targets: performance ≥ ${TARGETS.performance}, blocking time ≤ ${TARGETS.tbt} ms, largest paint ≤ ${TARGETS.lcp} ms, layout shift ${TARGETS.cls}`,
  );
  for (const [page, r] of Object.entries(table)) {
    const missed = [
      r.performance < TARGETS.performance && `performance ${r.performance}`,
      r.tbt > TARGETS.tbt && `blocking time ${r.tbt} ms`,
      r.lcp > TARGETS.lcp && `largest paint ${r.lcp} ms`,
      r.cls > TARGETS.cls && `layout shift ${r.cls}`,
    ].filter(Boolean);
    console.log(`${page.padEnd(70)} ${missed.length === 0 ? 'met' : `NOT met: ${missed.join(', ')}`}`);
  }
} finally {
  await chrome.kill();
  site.kill('SIGTERM');
}
